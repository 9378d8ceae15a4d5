begin;
select plan(21);

select has_table('public', 'partner_settings', 'partner contact details for homeowner emails');
select has_table('public', 'partner_webhooks', 'partner webhook endpoints');
select has_table('public', 'partner_webhook_deliveries', 'webhook delivery log');
select has_table('public', 'geo_zips', 'gazetteer ZIP codes');
select has_table('public', 'geo_cities', 'gazetteer cities');
select ok((select bool_and(relrowsecurity) from pg_class where oid in ('public.partner_settings'::regclass, 'public.partner_webhooks'::regclass,
  'public.partner_webhook_deliveries'::regclass, 'public.geo_zips'::regclass, 'public.geo_cities'::regclass)), 'row level security is on for every new table');
select cmp_ok((select count(*)::int from public.geo_zips), '>', 40000, 'the gazetteer holds the US ZIP codes');
select is((select zip from public.geo_cities where state = 'NY' and key = 'new york'), '10112', 'New York, NY has a central ZIP in Midtown');
select is((select display_name from public.utility_providers where eiaid = 6455), 'Duke Energy Florida', 'current utility names');
select is((select retail from public.utility_providers where eiaid = 27000), false, 'WAPA sells no electricity to homes');
select ok(exists (select 1 from bus.topics where name = 'platform.leads'), 'lead events have their topic');

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar-partner'),
  ('00000000-0000-0000-0000-0000000000b2', 'B Solar', 'b-solar-partner');
-- Leads of one homeowner session of A's widget (a widget token reaches only its own session's, pass 8).
insert into public.leads (id, organization_id, email, widget_session) values
  ('00000000-0000-0000-0000-00000000a0a0', '00000000-0000-0000-0000-0000000000a1', 'a@example.com', '00000000-0000-4000-8000-0000000005e5'),
  ('00000000-0000-0000-0000-00000000a0a1', '00000000-0000-0000-0000-0000000000a1', 'a2@example.com', '00000000-0000-4000-8000-0000000005e5');
select throws_ok($$update public.leads set status = 'out_of_area' where id = '00000000-0000-0000-0000-00000000a0a0'$$, '23514', null,
  'out_of_area is a flag, not a status');
insert into public.partner_webhooks (organization_id, url, secret) values
  ('00000000-0000-0000-0000-0000000000a1', 'https://hooks.example/a', 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=');

-- Partner A's widget: may mark a report as sent, nothing else; sees no webhook.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"widget","role":"authenticated","platform_route":true,"widget_session":"00000000-0000-4000-8000-0000000005e5"}', true);
select lives_ok($$update public.leads set status = 'report_sent' where id = '00000000-0000-0000-0000-00000000a0a0'$$, 'the widget marks the report sent');
select throws_ok($$update public.leads set status = 'qualified' where id = '00000000-0000-0000-0000-00000000a0a1'$$, '42501', null,
  'the widget cannot qualify a lead');
select is((select count(*)::int from public.partner_webhooks), 0, 'the widget does not see webhook secrets');

-- Partner A's user: sets statuses, reads settings, cannot see or write webhooks or settings.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000b","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_user","role":"authenticated"}', true);
select lives_ok($$update public.leads set status = 'contacted' where id = '00000000-0000-0000-0000-00000000a0a1'$$, 'a partner user sets a status');
select is((select count(*)::int from public.partner_webhooks), 0, 'a partner user does not see webhook secrets');
select throws_ok($$insert into public.partner_settings (organization_id, phone) values ('00000000-0000-0000-0000-0000000000a1', '555 0100')$$, '42501', null,
  'a partner user cannot change the email details');

-- Partner A's admin.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000c","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_admin","role":"authenticated"}', true);
select is((select count(*)::int from public.partner_webhooks), 1, 'the admin sees the endpoint');
select lives_ok($$insert into public.partner_settings (organization_id, phone) values ('00000000-0000-0000-0000-0000000000a1', '555 0100')$$, 'the admin sets the email details');

-- Partner B's admin.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000d","org_id":"00000000-0000-0000-0000-0000000000b2","app_role":"partner_admin","role":"authenticated"}', true);
select is((select count(*)::int from public.partner_webhooks) + (select count(*)::int from public.partner_settings), 0, 'partner B sees nothing of partner A');

select * from finish();
rollback;
