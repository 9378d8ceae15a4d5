begin;
select plan(27);

select has_table('public', 'appointments', 'appointments table');
select has_table('public', 'technicians', 'technicians table');
select has_table('public', 'scheduling_settings', 'scheduling settings table');
select has_table('public', 'scheduling_holidays', 'holidays table');
select has_table('public', 'contract_approval_rules', 'approval rules table');
select has_table('public', 'contract_analyses', 'contract analyses table');
select has_table('public', 'email_messages', 'tracked email table');
select has_table('mail', 'inbound_messages', 'embedded mailbox table');
select col_is_unique('public', 'email_messages', 'message_id', 'a message is recorded once per Message-ID');
select has_function('app', 'available_slots', array['uuid', 'timestamp with time zone', 'timestamp with time zone'], 'slot function');
select is(
  (select count(*)::int from pg_tables where tablename in ('appointments', 'technicians', 'scheduling_settings', 'scheduling_holidays',
     'contract_approval_rules', 'contract_analyses', 'email_messages', 'inbound_messages') and not rowsecurity),
  0, 'row-level security is on for every operations table');

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar'),
  ('00000000-0000-0000-0000-0000000000b2', 'B Solar', 'b-solar');
insert into public.properties (id, organization_id, line1, city, state, zip) values
  ('00000000-0000-0000-0000-00000000a0a1', '00000000-0000-0000-0000-0000000000a1', '1 Main St', 'Austin', 'TX', '78701');
insert into public.scheduling_settings (organization_id, timezone, slot_minutes, day_start, day_end, work_days, min_notice_minutes)
  values ('00000000-0000-0000-0000-0000000000a1', 'America/Chicago', 120, '08:00', '16:00', '{1,2,3,4,5}', 0);
insert into public.technicians (id, organization_id, name) values
  ('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-0000000000a1', 'Crew 1'),
  ('00000000-0000-0000-0000-0000000000c2', '00000000-0000-0000-0000-0000000000a1', 'Crew 2');

-- Monday 7 January 2030 in Chicago (UTC-6): 08:00, 10:00, 12:00, 14:00 local.
select is((select count(*)::int from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-07 00:00-06', '2030-01-08 00:00-06')),
  4, 'four 2-hour slots in an 8-hour day');
select is((select min(starts_at) from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-07 00:00-06', '2030-01-08 00:00-06')),
  '2030-01-07 14:00:00+00'::timestamptz, 'the first slot is 08:00 in the organisation''s zone');
select is((select count(*)::int from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-05 00:00-06', '2030-01-07 00:00-06')),
  0, 'no slots on the weekend');

insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, technician_id)
  values ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-00000000a0a1', '2030-01-07 14:00Z', '2030-01-07 16:00Z', 'America/Chicago', '00000000-0000-0000-0000-0000000000c1');
select is((select free from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-07 14:00Z', '2030-01-07 16:00Z')),
  1, 'a booking takes one technician out of the slot');
select throws_ok($$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, technician_id)
  values ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-00000000a0a1', '2030-01-07 15:00Z', '2030-01-07 17:00Z', 'America/Chicago', '00000000-0000-0000-0000-0000000000c1')$$,
  '23P01', null, 'the database refuses an overlapping booking of the same technician');
select lives_ok($$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, technician_id)
  values ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-00000000a0a1', '2030-01-07 14:00Z', '2030-01-07 16:00Z', 'America/Chicago', '00000000-0000-0000-0000-0000000000c2')$$,
  'another technician can take the same slot');
select is((select free from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-07 14:00Z', '2030-01-07 16:00Z')),
  0, 'the slot is full');
update public.appointments set status = 'cancelled' where technician_id = '00000000-0000-0000-0000-0000000000c2';
select is((select free from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-07 14:00Z', '2030-01-07 16:00Z')),
  1, 'a cancelled booking frees its technician');
insert into public.scheduling_holidays (organization_id, day) values ('00000000-0000-0000-0000-0000000000a1', '2030-01-07');
select is((select count(*)::int from app.available_slots('00000000-0000-0000-0000-0000000000a1', '2030-01-07 00:00-06', '2030-01-08 00:00-06')),
  0, 'no slots on a holiday');

select queue.enqueue_inbox_check();
select queue.enqueue_inbox_check();
select is((select count(*)::int from queue.jobs where queue = 'email-agent.check-inbox'), 1, 'the scheduled inbox check is enqueued once per minute window');
select has_function('queue', 'enqueue_inbox_check', 'pg_cron entry point of the inbox check');

insert into public.email_messages (organization_id, message_id, inbox, category) values
  ('00000000-0000-0000-0000-0000000000a1', '<a@x>', 'embedded', 'utility_bill');
insert into public.contract_analyses (organization_id, mode) values ('00000000-0000-0000-0000-0000000000a1', 'contract');
select throws_ok($$insert into public.email_messages (organization_id, message_id, inbox, category)
  values ('00000000-0000-0000-0000-0000000000a1', '<a@x>', 'embedded', 'other')$$, '23505', null, 'the same Message-ID is recorded once');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000b","org_id":"00000000-0000-0000-0000-0000000000b2","role":"authenticated"}', true);
select is((select count(*)::int from public.appointments), 0, 'partner B sees none of partner A''s appointments');
select is((select count(*)::int from public.email_messages) + (select count(*)::int from public.contract_analyses), 0,
  'partner B sees none of partner A''s tracked email or contract analyses');
select throws_ok($$select * from mail.inbound_messages$$, '42501', null, 'the API role cannot read the raw mailbox');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","role":"authenticated"}', true);
select is((select count(*)::int from public.appointments), 2, 'partner A sees its appointments');

select * from finish();
rollback;
