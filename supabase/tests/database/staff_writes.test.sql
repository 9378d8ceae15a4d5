-- Writes on the Data API by role (migration 20261202090700; docs/security.md, pass 7). A partner's user writes no
-- invoice, technician or scheduling setting or holiday; the public widget token writes none of those, no job, no
-- appointment and no inbox message; the partner's administrator writes them all; reads are unchanged. Before the
-- migration every "denied"/"rows=0" below was "rows=1" (the policies checked only the organisation).
begin;
select plan(49);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000009a1', 'W Solar', 'w-solar-partner');
insert into public.properties (id, organization_id, line1, city, state, zip)
  values ('00000000-0000-0000-0000-0000000009c1', '00000000-0000-0000-0000-0000000009a1', '9 Elm St', 'Fresno', 'CA', '93701');
insert into public.invoices (id, organization_id, amount, due_date, customer_name)
  values ('INV-W-1', '00000000-0000-0000-0000-0000000009a1', 120.00, '2026-12-31', 'Home Owner');
insert into public.technicians (id, organization_id, name, email)
  values ('00000000-0000-0000-0000-0000000009e1', '00000000-0000-0000-0000-0000000009a1', 'Crew W', 'crew@w-solar.test');
insert into public.scheduling_settings (organization_id) values ('00000000-0000-0000-0000-0000000009a1');
insert into public.scheduling_holidays (organization_id, day, name) values ('00000000-0000-0000-0000-0000000009a1', '2026-12-25', 'Christmas');
insert into public.jobs (id, organization_id, address, status) values ('JOB-W-1', '00000000-0000-0000-0000-0000000009a1', '9 Elm St', 'New');
insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone)
  values ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009c1', '2026-12-01 16:00Z', '2026-12-01 17:00Z', 'America/Los_Angeles');
insert into public.email_messages (organization_id, message_id, inbox, category)
  values ('00000000-0000-0000-0000-0000000009a1', '<w@example.com>', 'embedded', 'utility_bill');

-- 'denied' when the statement raises insufficient_privilege (RLS's WITH CHECK), else 'rows=<n>'.
create function pg_temp.try(stmt text) returns text language plpgsql as $$
declare
  n int;
begin
  execute stmt;
  get diagnostics n = row_count;
  return 'rows=' || n;
exception when insufficient_privilege then
  return 'denied';
end $$;
grant execute on function pg_temp.try(text) to authenticated;

create temporary table writes (tbl text, ins text, upd text, del text) on commit drop;
insert into writes values
  ('invoices', $$insert into public.invoices (id, organization_id, amount, due_date) values ('INV-W-%s', '00000000-0000-0000-0000-0000000009a1', 1, '2027-01-01')$$,
   $$update public.invoices set amount = 1 where id = 'INV-W-1'$$, $$delete from public.invoices where id = 'INV-W-%s'$$),
  ('technicians', $$insert into public.technicians (organization_id, name, email) values ('00000000-0000-0000-0000-0000000009a1', 'Ghost %s', 'ghost@attacker.example')$$,
   $$update public.technicians set email = 'me@attacker.example' where id = '00000000-0000-0000-0000-0000000009e1'$$,
   $$delete from public.technicians where name = 'Ghost %s'$$),
  ('scheduling_settings', $$insert into public.scheduling_settings (organization_id) values ('00000000-0000-0000-0000-0000000009a1') on conflict (organization_id) do nothing$$,
   $$update public.scheduling_settings set min_notice_minutes = 100000$$,
   $$delete from public.scheduling_settings where min_notice_minutes = 100000 and '%s' <> ''$$),
  ('scheduling_holidays', $$insert into public.scheduling_holidays (organization_id, day, name) values ('00000000-0000-0000-0000-0000000009a1', ('2027-01-0' || length('%s'))::date, 'Every day off')$$,
   $$update public.scheduling_holidays set name = 'Closed forever' where day = '2026-12-25'$$,
   $$delete from public.scheduling_holidays where name = 'Every day off' and '%s' <> ''$$),
  ('jobs', $$insert into public.jobs (id, organization_id, address) values ('JOB-W-%s', '00000000-0000-0000-0000-0000000009a1', 'Nowhere')$$,
   $$update public.jobs set status = 'Cancelled' where id = 'JOB-W-1'$$, $$delete from public.jobs where id = 'JOB-W-%s'$$),
  ('appointments', $$insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, notes)
      values ('00000000-0000-0000-0000-0000000009a1', '00000000-0000-0000-0000-0000000009c1', '2026-12-02 16:00Z', '2026-12-02 17:00Z', 'UTC', '%s')$$,
   $$update public.appointments set status = 'cancelled' where starts_at = '2026-12-01 16:00Z'$$,
   $$delete from public.appointments where notes = '%s'$$);
grant select on writes to authenticated;

