-- The embedded email provider: an outbox in Postgres with the provider's idempotency semantics (a key is
-- remembered for 24 hours: same key + same request returns the first email id, a different request is
-- refused) and the delivery events the dev mailbox fires. Private schema.
create schema if not exists mail;
revoke all on schema mail from public, anon, authenticated;

create table mail.outbox (
  id text primary key,
  from_address text not null,
  to_addresses text[] not null,
  subject text not null,
  html text not null,
  text_body text not null,
  headers jsonb not null default '{}'::jsonb,
  reply_to text,
  last_event text,
  created_at timestamptz not null default clock_timestamp()
);
create index outbox_created_idx on mail.outbox (created_at desc);
create index outbox_to_idx on mail.outbox using gin (to_addresses);

create table mail.attachments (
  email_id text not null references mail.outbox(id) on delete cascade,
  position int not null,
  filename text not null,
  content_type text not null,
  content bytea not null,
  primary key (email_id, position)
);

create table mail.idempotency_keys (
  key text primary key,
  request_hash text not null,
  email_id text not null,
  created_at timestamptz not null default now()
);

alter table mail.outbox enable row level security;
alter table mail.attachments enable row level security;
alter table mail.idempotency_keys enable row level security;
