-- The public widget token off the Data API (docs/security.md, pass 7). A widget token's ID token is a signed-in
-- user's token (Supabase Auth when deployed), so PostgREST took it: the `*_org` policies let it list every contact,
-- property, lead, opportunity, document, appointment, job and invoice of its partner and the partner's staff (names,
-- emails), and rewrite every contact and property at once (`PATCH /rest/v1/contacts` without a filter). The widget's
-- own routes need those rows one at a time, always through the platform's code, which runs them as `authenticated`
-- with the caller's claims (shared/db/scoped.ts withAuth) and now also `platform_route: true`, a claim no issued
-- token carries. A restrictive policy on every table of the partners' data refuses the widget role anything without
-- it; the partner's staff (admin, user) and technicians keep their Data API access as their own policies say.
create or replace function app.via_platform_route() returns boolean language sql stable as $$
  select coalesce(auth.jwt() ->> 'platform_route', '') = 'true'
$$;
grant execute on function app.via_platform_route() to anon, authenticated, service_role;

do $$
declare
  t text;
begin
  for t in
    select c.table_name from information_schema.columns c
    join pg_class k on k.relname = c.table_name and k.relnamespace = 'public'::regnamespace and k.relkind = 'r'
    where c.table_schema = 'public' and c.column_name = 'organization_id'
    union select 'users'
    order by 1
  loop
    execute format(
      'create policy %I on public.%I as restrictive for all to authenticated '
      'using (app.current_app_role() <> ''widget'' or app.via_platform_route()) '
      'with check (app.current_app_role() <> ''widget'' or app.via_platform_route())',
      t || '_widget_platform_only', t);
  end loop;
end $$;

-- The Storage API takes the same token: the partner-folder policies let it list and download every bill, contract,
-- inbox attachment, homeowner document and savings report of its partner. The private buckets now refuse the widget
-- role as they refuse technicians (installed where the storage schema exists, as before).
create or replace function app.install_storage() returns int
language plpgsql security definer set search_path = '' as $$
declare
  private_buckets text[] := array['bills', 'contracts', 'email-attachments', 'property-documents', 'savings-reports'];
  b text;
  cmd text;
begin
  if to_regclass('storage.buckets') is null or to_regclass('storage.objects') is null then
    return 0;
  end if;
  foreach b in array private_buckets loop
    execute 'insert into storage.buckets (id, name, public) values ($1, $1, false) on conflict (id) do update set public = false' using b;
  end loop;
  execute $q$insert into storage.buckets (id, name, public) values ('widget', 'widget', true) on conflict (id) do update set public = true$q$;

  foreach cmd in array array['select', 'insert', 'update', 'delete'] loop
    execute format('drop policy if exists %I on storage.objects', 'partner_folder_' || cmd);
  end loop;
  execute format($p$create policy partner_folder_select on storage.objects for select to authenticated
    using (bucket_id = any (%L::text[]) and (storage.foldername(name))[1] = app.current_org_id()::text)$p$, private_buckets);
  execute format($p$create policy partner_folder_insert on storage.objects for insert to authenticated
    with check (bucket_id = any (%L::text[]) and (storage.foldername(name))[1] = app.current_org_id()::text)$p$, private_buckets);
  execute format($p$create policy partner_folder_update on storage.objects for update to authenticated
    using (bucket_id = any (%L::text[]) and (storage.foldername(name))[1] = app.current_org_id()::text)
    with check (bucket_id = any (%L::text[]) and (storage.foldername(name))[1] = app.current_org_id()::text)$p$, private_buckets, private_buckets);
  execute format($p$create policy partner_folder_delete on storage.objects for delete to authenticated
    using (bucket_id = any (%L::text[]) and (storage.foldername(name))[1] = app.current_org_id()::text)$p$, private_buckets);
  -- A technician (signed in for their jobs) reads and writes none of the partner's private files: bills, contracts,
  -- inbox attachments, homeowners' documents, savings reports (migration 20261201090200); nor does the public widget
  -- token (migration 20261202090703: its uploads go through the platform's routes and the service's own storage key).
  execute 'drop policy if exists private_buckets_not_technician on storage.objects';
  execute format($p$create policy private_buckets_not_technician on storage.objects as restrictive for all to authenticated
    using (not (bucket_id = any (%L::text[])) or app.current_app_role() not in ('technician', 'widget'))
    with check (not (bucket_id = any (%L::text[])) or app.current_app_role() not in ('technician', 'widget'))$p$,
    private_buckets, private_buckets);
  return array_length(private_buckets, 1) + 1;
end $$;

revoke all on function app.install_storage() from public, anon, authenticated;

select app.install_storage();
