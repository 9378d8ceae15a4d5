-- A technician of partner A (role `technician`) reaches none of A's homeowners' data through the Data API role
-- (migration 20261201090000), writes none of its invoices, technicians or scheduling settings (20261201090100) and
-- reaches none of its private files through the Storage API (20261201090200), and of the jobs and appointments only
-- their own (20261201090300) and of the contacts and properties only those their appointments name (20261201090400;
-- docs/security.md, fourth pass). Before them, RLS checked only the organisation: the technician read every row
-- below and could rewrite or delete them. Partner A's user still reads them all.
begin;
select plan(31);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000007a1', 'T Solar', 't-solar-partner');
insert into public.leads (id, organization_id, email)
  values ('00000000-0000-0000-0000-0000000007b1', '00000000-0000-0000-0000-0000000007a1', 'home@example.com');
insert into public.opportunities (organization_id, lead_id, name)
  values ('00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007b1', 'Solar — Home');
insert into public.savings_reports (id, organization_id, customer_name, email, state, address, input, figures, report, writer)
  values (gen_random_uuid(), '00000000-0000-0000-0000-0000000007a1', 'Home Owner', 'home@example.com', 'CA', '{}', '{}', '{}', '{}', 'x');
insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode)
  values ('00000000-0000-0000-0000-0000000007a1', gen_random_uuid(), gen_random_uuid(), 'upload');
insert into public.contract_analyses (organization_id, mode) values ('00000000-0000-0000-0000-0000000007a1', 'contract');
insert into public.email_messages (organization_id, message_id, inbox, category)
  values ('00000000-0000-0000-0000-0000000007a1', '<t@example.com>', 'embedded', 'utility_bill');
insert into public.properties (id, organization_id, line1, city, state, zip)
  values ('00000000-0000-0000-0000-0000000007c1', '00000000-0000-0000-0000-0000000007a1', '1 Sun St', 'Fresno', 'CA', '93701');
insert into public.properties (id, organization_id, line1, city, state, zip)
  values ('00000000-0000-0000-0000-0000000007c2', '00000000-0000-0000-0000-0000000007a1', '2 Moon St', 'Fresno', 'CA', '93702');
insert into public.contacts (id, organization_id, first_name, last_name, email) values
  ('00000000-0000-0000-0000-0000000007c5', '00000000-0000-0000-0000-0000000007a1', 'Own', 'Customer', 'own@example.com'),
  ('00000000-0000-0000-0000-0000000007c6', '00000000-0000-0000-0000-0000000007a1', 'Other', 'Customer', 'other@example.com');
insert into public.property_documents (organization_id, property_id, filename, content_type, size_bytes, bucket, path)
  values ('00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007c1', 'bill.pdf', 'application/pdf', 1,
    'property-documents', 'x/bill.pdf');
insert into public.invoices (id, organization_id, amount, due_date, customer_name)
  values ('INV-T-1', '00000000-0000-0000-0000-0000000007a1', 120.00, '2026-12-31', 'Home Owner');
insert into public.technicians (id, organization_id, name, email)
  values ('00000000-0000-0000-0000-0000000007e1', '00000000-0000-0000-0000-0000000007a1', 'Crew A', 'crew-a@t-solar.test');
insert into public.scheduling_settings (organization_id) values ('00000000-0000-0000-0000-0000000007a1');
insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-0000-0000-0000000007d1', 'tech1@t-solar.test', 'Tech One', '00000000-0000-0000-0000-0000000007a1', 'technician'),
  ('00000000-0000-0000-0000-0000000007d9', 'tech9@t-solar.test', 'Tech Nine', '00000000-0000-0000-0000-0000000007a1', 'technician');
insert into public.technicians (id, organization_id, user_id, name) values
  ('00000000-0000-0000-0000-0000000007f1', '00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007d1', 'Tech One'),
  ('00000000-0000-0000-0000-0000000007f9', '00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007d9', 'Tech Nine');
insert into public.jobs (id, organization_id, address, status, technician_id) values
  ('JOB-T-OWN', '00000000-0000-0000-0000-0000000007a1', '1 Sun St', 'Assigned', '00000000-0000-0000-0000-0000000007d1'),
  ('JOB-T-OTHER', '00000000-0000-0000-0000-0000000007a1', '2 Moon St', 'Assigned', '00000000-0000-0000-0000-0000000007d9');
insert into public.appointments (organization_id, property_id, contact_id, starts_at, ends_at, timezone, technician_id) values
  ('00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007c1', '00000000-0000-0000-0000-0000000007c5',
    '2026-12-01 16:00Z', '2026-12-01 17:00Z', 'America/Los_Angeles', '00000000-0000-0000-0000-0000000007f1'),
  ('00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007c2', '00000000-0000-0000-0000-0000000007c6',
    '2026-12-02 16:00Z', '2026-12-02 17:00Z', 'America/Los_Angeles', '00000000-0000-0000-0000-0000000007f9');

-- Storage: the stand-in with Supabase's shape, then the policies.
\ir include/storage_standin.sql
select is(app.install_storage(), 6, 'storage policies installed');
insert into storage.objects (bucket_id, name) values
  ('bills', '00000000-0000-0000-0000-0000000007a1/t1/1-bill.pdf'),
  ('property-documents', '00000000-0000-0000-0000-0000000007a1/p/1-id.jpg');

create temporary table homeowner_tables (name text) on commit drop;
insert into homeowner_tables values ('leads'), ('opportunities'), ('savings_reports'), ('bill_extractions'),
  ('contract_analyses'), ('email_messages'), ('property_documents');
