-- Who may set the origins allowed to frame a partner's widget (partner_settings.widget_origins, security passes 14
-- and 15: the console's "Sites that may show the widget"): the partner's admins, on the Data API as on the console's
-- route; not its other staff, not another partner; and only bare origins (the column's check).
begin;
select plan(6);

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000da0a1', 'A Solar', 'a-solar-origins'),
  ('00000000-0000-0000-0000-0000000db0b1', 'B Solar', 'b-solar-origins');
insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-0000-0000-0000000da0d1', 'admin@a-origins.test', 'Admin A', '00000000-0000-0000-0000-0000000da0a1', 'partner_admin'),
  ('00000000-0000-0000-0000-0000000da0d2', 'staff@a-origins.test', 'Staff A', '00000000-0000-0000-0000-0000000da0a1', 'partner_user'),
  ('00000000-0000-0000-0000-0000000db0d1', 'admin@b-origins.test', 'Admin B', '00000000-0000-0000-0000-0000000db0b1', 'partner_admin');
insert into public.partner_settings (organization_id, widget_origins) values
  ('00000000-0000-0000-0000-0000000da0a1', '{https://www.a-solar.example}');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000da0d2","org_id":"00000000-0000-0000-0000-0000000da0a1","app_role":"partner_user","role":"authenticated"}', true);
select is((select widget_origins::text from public.partner_settings), '{https://www.a-solar.example}', 'A''s staff read the sites');
select is_empty($$update public.partner_settings set widget_origins = '{https://evil.example}' returning 1$$,
  'A''s staff cannot change them');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000db0d1","org_id":"00000000-0000-0000-0000-0000000db0b1","app_role":"partner_admin","role":"authenticated"}', true);
select is_empty($$update public.partner_settings set widget_origins = '{https://evil.example}'
  where organization_id = '00000000-0000-0000-0000-0000000da0a1' returning 1$$, 'B''s admin cannot change A''s');
select is_empty($$select 1 from public.partner_settings where organization_id = '00000000-0000-0000-0000-0000000da0a1'$$,
  'nor read them');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000da0d1","org_id":"00000000-0000-0000-0000-0000000da0a1","app_role":"partner_admin","role":"authenticated"}', true);
select throws_ok($$update public.partner_settings set widget_origins = '{"https://x.example; script-src *"}'$$,
  '23514', null, 'A''s admin cannot store a source list that is not a bare origin');
select lives_ok($$update public.partner_settings set widget_origins = '{https://landing.a-solar.example,http://localhost:8080}'$$,
  'A''s admin sets bare origins');

reset role;
select * from finish();
rollback;
