-- Supabase's storage schema, as far as the partner-folder policies need it (the local stack has none): included with
-- `\ir include/storage_standin.sql` inside a test's transaction, before `app.install_storage()`. Not a test file itself
-- (scripts/test.ts runs only the *.sql files of supabase/tests/database/, not its subfolders).
create schema storage;
create table storage.buckets (id text primary key, name text not null, public boolean default false);
create table storage.objects (id uuid primary key default gen_random_uuid(), bucket_id text references storage.buckets(id), name text);
create function storage.foldername(name text) returns text[] language sql immutable as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;
alter table storage.objects enable row level security;
grant usage on schema storage to authenticated;
grant select, insert, update, delete on storage.objects to authenticated;
