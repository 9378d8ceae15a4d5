-- The partner-folder policies on storage.objects (migration 20261123009300) checked only the organisation: a
-- technician's token, sent to the Storage API of a hosted Supabase project, listed, downloaded, replaced and deleted
-- the partner's bills, contracts, inbox attachments, homeowners' documents and savings reports (docs/security.md,
-- fourth pass). app.install_storage() now also installs a restrictive policy refusing the technician role on the
-- private buckets; installed here where the storage schema exists (nothing happens without it, as before).

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
  -- inbox attachments, homeowners' documents, savings reports (migration 20261201090200).
  execute 'drop policy if exists private_buckets_not_technician on storage.objects';
  execute format($p$create policy private_buckets_not_technician on storage.objects as restrictive for all to authenticated
    using (not (bucket_id = any (%L::text[])) or app.current_app_role() <> 'technician')
    with check (not (bucket_id = any (%L::text[])) or app.current_app_role() <> 'technician')$p$,
    private_buckets, private_buckets);
  return array_length(private_buckets, 1) + 1;
end $$;

revoke all on function app.install_storage() from public, anon, authenticated;

select app.install_storage();
