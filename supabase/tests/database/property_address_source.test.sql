-- Who set a property's address (migration 20261202090701; docs/security.md, pass 7): the inbox links mail routed to no
-- partner only to addresses the platform or a partner's staff entered, so no caller may pick `address_source`.
begin;
select plan(7);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-00000000aaa1', 'S Solar', 's-solar-partner');
-- Entered by the platform for the widget's homeowner session (a widget token reaches only its own session's, pass 8).
insert into public.properties (id, organization_id, line1, city, state, zip, widget_session)
  values ('00000000-0000-0000-0000-00000000aac1', '00000000-0000-0000-0000-00000000aaa1', '1 Staff St', 'Miami', 'FL', '33101', '00000000-0000-4000-8000-0000000005e5');
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac1'), 'platform',
  'the platform''s own connection enters a platform address');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000aad1","org_id":"00000000-0000-0000-0000-00000000aaa1","app_role":"widget","role":"authenticated","platform_route":true,"widget_session":"00000000-0000-4000-8000-0000000005e5"}', true);
insert into public.properties (id, organization_id, line1, city, state, zip, address_source)
  values ('00000000-0000-0000-0000-00000000aac2', '00000000-0000-0000-0000-00000000aaa1', '2 Victim St', 'Miami', 'FL', '33101', 'partner_admin');
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac2'), 'widget',
  'the widget role cannot name another source on insert');
update public.properties set address_source = 'platform' where id = '00000000-0000-0000-0000-00000000aac2';
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac2'), 'widget',
  'nor on update');
update public.properties set city = 'Miami Beach' where id = '00000000-0000-0000-0000-00000000aac1';
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac1'), 'platform',
  'a change of city alone keeps who entered the street and ZIP');
update public.properties set line1 = '2 Victim St' where id = '00000000-0000-0000-0000-00000000aac1';
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac1'), 'widget',
  'moving a staff property makes it the widget''s address');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000aad2","org_id":"00000000-0000-0000-0000-00000000aaa1","app_role":"partner_user","role":"authenticated"}', true);
update public.properties set zip = '33101' , line1 = '2 Victim Street' where id = '00000000-0000-0000-0000-00000000aac2';
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac2'), 'partner_user',
  'the partner''s staff re-entering the address make it theirs');

reset role;
select set_config('request.jwt.claims', '', true);
update public.properties set line1 = '2 Victim Street Apt 1' where id = '00000000-0000-0000-0000-00000000aac1';
select is((select address_source from public.properties where id = '00000000-0000-0000-0000-00000000aac1'), 'widget',
  'the platform''s code rewriting a widget address keeps it the widget''s');

select * from finish();
rollback;
