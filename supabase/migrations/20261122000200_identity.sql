-- Embedded identity provider: password credentials, refresh tokens, signing keys.
-- Private schema: never exposed through the API roles; only the functions' privileged connection reads it.
create schema if not exists identity;
revoke all on schema identity from public, anon, authenticated;

create table identity.credentials (
  user_id uuid primary key references public.users(id) on delete cascade,
  password_hash text not null,
  failed_attempts int not null default 0,
  first_failed_at timestamptz,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Refresh tokens are stored as SHA-256 hashes only. kind 'session' rotates on every use (reuse of a
-- rotated token revokes its whole family); kind 'widget' is a partner's long-lived embed token that
-- does not rotate, because thousands of homeowners' browsers reuse the same value.
create table identity.refresh_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.users(id) on delete cascade,
  token_hash text not null unique,
  kind text not null check (kind in ('session', 'widget')),
  family_id uuid not null,
  label text,
  expires_at timestamptz,
  revoked_at timestamptz,
  replaced_by uuid references identity.refresh_tokens(id),
  last_used_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on identity.refresh_tokens (family_id);
create index refresh_tokens_user_idx on identity.refresh_tokens (user_id);

create table identity.signing_keys (
  kid text primary key,
  alg text not null,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  active boolean not null default true,
  created_at timestamptz not null default now()
);

alter table identity.credentials enable row level security;
alter table identity.refresh_tokens enable row level security;
alter table identity.signing_keys enable row level security;
