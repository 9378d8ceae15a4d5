-- Supabase shape: explicit grants (no default privileges), and the pg_net-driven queue.
-- pg_net, pg_cron and Vault are not installed on the test server. The guard is proven as is; the trigger and
-- the sweep are proven against stand-ins created inside this transaction: a `net.http_post`, a
-- `cron.schedule` and a `vault.decrypted_secrets` with the same signatures as the real ones, recording their
-- calls. That proves our SQL calls them correctly, not that pg_net delivers the request.
begin;
set local client_min_messages = warning;
select plan(30);

-- Grants ------------------------------------------------------------------------------------------------
select is(
  (select count(*)::int from pg_default_acl d
    where d.defaclnamespace = 'public'::regnamespace
      and exists (select 1 from aclexplode(d.defaclacl) a where a.grantee in ('anon'::regrole, 'authenticated'::regrole))),
  0, 'no default privileges for anon/authenticated in public (as on a new Supabase project)');

select is(
  (select coalesce(string_agg(c.relname, ', ' order by c.relname), '')
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
      and exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                    and ('authenticated' = any(p.roles) or 'public' = any(p.roles)))
      and not has_table_privilege('authenticated', c.oid, 'select')),
  '', 'every RLS-enabled public table with a policy for authenticated is granted to authenticated');

select is(
  (select coalesce(string_agg(p.tablename || ':' || x.cmd, ', ' order by p.tablename, x.cmd), '')
     from pg_policies p
     cross join lateral unnest(case p.cmd when 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[p.cmd] end) as x(cmd)
    -- Restrictive policies allow nothing by themselves (they only narrow what a permissive one allows).
    where p.schemaname = 'public' and 'authenticated' = any(p.roles) and p.permissive = 'PERMISSIVE'
      and p.tablename in ('appointments', 'contacts', 'invoices', 'jobs', 'leads', 'opportunities', 'properties', 'technicians', 'widget_configs')
      and not has_table_privilege('authenticated', format('public.%I', p.tablename), x.cmd)),
  '', 'partner tables: every command a policy allows is granted');

select ok(not has_table_privilege('anon', 'public.leads', 'select'), 'anon reads no partner table');

-- A partner reads its own rows through the API role (a grant was missing here before).
insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000e00a1', 'Edge Solar', 'edge-solar');
insert into public.properties (organization_id, line1, city, state, zip)
  values ('00000000-0000-0000-0000-0000000e00a1', '1 Edge St', 'Austin', 'TX', '78701');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000e","org_id":"00000000-0000-0000-0000-0000000e00a1","role":"authenticated"}', true);
select is((select count(*)::int from public.properties), 1, 'authenticated reads its properties without default privileges');
select lives_ok($$insert into public.contacts (organization_id, first_name, last_name, email)
  values ('00000000-0000-0000-0000-0000000e00a1', 'Ada', 'Edge', 'ada@edge.test')$$, 'authenticated inserts a contact');
reset role;

-- Queue guard (no pg_net, no pg_cron, no Vault here) --------------------------------------------------
select ok(to_regnamespace('net') is null and to_regnamespace('cron') is null, 'no pg_net / pg_cron on the test server');
select is(queue.kick_worker(), null, 'kick_worker is a no-op without pg_net');
select lives_ok($$insert into queue.jobs (queue, payload) values ('edge.test', '{}')$$, 'enqueueing works without pg_net (the trigger does nothing)');
select is(queue.sweep(), null, 'the sweep is a no-op without pg_net');
select is(queue.schedule_sweep(), null, 'no sweep is scheduled without pg_cron');
select has_trigger('queue', 'jobs', 'jobs_kick_worker', 'the kick trigger is installed everywhere');

-- Stand-ins with the real signatures ------------------------------------------------------------------
create schema net;
create table net.calls (url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds int);
create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds int default 5000)
returns bigint language sql as $$
  insert into net.calls values (url, body, params, headers, timeout_milliseconds);
  select count(*) from net.calls;
