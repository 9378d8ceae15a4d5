-- The push's batched writes take each email's HTML and text as plain text parameters (issue 16, sixth pass).
-- Until now every email went inside the batch's JSON parameter: the service escaped a ~3 KB HTML body (its
-- quotes and newlines) into JSON on every push, sent the escaped text, and PostgreSQL parsed it back into a
-- jsonb value and out again for each use (jsonb_to_recordset, twice in the checked write). The service now
-- sends the HTML and the text of the batch's emails as their own parameters, one per email, gathered by the
-- statement into two arrays (`array[$2, $3, ...]`): their bytes go to PostgreSQL as they are, with no escaping
-- and no parsing. Row `ord` of the JSON takes element `ord` of each array; a row that carries `html` and
-- `text_body` in the JSON (the arrays absent or shorter) is stored as before, so callers of the one-argument
-- form are unchanged. What is stored and answered is the same: one email and its `sent` log row per row that
-- wins its key, in one transaction (notify.push_send_and_log_many, 20261126120000; the checked write,
-- 20261128100000). The checked write also skips its two `return query` statements for `logged` and `stale`
-- rows when it has none (two executor runs per call saved in the usual case).
drop function notify.push_send_and_log_checked(jsonb);
drop function notify.push_send_and_log_many(jsonb);

create function notify.push_send_and_log_many(p_rows jsonb, p_html text[] default null, p_text text[] default null)
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
      select r.email_id, r.from_address, r.to_addresses, r.subject, coalesce(p_html[r.ord], r.html),
        coalesce(p_text[r.ord], r.text_body), coalesce(r.headers, '{}'::jsonb), r.reply_to
      from r where r.email_id in (select provider_email_id from logged)
      returning id
  )
  select coalesce(array_agg(id), '{}') into v_sent from mailed;
  -- A new statement, a new snapshot: a concurrent delivery's row is visible once its transaction committed.
  -- The duplicate's email id is a scalar subquery, one probe of the unique index per row.
  return query
    select x.ord,
      case when x.email_id = any(v_sent) then x.email_id
        else (select l.provider_email_id from public.notification_log l where l.idempotency_key = x.key) end,
      case when x.email_id = any(v_sent) then 'sent' else 'duplicate' end
    from jsonb_to_recordset(p_rows) as x(ord int, key text, email_id text)
    order by x.ord;
end $$;
revoke all on function notify.push_send_and_log_many from public, anon, authenticated;

create function notify.push_send_and_log_checked(p_rows jsonb, p_html text[] default null, p_text text[] default null)
returns table (ord int, email_id text, outcome text)
language plpgsql volatile
set plan_cache_mode = force_generic_plan
set jit = off
as $$
#variable_conflict use_column
declare
  v_logged int[];
  v_stale int[];
begin
  -- Rule 4 first, as in the two-statement way: a message whose id is a log key already is `logged` (the
  -- push answers duplicate); any other key of the message, or a changed context, makes the row `stale`.
  with x as (
    select * from jsonb_to_recordset(p_rows) as x(ord int, message_id text, job_id text, invoice_id text,
      user_ids text, event_type text, fingerprint text)
  ), c as materialized ( -- each row's log keys looked up once (inlined, every use of `done` probed again)
    select x.ord, x.message_id, x.fingerprint, k.done, k.job, k.invoice, k.users
    from (select array_agg(message_id order by ord) m, array_agg(job_id order by ord) j,
            array_agg(invoice_id order by ord) i, array_agg(coalesce(user_ids, '') order by ord) u,
            array_agg(event_type order by ord) e, array_agg(ord order by ord) o from x) a
    cross join lateral notify.push_context_rows(a.m, a.j, a.i, a.u, a.e) k
    join x on x.ord = a.o[k.ord]
  )
  select coalesce(array_agg(c.ord) filter (where c.message_id = any(c.done)), '{}'),
         coalesce(array_agg(c.ord) filter (where not c.message_id = any(c.done)), '{}')
    into v_logged, v_stale
  from c
  where cardinality(c.done) > 0
     or notify.push_context_fingerprint(c.job, c.invoice, c.users) is distinct from c.fingerprint;
  if cardinality(v_logged) + cardinality(v_stale) = 0 then
    return query select m.ord, m.email_id, m.outcome from notify.push_send_and_log_many(p_rows, p_html, p_text) m;
    return;
  end if;
  p_rows := (select coalesce(jsonb_agg(r), '[]') from jsonb_array_elements(p_rows) r
             where (r->>'ord')::int <> all(v_logged || v_stale));
  return query select m.ord, m.email_id, m.outcome from notify.push_send_and_log_many(p_rows, p_html, p_text) m;
  return query select s, null::text, 'logged'::text from unnest(v_logged) s;
  return query select s, null::text, 'stale'::text from unnest(v_stale) s;
end $$;
revoke all on function notify.push_send_and_log_checked from public, anon, authenticated;
