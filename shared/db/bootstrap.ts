// What Supabase's Postgres already has and a plain Postgres lacks: the API roles, the auth helper
// functions reading the request's JWT claims. Applied only where absent, so the
// same migrations run unchanged on Supabase and on the embedded/local database.
//
// Its one extension (pgcrypto, as Supabase has it) is a statement of its own, bootstrapExtensionsSql: a first start
// creates it beside its migrations rather than before them (shared/db/extensions_ahead.ts, issue #16).
export const bootstrapExtensionsSql = `create extension if not exists pgcrypto;`;

/** The bootstrap but its extensions (bootstrapSql is both). */
export const bootstrapCoreSql = `
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end $$;
create schema if not exists auth;
create schema if not exists extensions;
grant usage on schema auth to anon, authenticated, service_role;
do $$ begin
  if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'auth' and p.proname = 'jwt') then
    execute $f$create function auth.jwt() returns jsonb language sql stable as
      'select coalesce(nullif(current_setting(''request.jwt.claims'', true), ''''), ''{}'')::jsonb'$f$;
  end if;
  if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'auth' and p.proname = 'uid') then
    execute $f$create function auth.uid() returns uuid language sql stable as
      'select nullif(coalesce(current_setting(''request.jwt.claim.sub'', true), (auth.jwt() ->> ''sub'')), '''')::uuid'$f$;
  end if;
  if not exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'auth' and p.proname = 'role') then
    execute $f$create function auth.role() returns text language sql stable as
      'select coalesce(auth.jwt() ->> ''role'', ''anon'')'$f$;
  end if;
end $$;
grant usage on schema public to anon, authenticated, service_role;
`;

export const bootstrapSql = `${bootstrapCoreSql}${bootstrapExtensionsSql}\n`;
// No default privileges: new Supabase projects no longer grant new tables to anon/authenticated/service_role,
// so neither does this bootstrap. Every table is granted explicitly in its migration (pgTAP checks it).
