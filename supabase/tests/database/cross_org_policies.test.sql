-- RLS between partners, as a rule over every policy (security pass 13): a partner's token reaches rows of its own
-- organization or its own user only. RLS passes a row when ANY permissive policy passes it, so one permissive policy
-- that does not name the caller's organization or user opens the table to every signed-in user of every partner, and
-- a table's other, careful policies do not help. The per-area files test their tables' policies with rows; this file
-- checks the rule on every policy in the catalog, so a table or policy added later is held to it too.
begin;
set local client_min_messages = warning;
select plan(6);

-- A policy "names the caller" when its expression reads the caller's organization or user id from the token.
create temporary view caller_policies as
select p.tablename, p.policyname, p.cmd, p.roles,
  coalesce(p.qual, '') ~ '(current_org_id|current_user_id|auth\.uid)\(\)' as using_names_caller,
  coalesce(p.with_check, '') ~ '(current_org_id|current_user_id|auth\.uid)\(\)' as check_names_caller,
  coalesce(p.qual, '') ~ 'current_org_id\(\)' as using_names_org,
  p.with_check is null as no_check,
  exists (select 1 from information_schema.columns c
    where c.table_schema = 'public' and c.table_name = p.tablename and c.column_name = 'organization_id') as org_table
from pg_policies p
where p.schemaname = 'public' and p.permissive = 'PERMISSIVE'
  and (p.roles && array['authenticated', 'anon', 'public']::name[]);

select is(
  (select coalesce(string_agg(tablename || '.' || policyname, ', ' order by tablename, policyname), '')
     from caller_policies where org_table and not using_names_caller and cmd <> 'INSERT'),
  '', 'every permissive policy of a partner table that reads, changes or deletes rows names the caller''s organization or user');

select is(
  (select coalesce(string_agg(tablename || '.' || policyname, ', ' order by tablename, policyname), '')
     from caller_policies where org_table and cmd in ('INSERT', 'UPDATE', 'ALL')
       -- Without WITH CHECK, an UPDATE or ALL policy checks new rows with its USING expression.
       and not check_names_caller and not (no_check and cmd <> 'INSERT' and using_names_caller)),
  '', 'every permissive policy of a partner table that writes rows checks them against the caller''s organization or user');

-- Naming the caller's user is not enough on a partner table (pass 14): a row of organization A may name a user of
-- organization B (a technician, a contact; references to users are not held to one organization) or a user who moved
-- from A to B. `jobs_technician_read` (technician_id = the caller) let B's technician read A's jobs.
select is(
  (select coalesce(string_agg(tablename || '.' || policyname, ', ' order by tablename, policyname), '')
     from caller_policies where org_table and cmd <> 'INSERT' and not using_names_org),
  '', 'every permissive policy of a partner table that reads, changes or deletes rows names the caller''s organization');

-- A table without an organization (reference data, the organization row itself, a user's own settings): a policy that
-- names nobody may only read, and only where the table holds nothing of a partner's (the reference tables).
select is(
  (select coalesce(string_agg(tablename || '.' || policyname, ', ' order by tablename, policyname), '')
     from caller_policies where not org_table and not using_names_caller and not check_names_caller and cmd <> 'SELECT'),
  '', 'no policy that names nobody lets a caller write a table');

select is(
  (select coalesce(string_agg(distinct tablename, ', ' order by tablename), '')
     from caller_policies c where not org_table and not using_names_caller and cmd = 'SELECT'
       and (exists (select 1 from information_schema.columns x where x.table_schema = 'public' and x.table_name = c.tablename
                      and x.column_name in ('user_id', 'email', 'created_by', 'recipient_user_id'))
            or c.tablename in ('organizations', 'users'))),
  '', 'a table readable by everyone holds no user''s or partner''s data');

-- The anonymous role (no token) reads reference data only.
select is(
  (select coalesce(string_agg(tablename || '.' || policyname, ', ' order by tablename, policyname), '')
     from caller_policies where 'anon' = any(roles) and (org_table or cmd <> 'SELECT')),
  '', 'anon has no policy on a partner table and writes nothing');

select * from finish();
rollback;
