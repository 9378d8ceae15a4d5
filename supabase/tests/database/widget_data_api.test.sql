-- The public widget token off the Data API (migration 20261202090703; docs/security.md, pass 7). Its ID token is a
-- signed-in user's token, so PostgREST took it: it listed every contact, property, lead, appointment and staff user of
-- its partner and rewrote every contact at once. Now the widget role reaches the partners' tables only through the
-- platform's routes (shared/db/scoped.ts withAuth sets `platform_route`, which no issued token carries). Before the
-- migration every "0"/"rows=0"/"denied" below was the partner's whole data.
begin;
select plan(10);

insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-00000000bba1', 'V Solar', 'v-solar-partner');
insert into public.users (id, email, full_name, organization_id, role)
  values ('00000000-0000-0000-0000-00000000bbd1', 'owner@v-solar.test', 'Owner', '00000000-0000-0000-0000-00000000bba1', 'partner_admin');
-- The homeowner's rows, of the widget session that created them (pass 8: a widget token reaches only its own).
insert into public.contacts (id, organization_id, first_name, last_name, email, widget_session)
  values ('00000000-0000-0000-0000-00000000bbc1', '00000000-0000-0000-0000-00000000bba1', 'Vera', 'Home', 'vera@example.com', '00000000-0000-4000-8000-00000000bbf1');
insert into public.properties (id, organization_id, contact_id, line1, city, state, zip, widget_session)
  values ('00000000-0000-0000-0000-00000000bbe1', '00000000-0000-0000-0000-00000000bba1', '00000000-0000-0000-0000-00000000bbc1', '5 Vine St', 'Fresno', 'CA', '93701', '00000000-0000-4000-8000-00000000bbf1');
insert into public.leads (organization_id, contact_id, property_id, email, widget_session)
  values ('00000000-0000-0000-0000-00000000bba1', '00000000-0000-0000-0000-00000000bbc1', '00000000-0000-0000-0000-00000000bbe1', 'vera@example.com', '00000000-0000-4000-8000-00000000bbf1');

-- Storage: the stand-in with Supabase's shape, then the policies.
\ir include/storage_standin.sql
select is(app.install_storage(), 6, 'storage policies installed');
insert into storage.objects (bucket_id, name) values ('bills', '00000000-0000-0000-0000-00000000bba1/t1/1-bill.pdf');

create function pg_temp.visible() returns text language sql as $$
  select (select count(*) from public.contacts) || ' ' || (select count(*) from public.properties) || ' ' ||
    (select count(*) from public.leads) || ' ' || (select count(*) from public.users)
$$;
grant execute on function pg_temp.visible() to authenticated;

set local role authenticated;
-- The widget's token as PostgREST sees it: its own claims only.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000bbd9","org_id":"00000000-0000-0000-0000-00000000bba1","app_role":"widget","role":"authenticated"}', true);
select is(pg_temp.visible(), '0 0 0 0', 'the widget token lists no contact, property, lead or staff user on the Data API');
select is_empty($$update public.contacts set email = 'attacker@example.com' returning id$$, 'it rewrites no contact');
select is_empty($$update public.properties set line1 = '1 Elsewhere' returning id$$, 'it moves no property');
select throws_ok($$insert into public.leads (organization_id, email) values ('00000000-0000-0000-0000-00000000bba1', 'spam@example.com')$$,
  '42501', null, 'it creates no lead on the Data API');
-- A token claiming app_metadata.app_role = widget (Supabase Auth's place) is the same.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000bbd9","app_metadata":{"org_id":"00000000-0000-0000-0000-00000000bba1","app_role":"widget"},"role":"authenticated"}', true);
select is(pg_temp.visible(), '0 0 0 0', 'nor with the claims under app_metadata');
select is((select count(*)::int from storage.objects), 0, 'nor lists the partner''s bills on the Storage API');

-- The same token through the platform's routes (withAuth adds platform_route): one record at a time, as before.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000bbd9","org_id":"00000000-0000-0000-0000-00000000bba1","app_role":"widget","role":"authenticated","platform_route":true,"widget_session":"00000000-0000-4000-8000-00000000bbf1"}', true);
select is(pg_temp.visible(), '1 1 1 1', 'the platform''s routes still reach the rows for the widget');
select lives_ok($$insert into public.leads (organization_id, email) values ('00000000-0000-0000-0000-00000000bba1', 'new@example.com')$$,
  'the widget''s routes still create leads');

-- The partner's staff on the Data API are unchanged.
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-00000000bbd1","org_id":"00000000-0000-0000-0000-00000000bba1","app_role":"partner_user","role":"authenticated"}', true);
select is(pg_temp.visible(), '1 1 2 1', 'the partner''s user still reads them on the Data API');

select * from finish();
rollback;
