-- The widget token's homeowner sessions (migration 20261203090800; docs/security.md, pass 8). Every homeowner of a
-- partner holds the same public widget token, so a record id was all one needed to read or change another's property,
-- contact, lead or bill reading through the platform's routes. Each widget ID token carries a `widget_session`; the
-- rows a widget token creates record it (set by a trigger, never by the caller), and a widget token reaches only its
-- own session's rows. Before the migration every "0" / empty below was the other homeowner's row.
begin;
select plan(14);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-00000000cca1', 'S Solar', 's-solar-sessions');
insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-0000-0000-00000000ccd1', 'owner@s-solar.test', 'Owner', '00000000-0000-0000-0000-00000000cca1', 'partner_admin'),
  ('00000000-0000-0000-0000-00000000ccd9', 'widget@s-solar.test', 'Widget', '00000000-0000-0000-0000-00000000cca1', 'widget');

create function pg_temp.as_widget(session text) returns void language sql as $$
  select set_config('request.jwt.claims', json_build_object('sub', '00000000-0000-0000-0000-00000000ccd9',
    'org_id', '00000000-0000-0000-0000-00000000cca1', 'app_role', 'widget', 'role', 'authenticated',
    'platform_route', true, 'widget_session', session)::text, true)
$$;
create function pg_temp.visible() returns text language sql as $$
  select (select count(*) from public.contacts) || ' ' || (select count(*) from public.properties) || ' ' ||
    (select count(*) from public.leads) || ' ' || (select count(*) from public.bill_extractions)
$$;
grant execute on function pg_temp.as_widget(text), pg_temp.visible() to authenticated;

set local role authenticated;
-- Homeowner A's page creates its records through the platform's routes (withAuth), naming another session in vain.
select pg_temp.as_widget('aaaaaaaa-0000-4000-8000-000000000001');
insert into public.contacts (id, organization_id, first_name, email, widget_session) values
  ('00000000-0000-0000-0000-00000000ccc1', '00000000-0000-0000-0000-00000000cca1', 'Ann', 'ann@example.com',
   'bbbbbbbb-0000-4000-8000-000000000002');
insert into public.properties (id, organization_id, contact_id, line1, city, state, zip) values
  ('00000000-0000-0000-0000-00000000cce1', '00000000-0000-0000-0000-00000000cca1', '00000000-0000-0000-0000-00000000ccc1',
   '5 Vine St', 'Fresno', 'CA', '93701');
insert into public.leads (id, organization_id, contact_id, property_id, email) values
  ('00000000-0000-0000-0000-00000000ccf1', '00000000-0000-0000-0000-00000000cca1', '00000000-0000-0000-0000-00000000ccc1',
   '00000000-0000-0000-0000-00000000cce1', 'ann@example.com');
select is(pg_temp.visible(), '1 1 1 0', 'homeowner A reaches the contact, property and lead it created');
select is((select widget_session::text from public.contacts where id = '00000000-0000-0000-0000-00000000ccc1'),
  'aaaaaaaa-0000-4000-8000-000000000001', 'the row records the caller''s session, not the one it named');

-- Homeowner B: same partner, same widget token, another session.
select pg_temp.as_widget('bbbbbbbb-0000-4000-8000-000000000002');
select is(pg_temp.visible(), '0 0 0 0', 'homeowner B reaches none of A''s rows');
select is_empty($$update public.properties set line1 = '1 Elsewhere' where id = '00000000-0000-0000-0000-00000000cce1' returning id$$,
  'B moves no property of A''s');
select is_empty($$update public.contacts set email = 'b@example.com' returning id$$, 'B rewrites no contact of A''s');
select is_empty($$update public.leads set status = 'won' returning id$$, 'B changes no lead of A''s');
-- A widget token without a session (or with junk there) reaches nothing.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000ccd9","org_id":"00000000-0000-0000-0000-00000000cca1","app_role":"widget","role":"authenticated","platform_route":true}', true);
select is(pg_temp.visible(), '0 0 0 0', 'a widget token without a session reaches no homeowner row');
select pg_temp.as_widget('x'' or true --');
select is(pg_temp.visible(), '0 0 0 0', 'nor with junk for a session');

-- A's session cannot be moved by A either (an update keeps it).
select pg_temp.as_widget('aaaaaaaa-0000-4000-8000-000000000001');
update public.properties set widget_session = 'bbbbbbbb-0000-4000-8000-000000000002', line1 = '6 Vine St';
select is((select widget_session::text || ' ' || line1 from public.properties), 'aaaaaaaa-0000-4000-8000-000000000001 6 Vine St',
  'an update keeps the row''s session');

-- The partner's staff: every row, as before; their own inserts get no session.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000ccd1","org_id":"00000000-0000-0000-0000-00000000cca1","app_role":"partner_admin","role":"authenticated"}', true);
select is(pg_temp.visible(), '1 1 1 0', 'the partner''s admin reads every homeowner''s rows');
insert into public.contacts (organization_id, first_name, email, widget_session) values
  ('00000000-0000-0000-0000-00000000cca1', 'Staff', 'staff-entered@example.com', 'aaaaaaaa-0000-4000-8000-000000000001');
select is((select widget_session from public.contacts where email = 'staff-entered@example.com'), null,
  'a staff insert carries no widget session, whatever it names');
select pg_temp.as_widget('aaaaaaaa-0000-4000-8000-000000000001');
select is(pg_temp.visible(), '1 1 1 0', 'so a staff-entered contact is not reachable with a widget token');

-- The platform's own connection (no role) writes what it is given: the bill upload records the uploader's session.
reset role;
select set_config('request.jwt.claims', '', true);
insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode, widget_session) values
  ('00000000-0000-0000-0000-00000000cca1', gen_random_uuid(), gen_random_uuid(), 'upload', 'aaaaaaaa-0000-4000-8000-000000000001');
set local role authenticated;
select pg_temp.as_widget('aaaaaaaa-0000-4000-8000-000000000001');
select is(pg_temp.visible(), '1 1 1 1', 'A reaches the bill uploaded in its session');
select pg_temp.as_widget('bbbbbbbb-0000-4000-8000-000000000002');
select is(pg_temp.visible(), '0 0 0 0', 'B does not');

select * from finish();
rollback;
