-- The push's write may commit without waiting for the disk when the message's redelivery is assured by this same
-- database (issue 16, seventh pass). notify.push_defer_commit(rows) is called by the statement of the batched
-- write (shared/notifications/send_and_log.ts: `(select notify.push_defer_commit($1))` beside
-- notify.push_send_and_log_many or _checked, same transaction): when every row of the batch names a delivery of
-- the embedded bus (`bus_subscription`, `bus_message_id`: the push body's subscription and message id) that is
-- still pending in bus.deliveries, it sets `synchronous_commit = off` for the rest of the transaction (the
-- setting is read at commit). Otherwise (Pub/Sub, a caller that names no delivery, a delivery of another
-- database, one already acknowledged, any row of the batch without one) nothing changes: the commit is
-- synchronous. It answers the transaction's synchronous_commit as it leaves it.
--
-- Why no acknowledged message can be lost that way (docs/notifications.md, How a push is handled, 6.): the
-- commit record is written to the WAL before the push answers; only the wait for its flush is skipped, so a
-- PostgreSQL crash in the next ~0.6 s (3 × wal_writer_delay) can lose the email and its log row (both, one
-- transaction; never one without the other). The embedded bus marks a delivery acknowledged only after the
-- push's 2xx (shared/bus/pusher.ts, acks.ts), by an UPDATE in this database: its WAL record comes after the
-- push's commit record. Crash recovery replays a prefix of the WAL, so no recovered state holds the
-- acknowledgement without the push's commit: the push's row lost means its delivery is still pending, the lease
-- runs out and the bus redelivers it, and the redelivery (idempotent by the message id: the log key) stores and
-- emails it once. The check reads the delivery in this database, so a bus with its own database (or Pub/Sub,
-- whose acknowledgement is in no WAL of ours) never gets it. A role that may not read bus.deliveries (no
-- privilege: checked first, so that the write never fails for it; or RLS) sees no delivery, so its commits
-- stay synchronous.
create function notify.push_defer_commit(p_rows jsonb)
returns text
language plpgsql volatile
-- The delivery is looked up by its unique key only (the status is read from the row found): a plan that read
-- the deliveries through the partial indexes on pending ones, or all of them, would cost a probe per pending
-- delivery and row (a backlog of thousands), so neither may be chosen, even when the plan is made on a small
-- table and cached for the connection.
set enable_seqscan = off
as $$
begin
  -- Its own statement, reached (and so parsed) only with the privileges the next one needs.
  if jsonb_array_length(p_rows) > 0
    and has_schema_privilege('bus', 'usage') and has_table_privilege('bus.deliveries', 'select') then
    if not exists (
      select 1 from jsonb_to_recordset(p_rows) as x(bus_subscription text, bus_message_id text)
      where (select d.status from bus.deliveries d
             where d.subscription = x.bus_subscription and d.message_id = x.bus_message_id) is distinct from 'pending'
    ) then
      perform set_config('synchronous_commit', 'off', true);
    end if;
  end if;
  return current_setting('synchronous_commit');
end $$;
revoke all on function notify.push_defer_commit from public, anon, authenticated;
