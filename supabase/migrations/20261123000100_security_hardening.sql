-- Issue 12: lockout decided in the database, refresh-token reuse grace, rate-limit counters, seen webhook
-- ids and consumed unsubscribe nonces. Private schema `security`: only the functions' privileged
-- connection (and service_role) reaches it; nothing is exposed to anon or authenticated.
create schema if not exists security;
revoke all on schema security from public, anon, authenticated;
grant usage on schema security to service_role;

-- Sign-in admission: one call, one row lock. An attempt is admitted only while fewer than p_max
-- attempts of the window are unresolved or failed; the attempt that finds the limit reached locks the
-- account. Concurrent attempts therefore cannot all pass the check before any failure is recorded.
-- Returns admitted, the lock's end (when refused), and whether this call set the lock.
create or replace function identity.begin_sign_in(p_user uuid, p_max int, p_window int, p_lock int)
returns table (admitted boolean, locked_until timestamptz, locked_now boolean)
language plpgsql as $$
declare
  c identity.credentials%rowtype;
begin
  select * into c from identity.credentials where user_id = p_user for update;
  if not found then
    return query select false, null::timestamptz, false;
    return;
  end if;
  if c.locked_until is not null and c.locked_until > now() then
    return query select false, c.locked_until, false;
    return;
  end if;
  if c.locked_until is not null or c.first_failed_at is null
     or c.first_failed_at < now() - make_interval(secs => p_window) then
    c.failed_attempts := 0;
    c.first_failed_at := now();
  end if;
  if c.failed_attempts >= p_max then
    update identity.credentials set locked_until = now() + make_interval(secs => p_lock),
      failed_attempts = 0, first_failed_at = null, updated_at = now()
      where user_id = p_user;
    return query select false, now() + make_interval(secs => p_lock), true;
    return;
  end if;
  update identity.credentials set failed_attempts = c.failed_attempts + 1, first_failed_at = c.first_failed_at,
    locked_until = null, updated_at = now()
    where user_id = p_user;
  return query select true, null::timestamptz, false;
end $$;

-- A failed password of an admitted attempt (already counted): lock when the limit is reached.
create or replace function identity.sign_in_failed(p_user uuid, p_max int, p_lock int)
returns timestamptz
language sql as $$
  update identity.credentials set locked_until = now() + make_interval(secs => p_lock),
    failed_attempts = 0, first_failed_at = null, updated_at = now()
  where user_id = p_user and failed_attempts >= p_max and (locked_until is null or locked_until <= now())
  returning locked_until
$$;

-- A right password of an admitted attempt: resets the counter unless the account got locked meanwhile
-- (then the attempt is refused too). Returns the lock's end when locked, null when the sign-in may proceed.
create or replace function identity.sign_in_succeeded(p_user uuid)
returns timestamptz
language plpgsql as $$
declare
  until timestamptz;
begin
  update identity.credentials set failed_attempts = 0, first_failed_at = null, locked_until = null, updated_at = now()
    where user_id = p_user and (locked_until is null or locked_until <= now());
  if found then
    return null;
  end if;
  select c.locked_until into until from identity.credentials c where c.user_id = p_user;
  return coalesce(until, now());
end $$;
revoke all on function identity.begin_sign_in(uuid, int, int, int) from public;
revoke all on function identity.sign_in_failed(uuid, int, int) from public;
revoke all on function identity.sign_in_succeeded(uuid) from public;

-- Refresh rotation grace: who rotated a token and when, so the same client presenting it again within
-- REFRESH_REUSE_GRACE_SECONDS (concurrent refreshes of one tab) is not mistaken for a stolen token.
alter table identity.refresh_tokens add column if not exists rotated_at timestamptz;
alter table identity.refresh_tokens add column if not exists rotated_client text;
-- The gateway's session check: is any token of the session family still usable?
create index if not exists refresh_tokens_active_family_idx on identity.refresh_tokens (family_id) where revoked_at is null;

-- Rate limits: one row per key (scope:subject), a fixed window counted in one upsert. UNLOGGED: counters
-- need no crash safety and skip the WAL.
create unlogged table security.rate_limits (
  key text primary key,
  window_start timestamptz not null,
  hits int not null
);
create index rate_limits_window_idx on security.rate_limits (window_start);

-- Delivery webhook ids already applied (Standard Webhooks `webhook-id`); kept WEBHOOK_ID_TTL_HOURS.
create table security.seen_webhooks (
  webhook_id text primary key,
  seen_at timestamptz not null default now()
);
create index seen_webhooks_seen_at_idx on security.seen_webhooks (seen_at);

-- Unsubscribe nonces consumed: every issued link works once, not only the last one used.
create table security.used_unsubscribe_nonces (
  nonce text primary key,
  user_id uuid not null,
  event_type text not null,
  used_at timestamptz not null default now()
);

alter table security.rate_limits enable row level security;
alter table security.seen_webhooks enable row level security;
alter table security.used_unsubscribe_nonces enable row level security;
create policy rate_limits_service on security.rate_limits for all to service_role using (true) with check (true);
create policy seen_webhooks_service on security.seen_webhooks for all to service_role using (true) with check (true);
create policy used_unsubscribe_nonces_service on security.used_unsubscribe_nonces for all to service_role
  using (true) with check (true);
revoke all on security.rate_limits, security.seen_webhooks, security.used_unsubscribe_nonces from public, anon, authenticated;
grant select, insert, update, delete on security.rate_limits, security.seen_webhooks, security.used_unsubscribe_nonces
  to service_role;
