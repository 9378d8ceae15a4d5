-- Homeowner contacts and their properties (SPEC: contact, property with property_uuid). Partner-scoped.
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  first_name text not null default '',
  last_name text not null default '',
  email text,
  phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contacts_org_idx on public.contacts (organization_id);
create index contacts_email_idx on public.contacts (organization_id, lower(email));
alter table public.contacts enable row level security;
create policy contacts_org on public.contacts for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

create table public.properties (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  contact_id uuid references public.contacts(id) on delete set null,
  line1 text not null default '',
  line2 text,
  city text not null default '',
  state text not null default '' check (state = '' or state ~ '^[A-Z]{2}$'),
  zip text not null default '',
  country text not null default 'US',
  latitude double precision check (latitude between -90 and 90),
  longitude double precision check (longitude between -180 and 180),
  roof_type text,
  utility_provider text,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index properties_org_idx on public.properties (organization_id);
create index properties_contact_idx on public.properties (contact_id);
alter table public.properties enable row level security;
create policy properties_org on public.properties for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());
