-- Utility-bill extraction: per-organisation subscriptions and every extraction (sync, widget upload, async job).

-- An organisation may use bill extraction while its subscription is active and within its dates.
create table public.bill_subscriptions (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  status text not null default 'active' check (status in ('active', 'suspended', 'cancelled')),
  starts_on date not null default current_date,
  ends_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_on is null or ends_on >= starts_on)
);
alter table public.bill_subscriptions enable row level security;
create policy bill_subscriptions_own on public.bill_subscriptions for select to authenticated
  using (organization_id = app.current_org_id());

create or replace function public.bill_subscription_active(org uuid, on_day date default current_date)
returns boolean language sql stable as $$
  select exists (
    select 1 from public.bill_subscriptions s
    where s.organization_id = org and s.status = 'active' and s.starts_on <= on_day
      and (s.ends_on is null or s.ends_on >= on_day))
$$;
grant execute on function public.bill_subscription_active(uuid, date) to authenticated, service_role;

-- One row per extraction request: its input objects, progress, result envelope, attempts, model and timings.
create table public.bill_extractions (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  transaction_id uuid not null,
  transaction_group_id uuid not null,
  external_id text,
  requested_by uuid references public.users(id) on delete set null,
  mode text not null check (mode in ('sync', 'upload', 'async')),
  object_paths text[] not null default '{}',
  filenames text[] not null default '{}',
  status text not null default 'IN_PROGRESS' check (status in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
  percentage int not null default 0 check (percentage in (0, 10, 20, 50, 100)),
  message text not null default 'initiated',
  result jsonb,
  error_code text,
  error_message text,
  model text,
  attempts jsonb not null default '[]'::jsonb,
  timings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (organization_id, transaction_id),
  check ((status = 'IN_PROGRESS') = (percentage < 100)),
  check (status <> 'COMPLETED' or result is not null)
);
create index bill_extractions_group_idx on public.bill_extractions (organization_id, transaction_group_id);
alter table public.bill_extractions enable row level security;
create policy bill_extractions_own on public.bill_extractions for select to authenticated
  using (organization_id = app.current_org_id());
grant select on public.bill_subscriptions, public.bill_extractions to authenticated;
