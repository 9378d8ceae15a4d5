-- Each user a push could go to now carries their organization (docs/security.md, pass 15), so that the handlers of
-- job and invoice events send nothing to a user who is not a member of the record's organization (a technician
-- who left the partner after the event was published, or a reference written before migration 20261205150000).
-- The rest of notify.push_context_rows (20261128100000) is unchanged. The organization is part of the context's
-- fingerprint (the users' JSON text), so a push rendered from a remembered context before the user moved is
-- `stale` in the checked write and decided again from a fresh read (push_fast.ts).

create or replace function notify.push_context_rows(
  p_message_ids text[], p_job_ids text[], p_invoice_ids text[], p_user_ids text[], p_event_types text[])
returns table (ord int, done text[], job json, invoice json, users json)
language sql stable
as $$
  select a.ord::int,
    -- The key column has the "C" collation: '<id>:' <= key < '<id>;' is exactly the keys with that prefix.
    array(select l.idempotency_key::text from public.notification_log l
          where l.idempotency_key = a.message_id
             or (l.idempotency_key >= a.message_id || ':' and l.idempotency_key < a.message_id || ';')),
    r.job, s.invoice,
    (select coalesce(json_agg(json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name,
              'organization_id', u.organization_id,
              'opted_out', coalesce((select not pr.email_enabled from public.user_notification_preference pr
                                     where pr.user_id = u.id and pr.event_type = a.event_type), false))
              order by u.id), '[]')
       from public.users u
       where u.id = any(array(
         select unnest(coalesce(string_to_array(nullif(a.user_ids, ''), ','), '{}')::uuid[])
         union select r.technician_id union select r.job_contact
         union select s.billing_contact union select s.invoice_contact)))
  from unnest(p_message_ids, p_job_ids, p_invoice_ids, p_user_ids, p_event_types) with ordinality
    as a(message_id, job_id, invoice_id, user_ids, event_type, ord)
  -- The job and the invoice of the push (each a subquery on its own id, run once per push: OFFSET 0 keeps
  -- it from being pulled up into a join that the generic plan could turn into a scan), with the ids their
  -- default recipients come from.
  left join lateral (
    select to_json(j) as job, j.technician_id, j.partner_contact as job_contact
    from (select jj.*, o.name as partner_name, coalesce(t.full_name, '') as technician_name,
                 coalesce(jj.partner_contact_id, pc.contact_user_id) as partner_contact
          from public.jobs jj join public.organizations o on o.id = jj.organization_id
          left join public.users t on t.id = jj.technician_id
          left join public.partner_contacts pc on pc.organization_id = jj.organization_id
          where jj.id = a.job_id) j
    offset 0) r on true
  left join lateral (
    select to_json(i) as invoice, i.billing_contact, i.partner_contact as invoice_contact
    from (select ii.*, o.name as partner_name,
                 coalesce(ii.billing_contact_id, pc.billing_contact_user_id) as billing_contact,
                 pc.contact_user_id as partner_contact
          from public.invoices ii join public.organizations o on o.id = ii.organization_id
          left join public.partner_contacts pc on pc.organization_id = ii.organization_id
          where ii.id = a.invoice_id) i
    offset 0) s on true
$$;
revoke all on function notify.push_context_rows from public, anon, authenticated;
