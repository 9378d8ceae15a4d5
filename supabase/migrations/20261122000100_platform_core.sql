-- Platform core: partner organisations, users, and the helpers RLS policies use.
create schema if not exists app;
grant usage on schema app to anon, authenticated, service_role;

-- The caller's organisation and user, from the verified JWT claims the functions set per transaction
-- (Supabase Auth puts custom claims under app_metadata; the platform's own tokens at the top level).
create or replace function app.current_org_id() returns uuid language sql stable as $$
  select nullif(coalesce(auth.jwt() ->> 'org_id', auth.jwt() -> 'app_metadata' ->> 'org_id'), '')::uuid
$$;
create or replace function app.current_user_id() returns uuid language sql stable as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$$;
create or replace function app.current_app_role() returns text language sql stable as $$
  select coalesce(auth.jwt() ->> 'app_role', auth.jwt() -> 'app_metadata' ->> 'app_role', '')
$$;
grant execute on all functions in schema app to anon, authenticated, service_role;

create table public.organizations (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 200),
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  created_at timestamptz not null default now()
);
alter table public.organizations enable row level security;
create policy organizations_own on public.organizations for select to authenticated
  using (id = app.current_org_id());

create table public.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (position('@' in email) > 1),
  full_name text not null default '',
  organization_id uuid references public.organizations(id) on delete cascade,
  role text not null default 'partner_user'
    check (role in ('partner_admin', 'partner_user', 'widget', 'technician', 'service', 'platform_admin')),
  created_at timestamptz not null default now()
);
create unique index users_email_key on public.users (lower(email));
create index users_organization_idx on public.users (organization_id);
alter table public.users enable row level security;
-- A user sees the people of their own organisation; nobody writes users through the API role.
create policy users_same_org on public.users for select to authenticated
  using (organization_id = app.current_org_id() or id = app.current_user_id());
