-- Notification service tables (SPEC: notification_log, user_notification_preference, notification_template).
-- The service writes with the privileged connection; the API roles get only what the rules below grant.

create table public.notification_log (
  id uuid primary key default gen_random_uuid(),
  -- The push message id (one recipient, or a message-level failure); with several recipients per message
  -- "<messageId>:<recipient uuid>", one row per recipient attempt.
  -- Byte-order collation: the unique index then also serves prefix searches (every row of one message).
  idempotency_key text collate "C" not null,
  event_type text not null,
  event_id text not null,
  recipient_user_id uuid not null,
  recipient_email text not null,
  channel text not null default 'email' check (channel = 'email'),
  status text not null check (status in ('sent', 'delivered', 'bounced', 'complained', 'failed', 'skipped')),
  provider_email_id text,
  sent_at timestamptz,
  delivered_at timestamptz,
  opened_at timestamptz,
  error_message text,
  created_at timestamptz not null default now(),
  constraint notification_log_idempotency_key_key unique (idempotency_key)
);
create index notification_log_provider_email_id_idx on public.notification_log (provider_email_id)
  where provider_email_id is not null;
create index notification_log_recipient_idx on public.notification_log (recipient_user_id, created_at desc);

alter table public.notification_log enable row level security;
-- A signed-in user may read the log of their own notifications; nobody writes it through the API.
create policy notification_log_own_rows on public.notification_log for select to authenticated
  using (recipient_user_id = app.current_user_id());
create policy notification_log_service_read on public.notification_log for select to service_role using (true);
create policy notification_log_service_insert on public.notification_log for insert to service_role with check (true);
create policy notification_log_service_webhook on public.notification_log for update to service_role
  using (true) with check (true);
revoke all on public.notification_log from anon, authenticated, service_role;
grant select on public.notification_log to authenticated;
grant select, insert on public.notification_log to service_role;
grant update (status, delivered_at, opened_at, error_message) on public.notification_log to service_role;

-- Append-only for everyone (the privileged connection too): no delete, and an update may change only the
-- columns delivery webhooks own.
create or replace function public.notification_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'notification_log is append-only' using errcode = '42501';
  end if;
  if (new.id, new.idempotency_key, new.event_type, new.event_id, new.recipient_user_id, new.recipient_email,
      new.channel, new.provider_email_id, new.sent_at, new.created_at)
     is distinct from
     (old.id, old.idempotency_key, old.event_type, old.event_id, old.recipient_user_id, old.recipient_email,
      old.channel, old.provider_email_id, old.sent_at, old.created_at) then
    raise exception 'notification_log: only status, delivered_at, opened_at and error_message may change'
      using errcode = '42501';
  end if;
  return new;
end $$;
create trigger notification_log_append_only before update or delete on public.notification_log
  for each row execute function public.notification_log_append_only();

create table public.user_notification_preference (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  event_type text not null,
  email_enabled boolean not null default true,
  used_nonce text,
  updated_at timestamptz not null default now(),
  constraint user_notification_preference_user_event_key unique (user_id, event_type)
);
alter table public.user_notification_preference enable row level security;
create policy user_notification_preference_own on public.user_notification_preference for select to authenticated
  using (user_id = app.current_user_id());
create policy user_notification_preference_own_update on public.user_notification_preference for update to authenticated
  using (user_id = app.current_user_id()) with check (user_id = app.current_user_id());
create policy user_notification_preference_own_insert on public.user_notification_preference for insert to authenticated
  with check (user_id = app.current_user_id());
create policy user_notification_preference_service on public.user_notification_preference for all to service_role
  using (true) with check (true);
revoke all on public.user_notification_preference from anon;
revoke delete on public.user_notification_preference from authenticated;

-- Reserved: not read or written in this version (templates come from files under templates/email/).
create table public.notification_template (
  id uuid primary key default gen_random_uuid(),
  event_type text not null unique,
  subject text not null,
  html_body text not null,
  text_body text not null,
  active boolean not null default false,
  updated_at timestamptz not null default now()
);
alter table public.notification_template enable row level security;
create policy notification_template_service on public.notification_template for all to service_role
  using (true) with check (true);
revoke all on public.notification_template from anon, authenticated;
