-- The push's context read for a whole batch in ONE executor run (issue 16, fifth pass). Until now the batched
-- read (notify.push_contexts) and the one-statement push's check (notify.push_send_and_log_checked) called
-- notify.push_context once per push: a PL/pgSQL call with a SET clause (a GUC save and restore per call) whose
-- statement started and shut down an executor of ~25 plan nodes (four joins, a five-way union, the log-key
-- probe, the users and their opt-outs) for every row. Profiled on a PostgreSQL backend serving the
-- one-statement push (perf, batches of 4): executor start-up 18 % of the backend's CPU, the SET-clause call
-- path 29 % with what it ran. notify.push_context_rows below is the same read as one SQL statement over the
-- arrays of the batch: a plain SQL set-returning function (no SET clause, STABLE), so PostgreSQL inlines it
-- into the statement that calls it, and that statement is planned once per connection inside its PL/pgSQL
-- caller. Each part is a subquery on the row's own ids (index probes whatever the size of the tables, as in
-- the generic plan of notify.push_context).
-- JIT is off in its callers: the generic plan prices the prefix probe of notification_log at 0.5 % of the
-- table per push (5,000 rows at a million) and, times the ~10 (read) or 100 (write) rows it assumes for the
-- batch, crosses jit_above_cost, so every call compiled its expressions: 40 ms per statement at 1,000,000 log
-- rows (measured: 8 ms of CPU per push, 42 pushes/s). The probe finds at most a few keys; nothing here gains
-- from JIT.
-- Its rows are those of notify.push_context (20261126120000) for the same arguments, with one difference:
-- the users are listed in id order (json_agg had no order before), so that the read and the checked write,
-- which both fingerprint this text (notify.push_context_fingerprint, 20261127100000), always agree.

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

-- The reads of a batch (shared/notifications/push_context.ts): one statement, planned once per connection.
create or replace function notify.push_contexts(
  p_message_ids text[], p_job_ids text[], p_invoice_ids text[], p_user_ids text[], p_event_types text[])
returns table (ord int, done text[], job json, invoice json, users json)
language plpgsql stable
set plan_cache_mode = force_generic_plan
set jit = off
as $$
begin
  return query
    select c.ord, c.done, c.job, c.invoice, c.users
    from notify.push_context_rows(p_message_ids, p_job_ids, p_invoice_ids, p_user_ids, p_event_types) c
    order by c.ord;
end $$;
revoke all on function notify.push_contexts from public, anon, authenticated;

-- The one-push read, kept for its other callers: the same rows.
create or replace function notify.push_context(
  p_message_id text, p_job_id text, p_invoice_id text, p_user_ids uuid[], p_event_type text,
  out done text[], out job json, out invoice json, out users json)
language plpgsql stable
set plan_cache_mode = force_generic_plan
set jit = off
as $$
begin
  select c.done, c.job, c.invoice, c.users into done, job, invoice, users
  from notify.push_context_rows(array[p_message_id], array[p_job_id], array[p_invoice_id],
    array[array_to_string(p_user_ids, ',')], array[p_event_type]) c;
end $$;
revoke all on function notify.push_context from public, anon, authenticated;

-- The checked write (20261127100000) with the batch's context read as one statement: the same outcomes
-- (`logged`, `stale`, or what notify.push_send_and_log_many answers for the rows that pass).
create or replace function notify.push_send_and_log_checked(p_rows jsonb)
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
  if cardinality(v_logged) + cardinality(v_stale) > 0 then
    p_rows := (select coalesce(jsonb_agg(r), '[]') from jsonb_array_elements(p_rows) r
               where (r->>'ord')::int <> all(v_logged || v_stale));
  end if;
  return query select m.ord, m.email_id, m.outcome from notify.push_send_and_log_many(p_rows) m;
  return query select s, null::text, 'logged'::text from unnest(v_logged) s;
  return query select s, null::text, 'stale'::text from unnest(v_stale) s;
end $$;
revoke all on function notify.push_send_and_log_checked from public, anon, authenticated;
