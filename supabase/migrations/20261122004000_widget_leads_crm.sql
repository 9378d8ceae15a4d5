-- Lead widget: per-partner widget configuration, leads and opportunities (the embedded CRM), documents
-- attached to properties. Partner-scoped with RLS on the caller's organisation.

create table public.widget_configs (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  logo_url text check (logo_url is null or logo_url ~ '^(https://|http://|/)' and length(logo_url) <= 2000),
  serving_states text[] not null default '{}' check (array_to_string(serving_states, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
  roof_types text[] not null default array['Asphalt shingle', 'Metal', 'Tile', 'Flat', 'Other'],
  -- Sanitised HTML (the service strips scripts, event handlers and javascript: URLs before writing).
  widget_info text not null default '' check (length(widget_info) <= 20000),
  -- Partner colours: {"primary": "#0b6e4f", "accent": "#f5b700"}.
  theme jsonb not null default '{}'::jsonb check (jsonb_typeof(theme) = 'object'),
  updated_by uuid references public.users(id) on delete set null,
  updated_at timestamptz not null default now()
);
alter table public.widget_configs enable row level security;
create policy widget_configs_read on public.widget_configs for select to authenticated
  using (organization_id = app.current_org_id());
create policy widget_configs_admin_insert on public.widget_configs for insert to authenticated
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');
create policy widget_configs_admin_update on public.widget_configs for update to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin')
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  contact_id uuid references public.contacts(id) on delete set null,
  property_id uuid references public.properties(id) on delete set null,
  status text not null default 'new'
    check (status in ('new', 'out_of_area', 'contacted', 'qualified', 'disqualified', 'converted')),
  out_of_area boolean not null default false,
  source text not null default 'widget',
  -- Client-supplied key: a double click or a retried request makes one lead.
  idempotency_key text check (length(idempotency_key) between 8 and 200),
  first_name text not null default '',
  last_name text not null default '',
  email text not null check (position('@' in email) > 1),
  phone text,
  consent boolean not null default false,
  consent_text text,
  consent_at timestamptz,
  address jsonb not null default '{}'::jsonb,
  utility_provider text,
  monthly_kwh jsonb,
  -- Savings summary and the savings report PDF (object store bucket/path) once the pipeline has run.
  savings jsonb,
  report_transaction_id text,
  report_bucket text,
  report_path text,
  crm_provider text not null default 'embedded',
  crm_id text,
  crm_synced_at timestamptz,
  crm_error text,
  created_by uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, idempotency_key)
);
create index leads_org_created_idx on public.leads (organization_id, created_at desc);
create index leads_contact_idx on public.leads (contact_id);
alter table public.leads enable row level security;
create policy leads_org on public.leads for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

create table public.opportunities (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  lead_id uuid not null references public.leads(id) on delete cascade,
  name text not null check (length(name) between 1 and 200),
  stage text not null default 'qualification'
    check (stage in ('qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost')),
  amount numeric(12, 2) check (amount is null or amount >= 0),
  system_size_kw numeric(6, 2),
  idempotency_key text check (length(idempotency_key) between 8 and 200),
  crm_id text,
  crm_synced_at timestamptz,
  crm_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (organization_id, idempotency_key)
);
create index opportunities_lead_idx on public.opportunities (lead_id);
alter table public.opportunities enable row level security;
create policy opportunities_org on public.opportunities for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

create table public.property_documents (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  property_id uuid not null references public.properties(id) on delete cascade,
  kind text not null default 'document' check (kind in ('document', 'utility_bill', 'photo', 'report')),
  filename text not null check (length(filename) between 1 and 255),
  content_type text not null,
  size_bytes int not null check (size_bytes >= 0),
  bucket text not null,
  path text not null,
  created_by uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index property_documents_property_idx on public.property_documents (property_id);
alter table public.property_documents enable row level security;
create policy property_documents_org on public.property_documents for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());
