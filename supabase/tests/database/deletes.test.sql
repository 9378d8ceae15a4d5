-- Only a partner's administrator deletes the partner's homeowner records through the Data API role (migration
-- 20261201090500; docs/security.md, fourth pass). Before it, the partner's user and the widget role deleted them all.
begin;
select plan(4);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000008a1', 'D Solar', 'd-solar-partner');
insert into public.contacts (id, organization_id, first_name, last_name, email)
  values ('00000000-0000-0000-0000-0000000008c1', '00000000-0000-0000-0000-0000000008a1', 'Dee', 'Home', 'dee@example.com');
insert into public.properties (id, organization_id, contact_id, line1, city, state, zip) values
  ('00000000-0000-0000-0000-0000000008e1', '00000000-0000-0000-0000-0000000008a1', '00000000-0000-0000-0000-0000000008c1',
   '8 Oak St', 'Fresno', 'CA', '93701');
insert into public.leads (id, organization_id, contact_id, property_id, email) values
  ('00000000-0000-0000-0000-0000000008b1', '00000000-0000-0000-0000-0000000008a1', '00000000-0000-0000-0000-0000000008c1',
   '00000000-0000-0000-0000-0000000008e1', 'dee@example.com');
insert into public.opportunities (organization_id, lead_id, name)
  values ('00000000-0000-0000-0000-0000000008a1', '00000000-0000-0000-0000-0000000008b1', 'Solar — Dee');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000008d1","org_id":"00000000-0000-0000-0000-0000000008a1","app_role":"partner_user","role":"authenticated"}', true);
select is_empty($$delete from public.opportunities returning id$$, 'a partner''s user deletes no opportunity');
select is_empty($$delete from public.leads returning id$$, 'a partner''s user deletes no lead');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000008d2","org_id":"00000000-0000-0000-0000-0000000008a1","app_role":"widget","role":"authenticated"}', true);
select is_empty($$delete from public.contacts returning id$$, 'the widget role deletes no contact');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000008d3","org_id":"00000000-0000-0000-0000-0000000008a1","app_role":"partner_admin","role":"authenticated"}', true);
select isnt_empty($$delete from public.opportunities returning id$$, 'the partner''s administrator deletes');

select * from finish();
rollback;
