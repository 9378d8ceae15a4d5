-- The embedded event bus: Postgres topics and push subscriptions with Google Pub/Sub push semantics
-- (ack by 2xx, ack deadline, exponential retry backoff, dead-letter topic after N delivery attempts).
-- Private schema: only the privileged connection (publishers, the push loop, the CLI) touches it.
create schema if not exists bus;
revoke all on schema bus from public, anon, authenticated;

create table bus.topics (
  name text primary key check (name ~ '^[A-Za-z][A-Za-z0-9._~+%-]{2,254}$'),
  created_at timestamptz not null default now()
);
insert into bus.topics (name) values
  ('platform.jobs'), ('platform.invoices'), ('platform.auth'), ('platform.notifications.dlq');

create table bus.subscriptions (
  name text primary key check (name ~ '^[A-Za-z][A-Za-z0-9._~+%-]{2,254}$'),
  topic text not null references bus.topics(name) on delete cascade,
  push_endpoint text not null check (push_endpoint ~ '^https?://'),
  -- The audience of the OIDC token sent with each push (Pub/Sub defaults it to the push endpoint).
  oidc_audience text,
  ack_deadline_seconds numeric not null default 60 check (ack_deadline_seconds > 0),
  min_backoff_seconds numeric not null default 10 check (min_backoff_seconds >= 0),
  max_backoff_seconds numeric not null default 600 check (max_backoff_seconds >= min_backoff_seconds),
  max_delivery_attempts int not null default 7 check (max_delivery_attempts between 1 and 100),
  dead_letter_topic text references bus.topics(name),
  created_at timestamptz not null default now()
);
create index subscriptions_topic_idx on bus.subscriptions (topic);

create table bus.messages (
  id text primary key,
  topic text not null references bus.topics(name),
  data text not null,                    -- base64, as on the wire
  attributes jsonb not null default '{}'::jsonb,
  publish_time timestamptz not null default clock_timestamp(),
  replayed_at timestamptz                -- dead-letter messages: when the CLI re-published them
);
create index messages_topic_idx on bus.messages (topic, publish_time desc);

create table bus.deliveries (
  id bigserial primary key,
  subscription text not null references bus.subscriptions(name) on delete cascade,
  message_id text not null references bus.messages(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'acked', 'dead_lettered')),
  attempts int not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_status int,
  last_error text,
  acked_at timestamptz,
  unique (subscription, message_id)
);
create index deliveries_ready_idx on bus.deliveries (next_attempt_at) where status = 'pending';

alter table bus.topics enable row level security;
alter table bus.subscriptions enable row level security;
alter table bus.messages enable row level security;
alter table bus.deliveries enable row level security;

-- Publishing fans a message out to every subscription of its topic and wakes the push loops.
create or replace function bus.fan_out() returns trigger language plpgsql as $$
begin
  insert into bus.deliveries (subscription, message_id)
    select s.name, new.id from bus.subscriptions s where s.topic = new.topic;
  if found then perform pg_notify('bus_deliveries', new.topic); end if;
  return new;
end $$;
create trigger messages_fan_out after insert on bus.messages for each row execute function bus.fan_out();

-- Claims up to `batch` deliveries that are due, leasing each for its subscription's ack deadline. A
-- delivery whose lease ran out (its pusher died mid-push) is due again.
create or replace function bus.claim_deliveries(batch int)
returns table (delivery_id bigint, attempts int, subscription text, push_endpoint text, oidc_audience text,
  ack_deadline_seconds numeric, min_backoff_seconds numeric, max_backoff_seconds numeric,
  max_delivery_attempts int, dead_letter_topic text, message_id text, topic text, data text,
  attributes jsonb, publish_time timestamptz)
language sql as $$
  with due as (
    select d.id from bus.deliveries d
    where d.status = 'pending' and d.next_attempt_at <= now() and (d.locked_until is null or d.locked_until < now())
    order by d.next_attempt_at
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
