-- Invitations to a partner organisation (issue 15): a partner_admin invites an email with a role; the email
-- carries a single-use link whose token is stored only as its SHA-256 hash; accepting it creates the user in the
-- organisation with the invited role. Written by privileged code after the route's partner_admin check; read by
-- the partner's people through RLS.
create table public.partner_invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  email text not null check (position('@' in email) > 1 and length(email) <= 254),
  role text not null check (role in ('partner_admin', 'partner_user')),
  token_hash text not null unique,
  invited_by uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_user_id uuid references public.users(id) on delete set null,
  revoked_at timestamptz,
  check (expires_at > created_at),
  check (accepted_at is null or revoked_at is null)
);
-- One open invitation per organisation and email (a new invitation revokes the previous one).
create unique index partner_invitations_open_idx on public.partner_invitations (organization_id, lower(email))
  where accepted_at is null and revoked_at is null;
alter table public.partner_invitations enable row level security;
create policy partner_invitations_read on public.partner_invitations for select to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() in ('partner_admin', 'partner_user'));
grant select on public.partner_invitations to authenticated;
grant all on public.partner_invitations to service_role;
