-- Issue 12: the security schema (rate-limit counters, seen webhook ids, used unsubscribe nonces) and the
-- sign-in admission functions of the embedded identity.
begin;
select plan(20);

select has_table('security', 'rate_limits', 'rate-limit counters');
select has_table('security', 'seen_webhooks', 'applied webhook ids');
select has_table('security', 'used_unsubscribe_nonces', 'consumed unsubscribe nonces');
select is(
  (select count(*)::int from pg_tables where schemaname = 'security' and not rowsecurity),
  0, 'row-level security is on for every security table');
select ok(not has_schema_privilege('authenticated', 'security', 'usage'), 'authenticated cannot reach the security schema');
select ok(not has_schema_privilege('anon', 'security', 'usage'), 'anon cannot reach the security schema');
select ok(has_table_privilege('service_role', 'security.rate_limits', 'insert'), 'service_role writes counters');
select has_function('identity', 'begin_sign_in', array['uuid', 'integer', 'integer', 'integer'], 'sign-in admission');

-- Admission: 3 attempts admitted, the 4th locks (limit 3), then everything is refused.
insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000000c3', 'C Solar', 'c-solar');
insert into public.users (id, email, organization_id, role) values
  ('00000000-0000-0000-0000-00000000000c', 'c@c-solar.test', '00000000-0000-0000-0000-0000000000c3', 'partner_admin');
insert into identity.credentials (user_id, password_hash) values ('00000000-0000-0000-0000-00000000000c', 'x');
select is(
  (select array_agg(a) from (select (identity.begin_sign_in('00000000-0000-0000-0000-00000000000c', 3, 900, 900)).admitted as a
     from generate_series(1, 3)) s),
  array[true, true, true], 'three attempts admitted under a limit of 3');
select is((select locked_now from identity.begin_sign_in('00000000-0000-0000-0000-00000000000c', 3, 900, 900)), true,
  'the attempt finding the limit reached locks the account');
select is((select admitted from identity.begin_sign_in('00000000-0000-0000-0000-00000000000c', 3, 900, 900)), false,
  'locked: refused');
select isnt(identity.sign_in_succeeded('00000000-0000-0000-0000-00000000000c'), null,
  'a right password checked while the account got locked is refused too');

-- Rate-limit upsert: a new window resets the count.
insert into security.rate_limits (key, window_start, hits) values ('t:ip:1', now() - interval '2 hours', 99);
insert into security.rate_limits as r (key, window_start, hits) values ('t:ip:1', now(), 1)
  on conflict (key) do update set hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
    window_start = excluded.window_start;
select is((select hits from security.rate_limits where key = 't:ip:1'), 1, 'a new window starts at 1');

-- A nonce is consumed once.
insert into security.used_unsubscribe_nonces (nonce, user_id, event_type) values ('N1', '00000000-0000-0000-0000-00000000000c', 'job.assigned');
select throws_ok(
  $$insert into security.used_unsubscribe_nonces (nonce, user_id, event_type) values ('N1', '00000000-0000-0000-0000-00000000000c', 'job.assigned')$$,
  '23505', null, 'a used nonce cannot be recorded twice');

-- Cross-organisation references (20261125040000): a row of one organisation may not point at another's record.
select has_function('app', 'check_same_org_reference', 'the same-organisation reference check');
select is(
  (select count(*)::int from pg_constraint k
   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
   join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
   where k.contype = 'f' and array_length(k.conkey, 1) = 1 and a.attname <> 'organization_id'
     and pa.attname = 'id' and k.confrelid <> 'public.users'::regclass
     and exists (select 1 from pg_attribute x where x.attrelid = k.conrelid and x.attname = 'organization_id')
     and exists (select 1 from pg_attribute x where x.attrelid = k.confrelid and x.attname = 'organization_id')
     and not exists (select 1 from pg_trigger t where t.tgrelid = k.conrelid and t.tgname = left('same_org_' || a.attname, 63))),
  0, 'every reference between organisation tables (but to users) has its same-organisation trigger');
insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar'),
  ('00000000-0000-0000-0000-0000000000b1', 'B Solar', 'b-solar');
insert into public.properties (id, organization_id, line1, city, state, zip) values
  ('00000000-0000-0000-0000-0000000000a2', '00000000-0000-0000-0000-0000000000a1', '1 A St', 'Fresno', 'CA', '93650'),
  ('00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-0000000000b1', '1 B St', 'Miami', 'FL', '33131');
select throws_ok(
  $$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone)
    values ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000b2', now(), now() + interval '1 hour', 'UTC')$$,
  '23503', null, 'an appointment of A on B''s property is refused');
select lives_ok(
  $$insert into public.leads (id, organization_id, email, property_id)
    values ('00000000-0000-0000-0000-0000000000a3', '00000000-0000-0000-0000-0000000000a1', 'h@a.test', '00000000-0000-0000-0000-0000000000a2')$$,
  'a lead of A on A''s property is fine');
select throws_ok(
  $$update public.leads set property_id = '00000000-0000-0000-0000-0000000000b2' where id = '00000000-0000-0000-0000-0000000000a3'$$,
  '23503', null, 'A cannot repoint its lead at B''s property');
-- The same through the API role (PostgREST): RLS passes the row (it is A's), the reference check refuses it.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000000a9","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_admin","role":"authenticated"}', true);
select throws_ok(
  $$insert into public.leads (organization_id, email, property_id)
    values ('00000000-0000-0000-0000-0000000000a1', 'api@a.test', '00000000-0000-0000-0000-0000000000b2')$$,
  '23503', null, 'A''s API user cannot link its lead to B''s property');
reset role;

select * from finish();
rollback;