create function pg_temp.as_role(r text) returns void language sql as $$
  select set_config('request.jwt.claims', json_build_object('sub', '00000000-0000-0000-0000-0000000009d1',
    'org_id', '00000000-0000-0000-0000-0000000009a1', 'app_role', r, 'role', 'authenticated')::text, true)
$$;
grant execute on function pg_temp.as_role(text) to authenticated;

set local role authenticated;

-- The partner's user: reads everything, writes none of the administrator's tables, still works jobs and appointments.
select pg_temp.as_role('partner_user');
select is((select count(*)::int from public.invoices) || ' ' || (select count(*)::int from public.technicians) || ' ' ||
  (select count(*)::int from public.scheduling_settings) || ' ' || (select count(*)::int from public.scheduling_holidays), '1 1 1 1',
  'the partner''s user still reads invoices, technicians, scheduling settings and holidays');
select is(pg_temp.try(format(ins, 'u')), 'denied', 'the partner''s user inserts no row into ' || tbl)
  from writes where tbl in ('invoices', 'technicians', 'scheduling_holidays') order by tbl;
select is(pg_temp.try(upd), 'rows=0', 'the partner''s user updates no row of ' || tbl)
  from writes where tbl in ('invoices', 'technicians', 'scheduling_settings', 'scheduling_holidays') order by tbl;
reset role;
insert into public.invoices (id, organization_id, amount, due_date) values ('INV-W-x', '00000000-0000-0000-0000-0000000009a1', 1, '2027-01-01');
insert into public.technicians (organization_id, name) values ('00000000-0000-0000-0000-0000000009a1', 'Ghost x');
insert into public.scheduling_holidays (organization_id, day, name) values ('00000000-0000-0000-0000-0000000009a1', '2027-01-09', 'Every day off');
update public.scheduling_settings set min_notice_minutes = 100000 where organization_id = '00000000-0000-0000-0000-0000000009a1';
set local role authenticated;
select pg_temp.as_role('partner_user');
select is(pg_temp.try(format(del, 'x')), 'rows=0', 'the partner''s user deletes no row of ' || tbl)
  from writes where tbl in ('invoices', 'technicians', 'scheduling_settings', 'scheduling_holidays') order by tbl;
select is(pg_temp.try(format(ins, 'u')), 'rows=1', 'the partner''s user still inserts into ' || tbl)
  from writes where tbl in ('jobs', 'appointments') order by tbl;
select is(pg_temp.try(format(del, 'u')), 'rows=1', 'the partner''s user still deletes from ' || tbl)
  from writes where tbl in ('jobs', 'appointments') order by tbl;
select is(pg_temp.try(upd), 'rows=1', 'the partner''s user still updates ' || tbl)
  from writes where tbl in ('jobs', 'appointments') order by tbl;
select is(pg_temp.try($$update public.email_messages set notes = 'checked'$$), 'rows=1', 'the partner''s user still annotates inbox messages');

-- The public widget token: no write on any of the six tables, nor on inbox messages.
select pg_temp.as_role('widget');
select is(pg_temp.try(format(ins, 'w')), 'denied', 'the widget inserts no row into ' || tbl)
  from writes where tbl <> 'scheduling_settings' order by tbl;
select is(pg_temp.try(upd), 'rows=0', 'the widget updates no row of ' || tbl) from writes order by tbl;
select is(pg_temp.try(format(del, 'x')), 'rows=0', 'the widget deletes no row of ' || tbl)
  from writes where tbl not in ('jobs', 'appointments') order by tbl;
select is(pg_temp.try($$delete from public.jobs$$) || ' ' || pg_temp.try($$delete from public.appointments$$), 'rows=0 rows=0',
  'the widget deletes no job and no appointment');
select is(pg_temp.try($$update public.email_messages set status = 'ignored', property_id = null$$), 'rows=0',
  'the widget rewrites no inbox message');

-- The partner's administrator writes them all.
select pg_temp.as_role('partner_admin');
select is(pg_temp.try(format(del, 'x')), 'rows=1', 'the administrator deletes from ' || tbl)
  from writes where tbl in ('invoices', 'technicians', 'scheduling_settings', 'scheduling_holidays') order by tbl;
select is(pg_temp.try(format(ins, 'a')), 'rows=1', 'the administrator inserts into ' || tbl)
  from writes where tbl in ('invoices', 'technicians', 'scheduling_settings', 'scheduling_holidays') order by tbl;
select is(pg_temp.try(upd), 'rows=1', 'the administrator updates ' || tbl)
  from writes where tbl in ('invoices', 'technicians', 'scheduling_settings', 'scheduling_holidays') order by tbl;

reset role;
select is((select amount::text from public.invoices where id = 'INV-W-1') || ' ' ||
  (select status from public.jobs where id = 'JOB-W-1'), '1.00 Cancelled',
  'only the administrator''s and the user''s own writes landed');

select * from finish();
rollback;
