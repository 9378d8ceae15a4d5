-- Bounded latency under backlog (issue 16): deliveries carry a priority taken from their message's
-- event type when the message is fanned out, and the push loop claims the most urgent due deliveries
-- first (then oldest first). A job.assigned published behind thousands of queued status changes is pushed
-- as soon as a push slot frees, instead of after the whole backlog. Lower number = more urgent; event types
-- not listed get 5. (Pub/Sub has no priorities: in production the same effect is a separate topic and
-- push subscription per priority class, see docs/notifications.md.)
create table bus.event_priorities (
  event_type text primary key,
  priority smallint not null check (priority between 0 and 9)
);
alter table bus.event_priorities enable row level security;
-- Private schema like the other bus tables: no API role reaches it (no grants, no policies for them); the
-- privileged connection bypasses RLS.
revoke all on bus.event_priorities from public, anon, authenticated;
insert into bus.event_priorities (event_type, priority) values
  ('job.assigned', 0),          -- SPEC: a technician's assignment email within 10 s
  ('auth.password_reset', 0),   -- someone is waiting for it
  ('auth.account_locked', 1),
  ('auth.invite_sent', 1),
  ('job.cancelled', 2);

alter table bus.deliveries add column priority smallint not null default 5;
drop index bus.deliveries_ready_idx;
create index deliveries_due_idx on bus.deliveries (priority, next_attempt_at) where status = 'pending';

create or replace function bus.fan_out() returns trigger language plpgsql as $$
begin
  insert into bus.deliveries (subscription, message_id, priority)
    select s.name, new.id, coalesce((select e.priority from bus.event_priorities e where e.event_type = new.attributes ->> 'event_type'), 5)
    from bus.subscriptions s where s.topic = new.topic;
  if found then perform pg_notify('bus_deliveries', new.topic); end if;
  return new;
end $$;

-- As before (20261122001200), ordered by priority first.
create or replace function bus.claim_deliveries(batch int)
returns table (delivery_id bigint, attempts int, subscription text, push_endpoint text, oidc_audience text,
  ack_deadline_seconds numeric, min_backoff_seconds numeric, max_backoff_seconds numeric,
  max_delivery_attempts int, dead_letter_topic text, message_id text, topic text, data text,
  attributes jsonb, publish_time timestamptz)
language sql as $$
  with due as (
    select d.id from bus.deliveries d
    where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
    order by d.priority, d.next_attempt_at
    limit batch
    for update skip locked
  ), claimed as (
    update bus.deliveries d
       set attempts = d.attempts + 1,
           locked_until = now() + make_interval(secs => (select s.ack_deadline_seconds + 1 from bus.subscriptions s where s.name = d.subscription))
      from due where d.id = due.id
    returning d.*
  )
  select c.id, c.attempts, s.name, s.push_endpoint, s.oidc_audience, s.ack_deadline_seconds, s.min_backoff_seconds,
         s.max_backoff_seconds, s.max_delivery_attempts, s.dead_letter_topic, m.id, m.topic, m.data, m.attributes,
         m.publish_time
  from claimed c join bus.subscriptions s on s.name = c.subscription join bus.messages m on m.id = c.message_id
$$;
