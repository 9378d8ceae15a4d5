-- A job whose lease ran out while it was running (its process died on it, e.g. a document that crashed the
-- service before the document engine existed) used to be claimed again forever: attempts grew past
-- max_attempts because only a handler's own failure ended a job. Now such a job is retried while it has
-- attempts left and is marked failed when it had none, so a job that kills its worker cannot crash-loop
-- the platform on every restart.
create or replace function queue.claim(queues text[], batch int, lease_seconds int)
returns setof queue.jobs language plpgsql as $$
begin
  update queue.jobs j set status = 'failed', finished_at = now(), locked_until = null,
         last_error = coalesce(j.last_error || '; ', '') || 'its worker stopped during the last attempt (crash or timeout)'
  where j.queue = any(queues) and j.status = 'running' and j.locked_until < now() and j.attempts >= j.max_attempts;
  return query
  update queue.jobs j set status = 'running', attempts = j.attempts + 1,
         locked_until = now() + make_interval(secs => lease_seconds)
  where j.id in (
    select id from queue.jobs
    where queue = any(queues) and run_at <= now()
      and (status = 'queued' or (status = 'running' and locked_until < now()))
    order by run_at
    limit batch
    for update skip locked)
  returning j.*;
end $$;