grant select on homeowner_tables to authenticated;
create function pg_temp.visible() returns text language plpgsql as $$
declare
  t text;
  n int;
  out text := '';
begin
  for t in select name from homeowner_tables order by name loop
    execute format('select count(*)::int from public.%I', t) into n;
    out := out || t || '=' || n || ' ';
  end loop;
  return trim(out);
end $$;
grant execute on function pg_temp.visible() to authenticated;

set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000007d1","org_id":"00000000-0000-0000-0000-0000000007a1","app_role":"technician","role":"authenticated"}', true);
select is(pg_temp.visible(),
  'bill_extractions=0 contract_analyses=0 email_messages=0 leads=0 opportunities=0 property_documents=0 savings_reports=0',
  'a technician sees none of the homeowners'' data');
select is((select string_agg(line1, ',') from public.properties), '1 Sun St', 'a technician sees only the property of their appointment');
select is((select string_agg(email, ',') from public.contacts), 'own@example.com', 'a technician sees only the contact of their appointment');
select throws_ok($$insert into public.leads (organization_id, email) values ('00000000-0000-0000-0000-0000000007a1', 'fake@example.com')$$,
  '42501', null, 'a technician cannot create a lead');
select throws_ok($$insert into public.property_documents (organization_id, property_id, filename, content_type, size_bytes, bucket, path)
  values ('00000000-0000-0000-0000-0000000007a1', '00000000-0000-0000-0000-0000000007c1', 'x.pdf', 'application/pdf', 1, 'property-documents', 'x/x.pdf')$$,
  '42501', null, 'a technician cannot attach a document');
select is_empty($$update public.leads set email = 'attacker@example.com' returning id$$, 'a technician rewrites no lead');
select is_empty($$delete from public.leads returning id$$, 'a technician deletes no lead');
select is_empty($$update public.email_messages set status = 'ignored' returning id$$, 'a technician marks no inbox message');
select is_empty($$delete from public.opportunities returning id$$, 'a technician deletes no opportunity');
select is_empty($$update public.invoices set amount = 1 returning id$$, 'a technician changes no invoice amount');
select is_empty($$delete from public.invoices returning id$$, 'a technician deletes no invoice');
select is_empty($$update public.technicians set email = 'me@attacker.example' returning id$$,
  'a technician redirects no colleague''s job emails');
select throws_ok($$insert into public.technicians (organization_id, name) values ('00000000-0000-0000-0000-0000000007a1', 'Ghost')$$,
  '42501', null, 'a technician adds no technician');
select is_empty($$update public.scheduling_settings set min_notice_minutes = min_notice_minutes + 1 returning organization_id$$,
  'a technician changes no scheduling setting');
select is((select count(*)::int from public.invoices), 1, 'a technician still reads the invoices');
select is((select string_agg(id, ',') from public.jobs), 'JOB-T-OWN', 'a technician sees only their own job');
select throws_ok($$update public.jobs set technician_id = '00000000-0000-0000-0000-0000000007d9' where id = 'JOB-T-OWN'$$,
  '42501', null, 'a technician hands their job to no one');
select is_empty($$update public.jobs set status = 'Cancelled' where id = 'JOB-T-OTHER' returning id$$,
  'a technician cancels no other technician''s job');
select is((select count(*)::int from public.appointments), 1, 'a technician sees only their own appointments');
select is_empty($$delete from public.appointments where technician_id = '00000000-0000-0000-0000-0000000007f9' returning id$$,
  'a technician deletes no other technician''s appointment');
select is((select count(*)::int from storage.objects), 0, 'a technician lists none of the partner''s files');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('bills', '00000000-0000-0000-0000-0000000007a1/t9/1-fake.pdf')$$,
  '42501', null, 'a technician uploads no file');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000007d2","org_id":"00000000-0000-0000-0000-0000000007a1","app_role":"partner_user","role":"authenticated"}', true);
select is(pg_temp.visible(),
  'bill_extractions=1 contract_analyses=1 email_messages=1 leads=1 opportunities=1 property_documents=1 savings_reports=1',
  'the partner''s user sees them all');
select is((select email from public.leads), 'home@example.com', 'the lead is unchanged');
select is((select count(*)::int from storage.objects), 2, 'the partner''s user lists the files');
select is((select count(*)::int from public.jobs) + (select count(*)::int from public.appointments where status = 'scheduled'), 4,
  'the partner''s user sees every job and appointment, unchanged');
select is((select count(*)::int from public.properties) + (select count(*)::int from public.contacts), 4,
  'the partner''s user sees every property and contact');
select is((select amount::text || ' ' || (select email from public.technicians where id = '00000000-0000-0000-0000-0000000007e1') from public.invoices), '120.00 crew-a@t-solar.test',
  'the invoice and the technician are unchanged');

select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000007d3","org_id":"00000000-0000-0000-0000-0000000007a1","app_role":"widget","role":"authenticated","platform_route":true}', true);
select lives_ok($$insert into public.leads (organization_id, email) values ('00000000-0000-0000-0000-0000000007a1', 'new@example.com')$$,
  'the widget still creates leads');

reset role;
select is(
  (select string_agg(tablename, ',' order by tablename) from pg_policies
    where schemaname = 'public' and policyname like '%\_not\_technician' and permissive = 'RESTRICTIVE'),
  'bill_extractions,contract_analyses,email_messages,leads,opportunities,property_documents,savings_reports',
  'each homeowner table has its restrictive policy');

select * from finish();
rollback;