$$;
create schema vault;
create table vault.decrypted_secrets (name text, decrypted_secret text);
create schema cron;
create table cron.jobs (jobname text, schedule text, command text);
create function cron.schedule(job_name text, schedule text, command text) returns bigint language sql as $$
  insert into cron.jobs values (job_name, schedule, command);
  select count(*) from cron.jobs;
$$;
delete from queue.jobs;

select is(queue.kick_worker(), null, 'pg_net without the Vault secrets: no call');
insert into vault.decrypted_secrets values
  ('queue_worker_url', 'https://ref.supabase.co/functions/v1/queue-worker'), ('queue_worker_token', 'tok-123');

insert into queue.jobs (queue, payload) values ('edge.test', '{"n":1}');
select is((select count(*)::int from net.calls), 1, 'inserting a ready job calls net.http_post once');
select is((select url from net.calls), 'https://ref.supabase.co/functions/v1/queue-worker', 'the call goes to the worker URL from Vault');
select is((select headers ->> 'Authorization' from net.calls), 'Bearer tok-123', 'with the service token from Vault');

insert into queue.jobs (queue, payload) select 'edge.test', jsonb_build_object('n', g) from generate_series(2, 4) g;
select is((select count(*)::int from net.calls), 2, 'one call per INSERT statement, not per row');

insert into queue.jobs (queue, payload, run_at) values ('edge.test', '{"later":true}', now() + interval '1 hour');
select is((select count(*)::int from net.calls), 2, 'a delayed job does not call the worker (the sweep will)');

update queue.jobs set status = 'done';
select is(queue.sweep(), null, 'the sweep does not call when nothing is ready');
update queue.jobs set status = 'running', locked_until = now() - interval '1 minute' where payload ->> 'n' = '1';
select isnt(queue.sweep(), null, 'the sweep calls the worker for a job whose lease ran out');

select isnt(queue.schedule_sweep(), null, 'with pg_cron the sweep is scheduled');
select results_eq($$select jobname, schedule, command from cron.jobs$$,
  $$values ('queue-worker-sweep'::text, '5 seconds'::text, 'select queue.sweep()'::text)$$,
  'every 5 seconds, by name (re-scheduling replaces it)');

-- Storage (the storage schema is absent here: the guard, then a stand-in with Supabase's shape) ----------
select is(app.install_storage(), 0, 'no storage schema: the storage migration does nothing');
\ir include/storage_standin.sql
select is(app.install_storage(), 6, 'with storage: the buckets and policies are installed');
select results_eq($$select id, public from storage.buckets order by id$$,
  $$values ('bills'::text, false), ('contracts', false), ('email-attachments', false), ('property-documents', false), ('savings-reports', false), ('widget', true)$$,
  'five private buckets and the public widget bucket');
select is(app.install_storage(), 6, 'installing again is idempotent');
insert into storage.objects (bucket_id, name) values
  ('bills', '00000000-0000-0000-0000-0000000e00a1/t1/1-bill.pdf'),
  ('bills', '00000000-0000-0000-0000-0000000e00b2/t2/1-bill.pdf');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000000e","org_id":"00000000-0000-0000-0000-0000000e00a1","role":"authenticated"}', true);
select is((select count(*)::int from storage.objects), 1, 'a partner sees only objects in its own folder');
select lives_ok($$insert into storage.objects (bucket_id, name) values ('contracts', '00000000-0000-0000-0000-0000000e00a1/c/1.pdf')$$,
  'a partner writes into its own folder');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('contracts', '00000000-0000-0000-0000-0000000e00b2/c/1.pdf')$$,
  '42501', null, 'a partner cannot write into another partner''s folder');
select throws_ok($$insert into storage.objects (bucket_id, name) values ('widget', '00000000-0000-0000-0000-0000000e00a1/x.js')$$,
  '42501', null, 'partners do not write the public widget bucket');
reset role;

select * from finish();
rollback;
