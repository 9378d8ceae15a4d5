-- The scheduled inbox check. Locally the stack enqueues it on a timer; on Supabase pg_cron calls this
-- function (the queue-worker function then runs the job). One job per minute window at most.
create or replace function queue.enqueue_inbox_check() returns void language sql as $$
  insert into queue.jobs (queue, payload, max_attempts, dedupe_key)
  values ('email-agent.check-inbox', '{}'::jsonb, 1, 'check-inbox:cron:' || to_char(now() at time zone 'UTC', 'YYYYMMDDHH24MI'))
  on conflict (dedupe_key) do nothing
$$;
revoke all on function queue.enqueue_inbox_check() from public;

-- Where pg_cron is enabled (Supabase: Database > Extensions), schedule it every 5 minutes.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $c$select cron.schedule('email-agent-check-inbox', '*/5 * * * *', 'select queue.enqueue_inbox_check()')$c$;
  end if;
end $$;
