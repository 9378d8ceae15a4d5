begin;
select plan(6);

select has_table('public', 'partner_widget_previews', 'console preview drafts');
select ok((select relrowsecurity from pg_class where oid = 'public.partner_widget_previews'::regclass), 'row level security is on');

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar-preview');
insert into public.partner_widget_previews (session_id, organization_id, draft, expires_at) values
  ('00000000-0000-0000-0000-00000000d001', '00000000-0000-0000-0000-0000000000a1', '{"theme":{"primary":"#b91c1c"}}', now() + interval '1 hour');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"widget","platform_route":true,"session_id":"00000000-0000-0000-0000-00000000d001","role":"authenticated"}', true);
select is((select draft->'theme'->>'primary' from public.partner_widget_previews), '#b91c1c', 'the preview session reads its draft');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"widget","platform_route":true,"session_id":"00000000-0000-0000-0000-00000000d002","role":"authenticated"}', true);
select is((select count(*)::int from public.partner_widget_previews), 0, 'another widget session of the same partner does not');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000b","org_id":"00000000-0000-0000-0000-0000000000a1","app_role":"partner_admin","session_id":"00000000-0000-0000-0000-00000000d001","role":"authenticated"}', true);
select is((select count(*)::int from public.partner_widget_previews), 0, 'a partner user does not read drafts through the API role');
select throws_ok($$insert into public.partner_widget_previews (session_id, organization_id, draft, expires_at)
  values ('00000000-0000-0000-0000-00000000d003', '00000000-0000-0000-0000-0000000000a1', '{}', now() + interval '1 hour')$$, '42501', null,
  'the API role cannot write drafts (privileged code does, after the checks)');

select * from finish();
rollback;
