-- A property holds at most one upcoming scheduled appointment booked by a widget token (migration 20261201090600;
-- docs/security.md, pass 6): before it, the public widget token booked every free slot of a partner's calendar on one
-- property. Staff bookings, past and cancelled ones are not counted.
begin;
select plan(6);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000009a1', 'W Solar', 'w-solar-appointments');
insert into public.users (id, email, organization_id, role) values
  ('00000000-0000-0000-0000-0000000009d1', 'widget@w-solar.test', '00000000-0000-0000-0000-0000000009a1', 'widget'),
  ('00000000-0000-0000-0000-0000000009d2', 'admin@w-solar.test', '00000000-0000-0000-0000-0000000009a1', 'partner_admin');
insert into public.properties (id, organization_id, line1, city, state, zip) values
  ('00000000-0000-0000-0000-0000000009e1', '00000000-0000-0000-0000-0000000009a1', '9 Oak St', 'Fresno', 'CA', '93701'),
  ('00000000-0000-0000-0000-0000000009e2', '00000000-0000-0000-0000-0000000009a1', '10 Oak St', 'Fresno', 'CA', '93701');

select trigger_is('public', 'appointments', 'appointments_widget_one_upcoming', 'app', 'appointments_widget_one_upcoming',
  'the widget booking bound is a trigger on appointments');

insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, created_by) values
  ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009e1', now() + interval '1 day',
   now() + interval '1 day 2 hours', 'UTC', '00000000-0000-0000-0000-0000000009d1');

select throws_ok(
  $$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, created_by) values
    ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009e1', now() + interval '2 days',
     now() + interval '2 days 2 hours', 'UTC', '00000000-0000-0000-0000-0000000009d1')$$,
  '23514', 'This property already has an upcoming appointment booked through the widget',
  'a second upcoming widget booking of the same property is refused');

select lives_ok(
  $$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, created_by) values
    ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009e1', now() + interval '2 days',
     now() + interval '2 days 2 hours', 'UTC', '00000000-0000-0000-0000-0000000009d2')$$,
  'the partner''s staff book more');

select lives_ok(
  $$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, created_by) values
    ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009e2', now() + interval '3 days',
     now() + interval '3 days 2 hours', 'UTC', '00000000-0000-0000-0000-0000000009d1')$$,
  'another property has its own widget booking');

update public.appointments set status = 'cancelled'
  where property_id = '00000000-0000-0000-0000-0000000009e1' and created_by = '00000000-0000-0000-0000-0000000009d1';
select lives_ok(
  $$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, created_by) values
    ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009e1', now() + interval '4 days',
     now() + interval '4 days 2 hours', 'UTC', '00000000-0000-0000-0000-0000000009d1')$$,
  'after a cancellation the widget books again');

select is(
  (select count(*)::int from public.appointments a join public.users u on u.id = a.created_by
    where a.property_id = '00000000-0000-0000-0000-0000000009e1' and a.status = 'scheduled' and u.role = 'widget'),
  1, 'one upcoming widget booking per property');

select * from finish();
rollback;
