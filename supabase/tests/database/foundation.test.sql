begin;
select plan(22);

select has_table('public', 'organizations', 'organizations table');
select has_table('public', 'users', 'users table');
select has_table('public', 'contacts', 'contacts table');
select has_table('public', 'properties', 'properties table');
select has_table('identity', 'refresh_tokens', 'refresh tokens table');
select has_table('queue', 'jobs', 'job queue table');
select col_is_pk('public', 'organizations', 'id', 'organizations.id is the key');
select col_not_null('identity', 'refresh_tokens', 'token_hash', 'refresh tokens are stored as hashes');
select col_is_unique('identity', 'refresh_tokens', 'token_hash', 'token hashes are unique');
select has_index('public', 'users', 'users_email_key', 'case-insensitive unique email');
select is(
  (select count(*)::int from pg_tables where schemaname in ('public', 'identity', 'queue') and not rowsecurity),
  0, 'row-level security is on for every table');
select policies_are('public', 'properties', array['properties_org', 'properties_technician_own', 'properties_delete_admin', 'properties_widget_platform_only', 'properties_widget_own_session_select', 'properties_widget_own_session_update', 'properties_widget_own_session_delete'], 'properties policies');
select policies_are('public', 'contacts', array['contacts_org', 'contacts_technician_own', 'contacts_delete_admin', 'contacts_widget_platform_only', 'contacts_widget_own_session_select', 'contacts_widget_own_session_update', 'contacts_widget_own_session_delete'], 'contacts policies');
select has_function('app', 'current_org_id', 'org id helper');

-- Two partners; each sees only its own rows through the API role.
insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar'),
  ('00000000-0000-0000-0000-0000000000b2', 'B Solar', 'b-solar');
insert into public.properties (organization_id, line1, city, state, zip) values
  ('00000000-0000-0000-0000-0000000000a1', '1 Main St', 'Austin', 'TX', '78701'),
  ('00000000-0000-0000-0000-0000000000b2', '2 Oak Ave', 'Miami', 'FL', '33137');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","role":"authenticated"}', true);
select is((select count(*)::int from public.properties), 1, 'partner A sees one property');
select is((select state from public.properties), 'TX', 'partner A sees its own property');
select is((select count(*)::int from public.organizations), 1, 'partner A sees only its organisation');
select throws_ok(
  $$insert into public.properties (organization_id, line1) values ('00000000-0000-0000-0000-0000000000b2', 'x')$$,
  '42501', null, 'partner A cannot write a property for partner B');
select throws_ok($$select * from identity.refresh_tokens$$, '42501', null, 'the API role cannot read refresh tokens');
select throws_ok($$select * from queue.jobs$$, '42501', null, 'the API role cannot read the job queue');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000b","org_id":"00000000-0000-0000-0000-0000000000b2","role":"authenticated"}', true);
select is((select state from public.properties), 'FL', 'partner B sees only its own property');
update public.properties set city = 'Hacked' where state = 'TX';
reset role;
select is((select city from public.properties where state = 'TX'), 'Austin', 'partner B cannot update partner A''s property');

select * from finish();
rollback;
