-- contract-approval-service: each partner's approval rules, and the asynchronous analyses
-- (transactionId = id) with their progress, structured summary and approval decision.
create table public.contract_approval_rules (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  max_price_per_watt numeric(6, 2) not null default 4.00 check (max_price_per_watt > 0),
  min_system_size_kw numeric(7, 2) not null default 1 check (min_system_size_kw >= 0),
  max_system_size_kw numeric(7, 2) not null default 30 check (max_system_size_kw > 0),
  max_escalator_pct numeric(5, 2) not null default 2.99 check (max_escalator_pct >= 0),
  min_cancellation_days int not null default 3 check (min_cancellation_days >= 0),
  -- Clause keys the contract must contain: cancellation, warranty, production_guarantee, interconnection,
  -- insurance, arbitration (see shared/contracts/clauses.ts).
  required_clauses text[] not null default '{cancellation,warranty}',
  require_customer_signature boolean not null default true,
  require_installer_signature boolean not null default true,
  require_address_match boolean not null default true,
  allowed_financing text[] not null default '{cash,loan,lease,ppa}',
  -- analyze-contract-bill: expected yearly production / yearly usage, within these bounds.
  min_usage_offset numeric(4, 2) not null default 0.60,
  max_usage_offset numeric(4, 2) not null default 1.30,
  updated_at timestamptz not null default now()
);
alter table public.contract_approval_rules enable row level security;
create policy contract_rules_read on public.contract_approval_rules for select to authenticated
  using (organization_id = app.current_org_id());
create policy contract_rules_admin on public.contract_approval_rules for all to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin')
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');

create table public.contract_analyses (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  property_id uuid references public.properties(id) on delete set null,
  mode text not null check (mode in ('contract', 'contract_bill')),
  status text not null default 'IN_PROGRESS' check (status in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
  percentage int not null default 0 check (percentage between 0 and 100),
  message text not null default 'initiated',
  files jsonb not null default '[]'::jsonb,
  bill jsonb,
  summary jsonb,
  approval_status text check (approval_status in ('APPROVED', 'NEEDS_REVIEW', 'REJECTED')),
  reasons jsonb,
  bill_check jsonb,
  model text,
  external_id text,
  created_by uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index contract_analyses_org_idx on public.contract_analyses (organization_id, created_at desc);
alter table public.contract_analyses enable row level security;
create policy contract_analyses_org on public.contract_analyses for select to authenticated
  using (organization_id = app.current_org_id());
