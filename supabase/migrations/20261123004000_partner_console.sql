-- Partner console (issue 15): lead statuses the partner sets, the partner's contact details for homeowner
-- emails, outbound lead webhooks and their delivery log, and the bus topic of lead events.

-- 1. Lead statuses. The upload no longer "qualifies" a lead: a lead is new, gets report_sent when the
-- homeowner's report is emailed, and only the partner moves it on (contacted, qualified, disqualified).
-- Out-of-area is the separate out_of_area flag, not a status.
alter table public.leads drop constraint if exists leads_status_check;
update public.leads set status = case
  when status = 'out_of_area' then 'new'
  when status = 'qualified' and report_transaction_id is not null then 'report_sent'
  when status = 'qualified' then 'new'
  when status = 'converted' then 'qualified'
  else status end
where status in ('out_of_area', 'qualified', 'converted');
alter table public.leads add constraint leads_status_check
  check (status in ('new', 'report_sent', 'contacted', 'qualified', 'disqualified'));
alter table public.leads add column if not exists status_changed_at timestamptz;
alter table public.leads add column if not exists status_changed_by uuid references public.users(id) on delete set null;
create index if not exists leads_org_status_idx on public.leads (organization_id, status, created_at desc);

-- Only the partner's people change a status through the API role; the widget may only mark its own
-- lead's report as sent. Privileged code (workers, migrations) is not an API role and passes.
create or replace function app.guard_lead_status() returns trigger language plpgsql as $$
begin
  if new.status is distinct from old.status and current_user = 'authenticated'
     and app.current_app_role() not in ('partner_admin', 'partner_user')
     and not (old.status = 'new' and new.status = 'report_sent') then
    raise exception 'only the partner''s users change a lead''s status' using errcode = '42501';
  end if;
  return new;
end $$;
create trigger leads_guard_status before update of status on public.leads
  for each row execute function app.guard_lead_status();
grant select, insert, update on public.leads to authenticated;
grant all on public.leads to service_role;

-- 2. The partner's contact details used on emails to homeowners (sender name = organisation name).
create table public.partner_settings (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  reply_to_email text check (reply_to_email is null or reply_to_email ~ '^[^@\s<>",]+@[^@\s<>",]+\.[^@\s<>",]+$'),
  phone text check (phone is null or phone ~ '^[+()\d\s.-]{3,40}$'),
  website_url text check (website_url is null or website_url ~ '^https?://' and length(website_url) <= 500),
  updated_by uuid references public.users(id) on delete set null,
  updated_at timestamptz not null default now()
);
alter table public.partner_settings enable row level security;
create policy partner_settings_read on public.partner_settings for select to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() in ('partner_admin', 'partner_user'));
create policy partner_settings_admin_insert on public.partner_settings for insert to authenticated
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');
create policy partner_settings_admin_update on public.partner_settings for update to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin')
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');
grant select, insert, update on public.partner_settings to authenticated;
grant all on public.partner_settings to service_role;

-- 3. Outbound webhooks (Standard Webhooks signature with the endpoint's whsec_ secret).
create table public.partner_webhooks (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  url text not null check (url ~ '^https?://' and length(url) <= 2000),
  secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/=]{24,}$'),
  enabled boolean not null default true,
  created_by uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index partner_webhooks_org_idx on public.partner_webhooks (organization_id);
alter table public.partner_webhooks enable row level security;
-- Only the partner's admins see or change endpoints (the secret is in the row).
create policy partner_webhooks_admin on public.partner_webhooks for all to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin')
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');
grant select, insert, update, delete on public.partner_webhooks to authenticated;
grant all on public.partner_webhooks to service_role;

create table public.partner_webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  webhook_id uuid references public.partner_webhooks(id) on delete set null,
  url text not null,
  event_type text not null,
  -- The Standard Webhooks webhook-id: the same on every retry of one event, so receivers dedupe.
  message_id text not null,
  lead_id uuid references public.leads(id) on delete set null,
  -- The JSON body sent (the same bytes on every retry).
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'retrying', 'succeeded', 'failed')),
  attempts int not null default 0,
  response_status int,
  last_error text,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (webhook_id, message_id)
);
create index partner_webhook_deliveries_org_idx on public.partner_webhook_deliveries (organization_id, created_at desc);
alter table public.partner_webhook_deliveries enable row level security;
create policy partner_webhook_deliveries_read on public.partner_webhook_deliveries for select to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() in ('partner_admin', 'partner_user'));
grant select on public.partner_webhook_deliveries to authenticated;
grant all on public.partner_webhook_deliveries to service_role;

-- 4. Lead events travel on their own topic (the notification service's push subscription is created by
-- the stack / gcloud like the others).
insert into bus.topics (name) values ('platform.leads') on conflict do nothing;

-- When lead.created was published for the lead (a retried job does not publish it twice).
alter table public.leads add column if not exists announced_at timestamptz;
