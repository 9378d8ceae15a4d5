begin;
select plan(24);

select has_table('public', 'widget_configs', 'partner widget configuration table');
select has_table('public', 'leads', 'leads table (embedded CRM)');
select has_table('public', 'opportunities', 'opportunities table');
select has_table('public', 'property_documents', 'property documents table');
select has_table('public', 'utility_providers', 'utility provider reference');
select ok((select bool_and(relrowsecurity) from pg_class where oid in ('public.widget_configs'::regclass, 'public.leads'::regclass,
  'public.opportunities'::regclass, 'public.property_documents'::regclass, 'public.utility_providers'::regclass,
  'public.utility_zip_providers'::regclass, 'public.utility_zip_counties'::regclass, 'public.utility_county_providers'::regclass)),
  'row level security is on for every widget table');

-- Reference data: the seed lists the expected utilities.
select ok(exists (select 1 from public.utility_zip_providers z join public.utility_providers p using (eiaid)
  where z.zip = '10001' and p.display_name = 'Consolidated Edison Company of New York'), '10001 is Con Edison territory');
select ok(exists (select 1 from public.utility_zip_counties zc join public.utility_county_providers cp using (county_fips)
  join public.utility_providers p using (eiaid) where zc.zip = '94103' and p.display_name = 'Pacific Gas & Electric Company'),
  '94103 lies in PG&E county territory');
select cmp_ok((select count(*)::int from public.utility_providers where states @> array['CA']), '>', 20, 'California has many utilities');

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar-widget'),
  ('00000000-0000-0000-0000-0000000000b2', 'B Solar', 'b-solar-widget');
insert into public.widget_configs (organization_id, serving_states, roof_types, widget_info) values
  ('00000000-0000-0000-0000-0000000000a1', '{CA,NY}', '{Tile}', '<p>A</p>');
select throws_ok($$insert into public.widget_configs (organization_id, serving_states) values ('00000000-0000-0000-0000-0000000000b2', '{california}')$$,
  '23514', null, 'serving_states holds two-letter codes only');
select throws_ok($$insert into public.widget_configs (organization_id, logo_url) values ('00000000-0000-0000-0000-0000000000b2', 'javascript:alert(1)')$$,
  '23514', null, 'logo_url must be an http(s) URL or a path');
select has_column('public', 'widget_configs', 'report_logo', 'the savings report cover logo (data: URI)');
select throws_ok($$insert into public.widget_configs (organization_id, report_logo) values ('00000000-0000-0000-0000-0000000000b2', 'https://cdn.example/logo.png')$$,
  '23514', null, 'a report logo must be a PNG or JPEG data: URI, never a URL to fetch');

insert into public.leads (id, organization_id, email, idempotency_key, widget_session) values
  ('00000000-0000-0000-0000-00000000a0a0', '00000000-0000-0000-0000-0000000000a1', 'a@example.com', 'key-000001', '00000000-0000-4000-8000-0000000005e5');
select throws_ok($$insert into public.leads (organization_id, email, idempotency_key) values ('00000000-0000-0000-0000-0000000000a1', 'b@example.com', 'key-000001')$$,
  '23505', null, 'one lead per idempotency key and partner');
select lives_ok($$insert into public.leads (organization_id, email, idempotency_key) values ('00000000-0000-0000-0000-0000000000b2', 'b@example.com', 'key-000001')$$,
  'the same key is free for another partner');

-- Partner A's widget user.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"widget","role":"authenticated","platform_route":true,"widget_session":"00000000-0000-4000-8000-0000000005e5"}', true);
select is((select serving_states from public.widget_configs), '{CA,NY}'::text[], 'the widget reads its partner configuration');
update public.widget_configs set widget_info = '<p>changed by the widget</p>';
select is((select widget_info from public.widget_configs), '<p>A</p>', 'the widget role cannot change the configuration');
select is((select count(*)::int from public.leads), 1, 'partner A sees only its own lead');
select is((select count(*)::int from public.utility_zip_providers where zip = '10001'), 1, 'reference data is readable by the API role');
select throws_ok($$insert into public.utility_providers (eiaid, name, display_name) values (999999, 'X', 'X')$$,
  '42501', null, 'reference data is not writable by the API role');
select throws_ok($$insert into public.opportunities (organization_id, lead_id, name) values ('00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-00000000a0a0', 'x')$$,
  '42501', null, 'no opportunity in another partner''s name');

-- Partner A's admin.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000c","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_admin","role":"authenticated"}', true);
update public.widget_configs set widget_info = '<p>by the admin</p>';
select is((select widget_info from public.widget_configs), '<p>by the admin</p>', 'the partner admin changes the configuration');

-- Partner B.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000b","org_id":"00000000-0000-0000-0000-0000000000b2","app_role":"partner_admin","role":"authenticated"}', true);
select is((select count(*)::int from public.widget_configs), 0, 'partner B does not see partner A''s configuration');
select is((select count(*)::int from public.leads where email = 'a@example.com'), 0, 'partner B does not see partner A''s leads');

select * from finish();
rollback;
