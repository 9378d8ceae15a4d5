-- A push is deduplicated on the event's own identity too (issue 16, push11). Until now the only dedupe record was
-- the log row's key, the push message id (rule 4): the same event published or replayed under a NEW message id
-- (a publisher retrying a publish that had in fact succeeded, a dead letter replayed as a new message) was
-- emailed a second time. Now a recipient gets at most one email per event and template: one `notification_log`
-- row that records an email (status sent, delivered, bounced or complained) per (event_id, event_type,
-- recipient_user_id), enforced by a unique index, so two deliveries of the same event under two message ids,
-- even at the same time in two transactions, store one email and one row; the other answers `duplicate` with
-- the email id of the row that won. A different event (another event_id) with the same content gets its own
-- email. Rows that record no email (failed, skipped) are not in the index: a replay after a permanent failure
-- is still tried, and a skipped (opted-out) recipient is asked again.
--
-- The guarantees of notify.push_send_and_log_many (20261126120000, 20261129100000) are unchanged: the email only
-- with the log row the same statement inserted, one transaction; rows are inserted in (event, type, recipient,
-- key) order, so two batches sharing events or keys wait on each other's index entries without deadlocking (a
-- key always belongs to one message, so to one event and recipient: the key order within an event is the
-- key order of before).
--
-- Rows written before this migration may already hold such duplicates (the emails went out twice). Rows cannot
-- be changed or deleted (notification_log is append-only), so the index leaves the later ones of each group
-- out by an expression: a duplicate already stored is indexed under its own id (distinct), every other row
-- under null, and null equals null for this index (NULLS NOT DISTINCT). The first row of each group stays
-- indexed, so a replay of one of those events is not emailed again either.
do $$
declare
  v_old uuid[];
begin
  select coalesce(array_agg(id order by id), '{}') into v_old
  from (
    select l.id, row_number() over (partition by l.event_id, l.event_type, l.recipient_user_id
                                    order by l.created_at, l.id) as n
    from public.notification_log l
    where l.status in ('sent', 'delivered', 'bounced', 'complained')
  ) d
  where d.n > 1;
  execute format(
    'create unique index notification_log_event_email_key on public.notification_log
       (event_id, event_type, recipient_user_id, (case when id = any(%L::uuid[]) then id end))
       nulls not distinct
       where status in (''sent'', ''delivered'', ''bounced'', ''complained'')',
    v_old);
end $$;
comment on index public.notification_log_event_email_key is
  'One email per event, template and recipient (push dedupe on the event''s identity; migration 20261204110000).';

create or replace function notify.push_send_and_log_many(p_rows jsonb, p_html text[] default null, p_text text[] default null)
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
    -- No conflict target: a row loses to an existing key (the same message) or to an existing email of the
    -- same event, type and recipient (the same event under another message id).
    insert into public.notification_log
        (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id,
         sent_at)
      select r.key, left(r.event_type, 200), left(r.event_id, 200), r.recipient_user_id, r.recipient_email, 'sent',
        r.email_id, now()
      from r order by left(r.event_id, 200), left(r.event_type, 200), r.recipient_user_id, r.key, r.ord
      on conflict do nothing
      returning provider_email_id
  ), mailed as (
    insert into mail.outbox (id, from_address, to_addresses, subject, html, text_body, headers, reply_to)
      select r.email_id, r.from_address, r.to_addresses, r.subject, coalesce(p_html[r.ord], r.html),
        coalesce(p_text[r.ord], r.text_body), coalesce(r.headers, '{}'::jsonb), r.reply_to
      from r where r.email_id in (select provider_email_id from logged)
      returning id
  )
  select coalesce(array_agg(id), '{}') into v_sent from mailed;
  -- A new statement, a new snapshot: a concurrent delivery's row is visible once its transaction committed.
  -- The duplicate's email id: the row under its key (one probe of the key's index), else the event's email
  -- to that recipient (one probe of the event index; only for a duplicate whose key has no email).
  return query
    select x.ord,
      case when x.email_id = any(v_sent) then x.email_id
        else coalesce(
          (select l.provider_email_id from public.notification_log l where l.idempotency_key = x.key),
          (select l.provider_email_id from public.notification_log l
           where l.event_id = left(x.event_id, 200) and l.event_type = left(x.event_type, 200)
             and l.recipient_user_id = x.recipient_user_id
             and l.status in ('sent', 'delivered', 'bounced', 'complained')
           order by l.created_at, l.id limit 1)) end,
      case when x.email_id = any(v_sent) then 'sent' else 'duplicate' end
    from jsonb_to_recordset(p_rows) as x(ord int, key text, email_id text, event_type text, event_id text,
      recipient_user_id uuid)
    order by x.ord;
end $$;
revoke all on function notify.push_send_and_log_many from public, anon, authenticated;
