-- The job queue on Supabase: pg_net calls the queue-worker function when a job is enqueued (a statement trigger
-- on queue.jobs), and a pg_cron sweep every 5 seconds calls it while jobs are ready (retries whose backoff ran
-- out, delayed jobs, leases of a worker that died). The worker's URL and the service token come from Supabase
-- Vault (secrets `queue_worker_url` and `queue_worker_token`, set by `npm run deploy:supabase`), never from
-- this file. Guarded: where pg_net, pg_cron or Vault are absent (the local stack, plain PostgreSQL) the same
-- migration applies, the trigger does nothing and no sweep is scheduled; the stack's in-process worker runs
-- the queue there.

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
  end if;
end $$;

-- A Vault secret by name, or null (no Vault here, or the secret is not set).
create or replace function queue.vault_secret(secret_name text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v text;
begin
  if to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  execute 'select decrypted_secret from vault.decrypted_secrets where name = $1 limit 1' into v using secret_name;
  return v;
end $$;

-- Asks the queue-worker function to run ready jobs (fire and forget: pg_net sends the request after commit).
-- Returns the pg_net request id, or null when pg_net or the Vault secrets are missing.
create or replace function queue.kick_worker() returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  url text;
  token text;
  request_id bigint;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    return null;
  end if;
  url := queue.vault_secret('queue_worker_url');
  token := queue.vault_secret('queue_worker_token');
  if url is null or token is null then
    return null;
  end if;
  execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
    into request_id
    using url, '{}'::jsonb,
      jsonb_build_object('Authorization', 'Bearer ' || token, 'Content-Type', 'application/json'), 25000;
  return request_id;
end $$;

-- One call per INSERT statement that queued something ready now (a delayed job waits for the sweep).
create or replace function queue.kick_on_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from inserted where status = 'queued' and run_at <= now()) then
    perform queue.kick_worker();
  end if;
  return null;
end $$;

drop trigger if exists jobs_kick_worker on queue.jobs;
create trigger jobs_kick_worker after insert on queue.jobs
  referencing new table as inserted
  for each statement execute function queue.kick_on_insert();

-- The sweep: calls the worker when a job is ready (queued and due, or running with an expired lease).
create or replace function queue.sweep() returns bigint
language plpgsql security definer set search_path = '' as $$
begin
  if exists (
    select 1 from queue.jobs
    where run_at <= now() and (status = 'queued' or (status = 'running' and locked_until < now()))
  ) then
    return queue.kick_worker();
  end if;
  return null;
end $$;

-- Schedules the sweep every 5 seconds with pg_cron (idempotent: cron.schedule replaces a job of the same
-- name). Returns the cron job id, or null without pg_cron. Run again after enabling pg_cron later.
create or replace function queue.schedule_sweep() returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  job_id bigint;
begin
  if to_regprocedure('cron.schedule(text, text, text)') is null then
    return null;
  end if;
  execute 'select cron.schedule($1, $2, $3)' into job_id using 'queue-worker-sweep', '5 seconds', 'select queue.sweep()';
  return job_id;
end $$;

select queue.schedule_sweep();

revoke all on function queue.vault_secret(text), queue.kick_worker(), queue.sweep(), queue.schedule_sweep()
  from public, anon, authenticated;
