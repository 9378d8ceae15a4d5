-- A durable job queue in Postgres: claimed with FOR UPDATE SKIP LOCKED, retried with backoff, kept across
-- restarts. Locally the stack's worker loop runs it (LISTEN queue_jobs + polling); on Supabase a pg_cron
-- job calls the worker function through pg_net. Private schema: only privileged code touches it.
create schema if not exists queue;
revoke all on schema queue from public, anon, authenticated;

create table queue.jobs (
  id uuid primary key default gen_random_uuid(),
  queue text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts int not null default 0,
  max_attempts int not null default 5 check (max_attempts between 1 and 100),
  run_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  dedupe_key text unique,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_ready_idx on queue.jobs (queue, run_at) where status in ('queued', 'running');
alter table queue.jobs enable row level security;

-- Wake the workers when a job is queued.
create or replace function queue.notify_job() returns trigger language plpgsql as $$
begin
  perform pg_notify('queue_jobs', new.queue);
  return new;
end $$;
create trigger jobs_notify after insert on queue.jobs for each row execute function queue.notify_job();

-- Claims up to `batch` ready jobs of the given queues, marking them running for `lease_seconds`.
-- A job whose lease ran out (its worker died) is ready again.
create or replace function queue.claim(queues text[], batch int, lease_seconds int)
returns setof queue.jobs language sql as $$
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
$$;
