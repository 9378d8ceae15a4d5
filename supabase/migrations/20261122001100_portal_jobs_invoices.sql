-- The field-service portal's records the notification handlers read: partner contacts, jobs, invoices.
-- Partner-scoped: each row belongs to one organisation (the partner).

-- Who receives a partner's operational and billing email when an event names no recipient.
create table public.partner_contacts (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  contact_user_id uuid references public.users(id) on delete set null,
  billing_contact_user_id uuid references public.users(id) on delete set null,
  updated_at timestamptz not null default now()
);
alter table public.partner_contacts enable row level security;
create policy partner_contacts_org on public.partner_contacts for select to authenticated
  using (organization_id = app.current_org_id());
create policy partner_contacts_admin_write on public.partner_contacts for all to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin')
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');

create sequence public.jobs_number_seq start 1001;
create table public.jobs (
  id text primary key default ('JOB-' || nextval('public.jobs_number_seq')) check (id ~ '^[A-Za-z0-9._-]{1,64}$'),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  address text not null default '',
  status text not null default 'New'
    check (status in ('New', 'Assigned', 'In Progress', 'On Hold', 'Delayed', 'Completed', 'Cancelled')),
  partner_contact_id uuid references public.users(id) on delete set null,
  technician_id uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  cancelled_at timestamptz
);
create index jobs_org_idx on public.jobs (organization_id, created_at desc);
create index jobs_technician_idx on public.jobs (technician_id) where technician_id is not null;
alter table public.jobs enable row level security;
create policy jobs_org on public.jobs for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());
create policy jobs_technician_read on public.jobs for select to authenticated
  using (technician_id = app.current_user_id());

create sequence public.invoices_number_seq start 5001;
create table public.invoices (
  id text primary key default ('INV-' || nextval('public.invoices_number_seq')) check (id ~ '^[A-Za-z0-9._-]{1,64}$'),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  job_id text references public.jobs(id) on delete set null,
  amount numeric(12, 2) not null check (amount >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  due_date date not null,
  customer_name text not null default '',
  billing_contact_id uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  paid_at timestamptz
);
create index invoices_org_idx on public.invoices (organization_id, created_at desc);
alter table public.invoices enable row level security;
create policy invoices_org on public.invoices for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());
