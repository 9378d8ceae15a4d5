-- `supabase db reset` loads this after the migrations (config.toml [db.seed]): a demo partner for local
-- development with the Supabase CLI (`supabase start`). Development data only, never pushed to a project
-- (`supabase db push` does not seed). Demo login: admin@demo-solar.test / demo-solar-local.
insert into public.organizations (id, name, slug)
values ('00000000-0000-4000-8000-00000000d3e0', 'Demo Solar Co', 'demo-solar')
on conflict (slug) do nothing;

insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-4000-8000-00000000d3e1', 'admin@demo-solar.test', 'Dana Demo', '00000000-0000-4000-8000-00000000d3e0', 'partner_admin'),
  ('00000000-0000-4000-8000-00000000d3e2', 'widget@demo-solar.test', 'Demo Solar widget', '00000000-0000-4000-8000-00000000d3e0', 'widget')
on conflict do nothing;

-- scrypt hash of the documented development password "demo-solar-local" (shared/auth/passwords.ts format)
insert into identity.credentials (user_id, password_hash)
values ('00000000-0000-4000-8000-00000000d3e1', 'scrypt$16384$8$1$bQIZ33NeF2FaZDUODZDCXA==$0mOLY7JgfncvI91aXOZCDw2ibj/eIql4RSzsRO4aaxA=')
on conflict (user_id) do nothing;

insert into public.bill_subscriptions (organization_id) values ('00000000-0000-4000-8000-00000000d3e0')
on conflict (organization_id) do nothing;

-- The pg_net queue trigger reads the worker URL and service token from Vault. Locally the functions run in
-- the edge runtime container behind Kong; the token must equal INTERNAL_SERVICE_TOKEN in
-- supabase/functions/.env (see supabase/functions/.env.example).
do $$
begin
  if to_regprocedure('vault.create_secret(text, text, text)') is not null then
    if not exists (select 1 from vault.secrets where name = 'queue_worker_url') then
      perform vault.create_secret('http://kong:8000/functions/v1/queue-worker', 'queue_worker_url', 'queue-worker function URL');
    end if;
    if not exists (select 1 from vault.secrets where name = 'queue_worker_token') then
      perform vault.create_secret('local-dev-internal-service-token', 'queue_worker_token', 'INTERNAL_SERVICE_TOKEN of the functions');
    end if;
  end if;
end $$;
