begin;
select plan(34);

select has_table('public', 'state_electricity_rates', 'state rates table');
select has_table('public', 'state_solar_costs', 'solar cost per watt table');
select has_table('public', 'state_solar_programs', 'state programmes table');
select has_table('public', 'savings_reports', 'savings reports table');

-- The seed: every state + DC + the US row, each with a source.
select is((select count(*)::int from public.state_electricity_rates), 52, '50 states, DC and US have a rate');
select is((select count(*)::int from public.state_electricity_rates where source is null or source = '' or escalator_source = ''), 0, 'every rate row names its source');
select is((select rate_usd_per_kwh from public.state_electricity_rates where state = 'CA'), 0.29510::numeric(8,5), 'CA rate from EIA SEDS 2023');
select ok((select source like '%no 2024 state figure was found%' from public.state_electricity_rates where state = 'CA'), 'a state without a 2024 figure says so');
select is((select (rate_usd_per_kwh, year, escalator_pct)::text from public.state_electricity_rates where state = 'AL'), '(0.15120,2024,2.80)', 'AL: EIA 2024 price and its own 2014-2024 escalator (20261123003100)');
select is((select (year, escalator_pct)::text from public.state_electricity_rates where state = 'ME'), '(2023,4.10)', 'ME: 2023 price and its own 2003-2023 EIA SEDS escalator (20261203090801)');
select is((select count(*)::int from public.state_electricity_rates where state <> 'US' and escalator_source like 'National default%'), 0, 'no state rests on the national escalator');
select is((select usd_per_watt from public.state_solar_costs where state = 'OH'), 2.500::numeric(6,3), 'a state without a figure uses the national median');
select ok((select national_fallback from public.state_solar_costs where state = 'OH'), 'and says so');
select is((select usd_per_watt from public.state_solar_costs where state = 'AZ'), 1.990::numeric(6,3), 'AZ has its own 2024 median');
select ok((select is_generic from public.state_solar_programs where state = 'WY'), 'a state without programme facts is generic');
select is((select count(*)::int from public.state_electricity_rates r
  where not exists (select 1 from public.state_solar_costs c where c.state = r.state)
     or not exists (select 1 from public.state_solar_programs g where g.state = r.state)), 0, 'every state with a rate has a cost and a programme row');
select is((select count(*)::int from public.state_solar_programs where not is_generic), 25, 'twenty-five states carry programme facts (rates17, netting19 and rates18 rows)');
select is((select string_agg(state, ',' order by state) from public.state_solar_programs where netting = 'monthly'), 'KY,NC,OH', 'KY, NC and OH net within the month (netting19, rates18)');
select throws_ok($$update public.state_solar_programs set netting = 'yearly' where state = 'NC'$$, '23514', null, 'netting is instant or monthly');
select is((select string_agg(state, ',' order by state) from public.state_solar_programs where scope = 'investor_owned'), 'AL,CA,IN,KY,NC,OH,PA,UT', 'eight rows bind only their investor-owned utilities (rates18, rates19: CA, OH)');
select throws_ok($$update public.state_solar_programs set scope = 'cooperative' where state = 'KY'$$, '23514', null, 'scope is all or investor_owned');
select is((select export_credit_ratio from public.state_solar_programs where state = 'CA'), 0.250::numeric(4,3), 'CA net billing export credit ratio');
select throws_ok($$update public.state_solar_programs set export_credit_ratio = 1.5 where state = 'CA'$$, '23514', null, 'ratios stay within 0..1');

-- Reports are partner-scoped; reference data is readable by the API role but not writable.
insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-00000000a001', 'A Solar', 'a-solar-sv'),
  ('00000000-0000-0000-0000-00000000b002', 'B Solar', 'b-solar-sv');
insert into public.savings_reports (id, organization_id, customer_name, email, state, address, input, figures, report, writer) values
  ('10000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-00000000a001', 'Ann', 'ann@example.test', 'TX', '{}', '{}', '{}', '{}', 'embedded'),
  ('20000000-0000-0000-0000-000000000002', '00000000-0000-0000-0000-00000000b002', 'Bob', 'bob@example.test', 'FL', '{}', '{}', '{}', '{}', 'embedded');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000000aa","org_id":"00000000-0000-0000-0000-00000000a001","role":"authenticated"}', true);
select is((select array_agg(customer_name)::text from public.savings_reports), '{Ann}', 'partner A sees only its own report');
select is((select count(*)::int from public.state_electricity_rates), 52, 'the API role reads the reference data');
select throws_ok($$update public.state_electricity_rates set rate_usd_per_kwh = 0.01 where state = 'TX'$$, '42501', null,
  'the API role has no write grant on reference data');
select is((select rate_usd_per_kwh from public.state_electricity_rates where state = 'TX'), 0.14460::numeric(8,5), 'the API role cannot edit reference data (no write policy)');

-- Savings settings (20261123003000): per partner, partner admins write their own organisation's row only.
select has_table('public', 'savings_settings', 'savings settings table');
reset role;
select throws_ok($$insert into public.savings_settings (organization_id, credit_pct) values ('00000000-0000-0000-0000-00000000b002', 30)$$,
  '23514', null, 'a stated credit needs its name, condition and source');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000000aa","org_id":"00000000-0000-0000-0000-00000000a001","role":"authenticated","app_role":"partner_admin"}', true);
select lives_ok($$insert into public.savings_settings (organization_id, offer_ownership, credit_pct, credit_name, credit_condition, credit_source)
  values ('00000000-0000-0000-0000-00000000a001', 'third_party', 30, 'Lease price includes the owner''s §48E credit', 'leases signed in 2026', 'Lease §4')$$, 'a partner admin sets its own settings');
select throws_ok($$insert into public.savings_settings (organization_id) values ('00000000-0000-0000-0000-00000000b002')$$, '42501', null, 'not another organisation''s');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000000ab","org_id":"00000000-0000-0000-0000-00000000a001","role":"authenticated","app_role":"partner_user"}', true);
update public.savings_settings set credit_pct = 99 where organization_id = '00000000-0000-0000-0000-00000000a001';
select is((select credit_pct from public.savings_settings), 30.00::numeric(5,2), 'a partner user reads the settings but cannot change them');
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000000bb","org_id":"00000000-0000-0000-0000-00000000b002","role":"authenticated","app_role":"partner_admin"}', true);
select is((select count(*)::int from public.savings_settings), 0, 'partner B does not see partner A''s settings');
select throws_ok($$insert into public.savings_settings (organization_id, offer_ownership) values ('00000000-0000-0000-0000-00000000b002', 'rented')$$, '23514', null, 'ownership is owned or third_party');

select * from finish();
rollback;
