-- Storage buckets the code uses, and partner-folder RLS on storage.objects: every object path starts with the
-- owning organization's id (`<org id>/...`), and a partner's users reach only their organization's folder.
-- The functions themselves use the service role (which bypasses RLS); the policies keep a partner's own
-- Storage API calls (supabase-js with the user's token) inside its folder. The widget's CDN build goes to the
-- public `widget` bucket. Guarded: where the storage schema is absent (the local stack, plain PostgreSQL) this
-- does nothing; the local object store is files under DATA_DIR.

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
  return array_length(private_buckets, 1) + 1;
end $$;

revoke all on function app.install_storage() from public, anon, authenticated;

select app.install_storage();
