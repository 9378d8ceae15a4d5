-- One round trip for a push whose context is already known (issue 16). The push's read
-- (notify.push_context: the message's log keys, the event's job or invoice, the users it could go to with
-- their opt-outs) decides and renders the email; the write stores it. The service keeps the last contexts it
-- read (shared/notifications/push_known.ts), each with the fingerprint below, and renders a push whose
-- context it knows at once; its write, notify.push_send_and_log_checked, then reads the context again inside
-- the same statement and stores the email and its `sent` row only if the message has no log key yet and the
-- fingerprint still matches (the same job or invoice, the same users, names, addresses and opt-outs, as
-- text). Otherwise that row is `stale`: nothing of it is stored and the push goes the two-statement way
-- (read, render, write). So the email stored is the one the two-statement path would have rendered from the
-- rows as they are at the write, with the same guarantees per row as notify.push_send_and_log_many
-- (20261126120000), which stores the rows that pass: one transaction, one synchronous commit, the log row's
-- unique key the dedupe record.

-- What the email depends on in a push's context: the record and the users with their opt-outs, as text.
create or replace function notify.push_context_fingerprint(p_job json, p_invoice json, p_users json)
returns text language sql immutable parallel safe as $$
  select md5(coalesce(p_job::text, '') || '|' || coalesce(p_invoice::text, '') || '|' || coalesce(p_users::text, ''))
$$;
revoke all on function notify.push_context_fingerprint from public, anon, authenticated;

-- p_rows: the rows of notify.push_send_and_log_many, each also with the read's arguments (message_id, job_id,
-- invoice_id, user_ids joined by commas) and the fingerprint the email was rendered from. One row per
-- input: `sent` (with its new email id), `duplicate` (a concurrent delivery stored the key first: its
-- email id), `logged` (not stored: the message id is a log key already, rule 4) or `stale` (not stored: the
-- message has another log key, or the context changed).
create or replace function notify.push_send_and_log_checked(p_rows jsonb)
returns table (ord int, email_id text, outcome text)
language plpgsql volatile as $$
#variable_conflict use_column
declare
  v_logged int[];
  v_stale int[];
begin
  -- Rule 4 first, as in the two-statement way: a message whose id is a log key already is `logged` (the
  -- push answers duplicate); any other key of the message, or a changed context, makes the row `stale`.
  select coalesce(array_agg(x.ord) filter (where x.message_id = any(c.done)), '{}'),
         coalesce(array_agg(x.ord) filter (where not x.message_id = any(c.done)), '{}')
    into v_logged, v_stale
  from jsonb_to_recordset(p_rows) as x(ord int, message_id text, job_id text, invoice_id text, user_ids text,
    event_type text, fingerprint text)
  cross join lateral notify.push_context(x.message_id, x.job_id, x.invoice_id,
    coalesce(string_to_array(nullif(x.user_ids, ''), ','), '{}')::uuid[], x.event_type) c
  where cardinality(c.done) > 0
     or notify.push_context_fingerprint(c.job, c.invoice, c.users) is distinct from x.fingerprint;
  if cardinality(v_logged) + cardinality(v_stale) > 0 then
    p_rows := (select coalesce(jsonb_agg(r), '[]') from jsonb_array_elements(p_rows) r
               where (r->>'ord')::int <> all(v_logged || v_stale));
  end if;
  return query select m.ord, m.email_id, m.outcome from notify.push_send_and_log_many(p_rows) m;
  return query select s, null::text, 'logged'::text from unnest(v_logged) s;
  return query select s, null::text, 'stale'::text from unnest(v_stale) s;
end $$;
revoke all on function notify.push_send_and_log_checked from public, anon, authenticated;
