-- Savings insight: reference data (state rates, solar costs, state programmes) and generated reports.
-- Reference rows are editable one by one; each carries its source and year. Seeded by 20261122003100.

create table public.state_electricity_rates (
  state text primary key check (state ~ '^[A-Z]{2}$'),
  rate_usd_per_kwh numeric(8,5) not null check (rate_usd_per_kwh > 0),
  year int,
  source text not null,
  escalator_pct numeric(5,2) not null default 3.0 check (escalator_pct between -5 and 20),
  escalator_source text not null,
  updated_at timestamptz not null default now()
);

create table public.state_solar_costs (
  state text primary key check (state ~ '^[A-Z]{2}$'),
  usd_per_watt numeric(6,3) not null check (usd_per_watt > 0),
  year int,
  source text not null,
  -- true when the state has no figure of its own and the national median is used
  national_fallback boolean not null default false,
  updated_at timestamptz not null default now()
);

create table public.state_solar_programs (
  state text primary key check (state ~ '^[A-Z]{2}$'),
  -- generic: no state-specific facts; the report uses national averages and generic descriptions
  is_generic boolean not null default false,
  net_metering text not null check (net_metering in ('retail', 'net_billing', 'none', 'generic')),
  export_credit_ratio numeric(4,3) not null default 1 check (export_credit_ratio between 0 and 1),
  nonbypassable_usd_per_kwh numeric(6,4) not null default 0 check (nonbypassable_usd_per_kwh >= 0),
  solar_charge_usd_per_kw_month numeric(6,3) not null default 0 check (solar_charge_usd_per_kw_month >= 0),
  property_tax_exemption text,
  incentives text,
  efficiency_programs text,
  battery_incentives text,
  year int,
  source text not null,
  updated_at timestamptz not null default now()
);

alter table public.state_electricity_rates enable row level security;
alter table public.state_solar_costs enable row level security;
alter table public.state_solar_programs enable row level security;
-- Public reference data: anyone may read; only privileged code (service role / migrations) writes.
create policy state_electricity_rates_read on public.state_electricity_rates for select to anon, authenticated using (true);
create policy state_solar_costs_read on public.state_solar_costs for select to anon, authenticated using (true);
create policy state_solar_programs_read on public.state_solar_programs for select to anon, authenticated using (true);
grant select on public.state_electricity_rates, public.state_solar_costs, public.state_solar_programs to anon, authenticated;

create table public.savings_reports (
  id uuid primary key,
  organization_id uuid not null references public.organizations(id),
  created_by uuid,
  customer_name text not null,
  email text not null,
  state text not null,
  address jsonb not null,
  input jsonb not null,
  figures jsonb not null,
  report jsonb not null,
  writer text not null,
  delivery_status text not null default 'none' check (delivery_status in ('none', 'queued', 'sent', 'failed')),
  pdf_path text,
  email_id text,
  delivery_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index savings_reports_org on public.savings_reports (organization_id, created_at desc);
alter table public.savings_reports enable row level security;
create policy savings_reports_org_read on public.savings_reports for select to authenticated
  using (organization_id = app.current_org_id());
create policy savings_reports_org_insert on public.savings_reports for insert to authenticated
  with check (organization_id = app.current_org_id());
grant select, insert on public.savings_reports to authenticated;
