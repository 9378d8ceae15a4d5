-- The people a record is assigned to are members of its organization (security pass 15, migration 20261205150000):
-- a job's technician and partner contact, an invoice's billing contact, the partner's default contacts and a crew's
-- login. A partner writing on the Data API cannot name another partner's user there (their job.assigned email carried
-- the job and the customer's address to that user), and a user who leaves the organization is taken off its records.
begin;
select plan(10);

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-0000000ca0a1', 'A Solar', 'a-solar-member'),
  ('00000000-0000-0000-0000-0000000cb0b1', 'B Solar', 'b-solar-member');
insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-0000-0000-0000000ca0d1', 'tech@a-member.test', 'Tech A', '00000000-0000-0000-0000-0000000ca0a1', 'technician'),
  ('00000000-0000-0000-0000-0000000ca0d2', 'admin@a-member.test', 'Admin A', '00000000-0000-0000-0000-0000000ca0a1', 'partner_admin'),
  ('00000000-0000-0000-0000-0000000cb0d1', 'tech@b-member.test', 'Tech B', '00000000-0000-0000-0000-0000000cb0b1', 'technician');
insert into public.jobs (id, organization_id, address, status) values
  ('JOB-MEM-A', '00000000-0000-0000-0000-0000000ca0a1', '1 A St', 'New');

-- As A's admin on the Data API.
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000ca0d2","org_id":"00000000-0000-0000-0000-0000000ca0a1","app_role":"partner_admin","role":"authenticated"}', true);
select throws_ok(
  $$update public.jobs set technician_id = '00000000-0000-0000-0000-0000000cb0d1' where id = 'JOB-MEM-A'$$,
  '23503', 'jobs.technician_id refers to a user who is not a member of the organization',
  'A cannot make B''s user its job''s technician');
select throws_ok(
  $$insert into public.jobs (organization_id, address, technician_id)
    values ('00000000-0000-0000-0000-0000000ca0a1', '2 A St', '00000000-0000-0000-0000-0000000cb0d1')$$,
  '23503', null, 'nor create a job assigned to them');
select throws_ok(
  $$insert into public.technicians (organization_id, user_id, name)
    values ('00000000-0000-0000-0000-0000000ca0a1', '00000000-0000-0000-0000-0000000cb0d1', 'Borrowed')$$,
  '23503', null, 'nor give one of its crews B''s user as its login');
select throws_ok(
  $$insert into public.partner_contacts (organization_id, contact_user_id)
    values ('00000000-0000-0000-0000-0000000ca0a1', '00000000-0000-0000-0000-0000000cb0d1')$$,
  '23503', null, 'nor name B''s user as its partner contact');
select lives_ok(
  $$update public.jobs set technician_id = '00000000-0000-0000-0000-0000000ca0d1' where id = 'JOB-MEM-A'$$,
  'A''s own technician is accepted');
reset role;

-- A's technician moves to B: A's job no longer names them; B's rows are not touched.
insert into public.jobs (id, organization_id, address, status, technician_id) values
  ('JOB-MEM-B', '00000000-0000-0000-0000-0000000cb0b1', '3 B St', 'Assigned', '00000000-0000-0000-0000-0000000cb0d1');
update public.users set organization_id = '00000000-0000-0000-0000-0000000cb0b1'
  where id = '00000000-0000-0000-0000-0000000ca0d1';
select is((select technician_id from public.jobs where id = 'JOB-MEM-A'), null, 'a leaver is taken off the old organization''s job');
select is((select technician_id::text from public.jobs where id = 'JOB-MEM-B'), '00000000-0000-0000-0000-0000000cb0d1',
  'another organization''s assignment stays');
-- Removed from every organization: the same.
update public.jobs set technician_id = '00000000-0000-0000-0000-0000000cb0d1' where id = 'JOB-MEM-B';
update public.users set organization_id = null where id = '00000000-0000-0000-0000-0000000cb0d1';
select is((select technician_id from public.jobs where id = 'JOB-MEM-B'), null, 'a user removed from the organization too');

-- Over the whole catalog: every reference to public.users from an organization's table either holds the user to the
-- row's organization (an org_member_ trigger) or records who acted (a column named *_by, or the invitation's
-- accepting user). A new assignment column (say, jobs.surveyor_id) is held to this rule.
select is(
  (select coalesce(string_agg(c.relname || '.' || a.attname, ', ' order by 1), '')
   from pg_constraint k
   join pg_class c on c.oid = k.conrelid
   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
   where k.contype = 'f' and k.confrelid = 'public.users'::regclass
     and exists (select 1 from pg_attribute x where x.attrelid = c.oid and x.attname = 'organization_id' and not x.attisdropped)
     and a.attname !~ '_by$' and a.attname <> 'accepted_user_id'
     and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = left('org_member_' || a.attname, 63))),
  '', 'every assignment of a user is held to the row''s organization');
select is(
  (select count(*)::int from app.org_member_references() r
   where not exists (select 1 from pg_trigger t where t.tgrelid = r.tbl and t.tgname = left('org_member_' || r.col, 63))),
  0, 'every listed column has its trigger');

select * from finish();
rollback;
