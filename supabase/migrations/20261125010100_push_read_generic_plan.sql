-- The push's one read (shared/notifications/push_context.ts) as a function whose plan is cached once per
-- connection (issue 16). Sent as a prepared statement, the read was planned again on every push: PostgreSQL
-- keeps custom plans for a prepared statement whose generic plan it estimates as dearer, and the prefix range
-- on notification_log (`key >= '<id>:' and key < '<id>;'`, unknown bounds = a guessed share of the table)
-- always looked dearer: planning this four-join, five-way union read cost about 0.45 ms of PostgreSQL CPU
-- per push, executing it under 0.1 ms (measured: docs/notifications.md, "Push"). Inside this function its
-- statement is planned generically once per connection (plan_cache_mode = force_generic_plan, for this
-- function's statements only); every lookup in that plan is an index probe on a key (job and invoice ids,
-- user ids, the log's unique idempotency key), whatever the parameters.
create or replace function notify.push_context(
  p_message_id text, p_job_id text, p_invoice_id text, p_user_ids uuid[], p_event_type text,
  out done text[], out job json, out invoice json, out users json)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  with j as (
    select jj.*, o.name as partner_name, coalesce(t.full_name, '') as technician_name,
           coalesce(jj.partner_contact_id, pc.contact_user_id) as partner_contact
    from public.jobs jj join public.organizations o on o.id = jj.organization_id
    left join public.users t on t.id = jj.technician_id
    left join public.partner_contacts pc on pc.organization_id = jj.organization_id
    where jj.id = p_job_id
  ), i as (
    select ii.*, o.name as partner_name, coalesce(ii.billing_contact_id, pc.billing_contact_user_id) as billing_contact,
           pc.contact_user_id as partner_contact
    from public.invoices ii join public.organizations o on o.id = ii.organization_id
    left join public.partner_contacts pc on pc.organization_id = ii.organization_id
    where ii.id = p_invoice_id
  ), wanted as (
    select unnest(p_user_ids) as id
    union select technician_id from j union select partner_contact from j
    union select billing_contact from i union select partner_contact from i
  )
  select
    -- The key column has the "C" collation: '<id>:' <= key < '<id>;' is exactly the keys with that prefix.
    array(select l.idempotency_key::text from public.notification_log l
          where l.idempotency_key = p_message_id
             or (l.idempotency_key >= p_message_id || ':' and l.idempotency_key < p_message_id || ';')),
    (select to_json(j) from j),
    (select to_json(i) from i),
    (select coalesce(json_agg(json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name,
              'opted_out', coalesce(not pr.email_enabled, false))), '[]')
       from public.users u
       left join public.user_notification_preference pr on pr.user_id = u.id and pr.event_type = p_event_type
       where u.id in (select id from wanted))
  into done, job, invoice, users;
end $$;
revoke all on function notify.push_context from public, anon, authenticated;
