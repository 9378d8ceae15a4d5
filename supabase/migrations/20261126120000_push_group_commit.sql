-- Group commit of concurrent pushes (issue 16). The push path batches the pushes in flight at the same time
-- (shared/db/batcher.ts): their reads become ONE call of notify.push_contexts and their writes ONE call of
-- notify.push_send_and_log_many, one statement, one transaction, one commit for the whole batch, so the
-- per-statement work (protocol round trip, executor start, snapshot, commit and its WAL flush) is shared by
-- the batch instead of paid by every push. A lone push is a batch of one (no waiting when idle).

-- The one-push read (20261125010100) again, its users and their opt-outs looked up by index.
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
    -- Index probes only, whatever the size of the tables: users by `= any(array(...))` and each user's
    -- opt-out by a scalar subquery (as `in (select ...)` and a left join, the generic plan read every user
    -- and every preference of the event type).
    (select coalesce(json_agg(json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name,
              'opted_out', coalesce((select not pr.email_enabled from public.user_notification_preference pr
                                     where pr.user_id = u.id and pr.event_type = p_event_type), false))), '[]')
       from public.users u
       where u.id = any(array(select id from wanted)))
  into done, job, invoice, users;
end $$;
revoke all on function notify.push_context from public, anon, authenticated;

-- The reads of a batch: row `ord` (1-based) is notify.push_context of the ord-th element of every array.
-- p_user_ids holds each push's explicit user ids joined by commas ('' when none): PostgreSQL arrays are not
-- ragged. Each row runs the one-push read whose generic plan is cached per connection (20261125010100).
create or replace function notify.push_contexts(
  p_message_ids text[], p_job_ids text[], p_invoice_ids text[], p_user_ids text[], p_event_types text[])
returns table (ord int, done text[], job json, invoice json, users json)
language plpgsql stable
set plan_cache_mode = force_generic_plan
as $$
begin
  return query
    select i, c.done, c.job, c.invoice, c.users
    from generate_subscripts(p_message_ids, 1) i
    cross join lateral notify.push_context(p_message_ids[i], p_job_ids[i], p_invoice_ids[i],
      coalesce(string_to_array(nullif(p_user_ids[i], ''), ','), '{}')::uuid[], p_event_types[i]) c
    order by i;
end $$;
revoke all on function notify.push_contexts from public, anon, authenticated;

-- The writes of a batch: every element of p_rows (a JSON array of objects, `ord` numbering them) is one
-- email with its `sent` log row, with the guarantees of notify.push_send_and_log (20261125010000) per row:
-- the log row's unique key is the dedupe record and an email is inserted only with the log row that this
-- statement inserted, so either both are stored or neither (the whole batch is one transaction: a failure
-- stores nothing of it and every push of the batch answers 500 and is redelivered). Two rows of the batch
-- with the same key: the first (by `ord`) is `sent`, the other `duplicate` with its email id. Keys are
-- inserted in key order, so two batches that share keys cannot deadlock on the unique index.
create or replace function notify.push_send_and_log_many(p_rows jsonb)
returns table (ord int, email_id text, outcome text)
language plpgsql volatile as $$
#variable_conflict use_column
declare
  v_sent text[];
begin
  with r as (
    select * from jsonb_to_recordset(p_rows) as x(ord int, key text, email_id text, from_address text,
      to_addresses text[], subject text, html text, text_body text, headers jsonb, reply_to text,
      event_type text, event_id text, recipient_user_id uuid, recipient_email text)
  ), logged as (
    insert into public.notification_log
        (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id,
         sent_at)
      select r.key, left(r.event_type, 200), left(r.event_id, 200), r.recipient_user_id, r.recipient_email, 'sent',
        r.email_id, now()
      from r order by r.key, r.ord
      on conflict (idempotency_key) do nothing
      returning provider_email_id
  ), mailed as (
    insert into mail.outbox (id, from_address, to_addresses, subject, html, text_body, headers, reply_to)
      select r.email_id, r.from_address, r.to_addresses, r.subject, r.html, r.text_body,
        coalesce(r.headers, '{}'::jsonb), r.reply_to
      from r where r.email_id in (select provider_email_id from logged)
      returning id
  )
  select coalesce(array_agg(id), '{}') into v_sent from mailed;
  -- A new statement, a new snapshot: a concurrent delivery's row is visible once its transaction committed.
  -- The duplicate's email id is a scalar subquery, one probe of the unique index per row: as a join, the
  -- generic plan of this statement read the whole log (a sequential scan growing with the table).
  return query
    select x.ord,
      case when x.email_id = any(v_sent) then x.email_id
        else (select l.provider_email_id from public.notification_log l where l.idempotency_key = x.key) end,
      case when x.email_id = any(v_sent) then 'sent' else 'duplicate' end
    from jsonb_to_recordset(p_rows) as x(ord int, key text, email_id text)
    order by x.ord;
end $$;
revoke all on function notify.push_send_and_log_many from public, anon, authenticated;
