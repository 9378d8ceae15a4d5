begin;
select plan(14);

select has_table('public', 'bill_subscriptions', 'bill subscriptions table');
select has_table('public', 'bill_extractions', 'bill extractions table');
select col_is_pk('public', 'bill_subscriptions', 'organization_id', 'one subscription per organisation');
select policies_are('public', 'bill_extractions', array['bill_extractions_own', 'bill_extractions_not_technician', 'bill_extractions_widget_platform_only', 'bill_extractions_widget_own_session_select', 'bill_extractions_widget_own_session_update', 'bill_extractions_widget_own_session_delete'], 'extractions policies');
select has_function('public', 'bill_subscription_active', array['uuid', 'date'], 'subscription check');

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000000a1', 'A Solar', 'a-solar-bills'),
  ('00000000-0000-0000-0000-0000000000b2', 'B Solar', 'b-solar-bills');
insert into public.bill_subscriptions (organization_id, status, starts_on, ends_on) values
  ('00000000-0000-0000-0000-0000000000a1', 'active', '2024-01-01', null),
  ('00000000-0000-0000-0000-0000000000b2', 'active', '2024-01-01', '2024-06-30');

select ok(public.bill_subscription_active('00000000-0000-0000-0000-0000000000a1', '2025-03-01'), 'open-ended subscription is active');
select ok(public.bill_subscription_active('00000000-0000-0000-0000-0000000000b2', '2024-06-30'), 'active on its last day');
select ok(not public.bill_subscription_active('00000000-0000-0000-0000-0000000000b2', '2024-07-01'), 'inactive after its end date');
select ok(not public.bill_subscription_active(gen_random_uuid(), '2024-07-01'), 'no subscription, not active');

insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode) values
  ('00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-00000000a001', gen_random_uuid(), 'sync'),
  ('00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-00000000b001', gen_random_uuid(), 'async');
select throws_ok(
  $$insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode, status, percentage)
    values ('00000000-0000-0000-0000-0000000000a1', gen_random_uuid(), gen_random_uuid(), 'sync', 'COMPLETED', 100)$$,
  '23514', null, 'a COMPLETED extraction must carry its result');
select throws_ok(
  $$insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode, percentage)
    values ('00000000-0000-0000-0000-0000000000a1', gen_random_uuid(), gen_random_uuid(), 'sync', 30)$$,
  '23514', null, 'progress moves only through the milestones');

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000a","org_id":"00000000-0000-0000-0000-0000000000a1","role":"authenticated"}', true);
select is((select count(*)::int from public.bill_extractions), 1, 'partner A sees only its extraction');
select is((select count(*)::int from public.bill_subscriptions), 1, 'partner A sees only its subscription');
select throws_ok(
  $$insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode) values ('00000000-0000-0000-0000-0000000000a1', gen_random_uuid(), gen_random_uuid(), 'sync')$$,
  '42501', null, 'the API role cannot write extractions');

select * from finish();
rollback;
