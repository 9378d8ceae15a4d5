-- A technician of partner B reads no job of partner A (security pass 14). Partner A can put any platform user's id
-- in jobs.technician_id (references to public.users are not held to one organization, migration 20261125040000), and a
-- technician who moves to partner B keeps their user id: the permissive `jobs_technician_read` passed a job of ANY
-- organization whose technician_id was the caller (migration 20261204091400 drops it; jobs_org and the restrictive
-- jobs_technician_own already give a technician their own organization's jobs assigned to them).
begin;
select plan(7);

insert into public.organizations (id, name, slug) values
  ('00000000-0000-0000-0000-00000000a0a1', 'A Solar', 'a-solar-xorg'),
  ('00000000-0000-0000-0000-00000000b0b1', 'B Solar', 'b-solar-xorg');
insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-0000-0000-00000000a0d1', 'tech@a-solar.test', 'Tech A', '00000000-0000-0000-0000-00000000a0a1', 'technician'),
  ('00000000-0000-0000-0000-00000000b0d1', 'tech@b-solar.test', 'Tech B', '00000000-0000-0000-0000-00000000b0b1', 'technician'),
  ('00000000-0000-0000-0000-00000000b0d2', 'staff@b-solar.test', 'Staff B', '00000000-0000-0000-0000-00000000b0b1', 'partner_user');
insert into public.jobs (id, organization_id, address, status, technician_id) values
  ('JOB-XA-OWN', '00000000-0000-0000-0000-00000000a0a1', '1 A St', 'Assigned', '00000000-0000-0000-0000-00000000a0d1'),
  ('JOB-XB-OWN', '00000000-0000-0000-0000-00000000b0b1', '3 B St', 'Assigned', '00000000-0000-0000-0000-00000000b0d1');
-- A's job naming B's technician (a mistake of A's, or a technician who moved from A to B), as written before pass 15's
-- triggers refused such a reference (migration 20261205150000): triggers off for this one row.
set local session_replication_role = replica;
insert into public.jobs (id, organization_id, address, status, technician_id) values
  ('JOB-XA-B', '00000000-0000-0000-0000-00000000a0a1', '2 A St', 'Assigned', '00000000-0000-0000-0000-00000000b0d1');
set local session_replication_role = origin;

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000b0d1","org_id":"00000000-0000-0000-0000-00000000b0b1","app_role":"technician","role":"authenticated"}', true);
select is((select string_agg(id, ',' order by id) from public.jobs), 'JOB-XB-OWN',
  'B''s technician reads their own partner''s job only, not A''s job naming them');
select is_empty($$select id from public.jobs where organization_id = '00000000-0000-0000-0000-00000000a0a1'$$,
  'B''s technician reads nothing of A''s jobs, even by asking for them');
select is_empty($$update public.jobs set status = 'Completed' where id = 'JOB-XA-B' returning id$$,
  'B''s technician changes no job of A');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000b0d2","org_id":"00000000-0000-0000-0000-00000000b0b1","app_role":"partner_user","role":"authenticated"}', true);
select is((select string_agg(id, ',' order by id) from public.jobs), 'JOB-XB-OWN', 'B''s staff read B''s jobs only');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000a0d1","org_id":"00000000-0000-0000-0000-00000000a0a1","app_role":"technician","role":"authenticated"}', true);
select is((select string_agg(id, ',' order by id) from public.jobs), 'JOB-XA-OWN', 'A''s technician still reads their own job');

reset role;
select is((select status from public.jobs where id = 'JOB-XA-B'), 'Assigned', 'A''s job is unchanged');
-- Every permissive policy of public.jobs names the caller's organization.
select is(
  (select coalesce(string_agg(policyname, ','), '') from pg_policies
    where schemaname = 'public' and tablename = 'jobs' and permissive = 'PERMISSIVE'
      and coalesce(qual, '') !~ 'current_org_id\(\)'),
  '', 'no permissive policy of jobs passes a row without the caller''s organization');

select * from finish();
rollback;
