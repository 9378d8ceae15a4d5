-- The public widget token's per-homeowner capability (docs/security.md, pass 8). Every partner's homeowners share the
-- partner's public widget token, so a record id was all one homeowner needed to read or change another's property,
-- contact, lead or bill reading through the platform's routes. Each widget ID token now carries a random
-- `widget_session` claim (shared/auth/widget_session.ts); the records a widget token creates record it, and a widget
-- token reaches only the records of its own session. Staff roles and the platform's own connection are not bound.
--
-- `widget_session` is set by a trigger from the caller's claims, so no caller picks it: a widget token's insert gets
-- its session, a staff insert none; an update keeps it. The platform's own connection (no role in its claims) writes
-- what it is given (the bill upload, the scheduler's contact: shared code passes the caller's session).
alter table public.contacts add column widget_session uuid;
alter table public.properties add column widget_session uuid;
alter table public.leads add column widget_session uuid;
alter table public.bill_extractions add column widget_session uuid;

create function app.caller_widget_session() returns uuid language sql stable as $$
  select case when app.current_app_role() = 'widget'
    and (auth.jwt() ->> 'widget_session') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (auth.jwt() ->> 'widget_session')::uuid end
$$;
grant execute on function app.caller_widget_session() to anon, authenticated, service_role;

create function app.set_widget_session() returns trigger language plpgsql as $$
begin
  if app.current_app_role() = '' then
    return new;
  elsif tg_op = 'INSERT' then
    new.widget_session := app.caller_widget_session();
  else
    new.widget_session := old.widget_session;
  end if;
  return new;
end $$;

do $$
declare t text;
begin
  foreach t in array array['contacts', 'properties', 'leads', 'bill_extractions'] loop
    execute format('create trigger %I before insert or update on public.%I
      for each row execute function app.set_widget_session()', t || '_widget_session', t);
    -- A widget token sees and changes only its own session's rows (staff and the platform: every row of the
    -- organisation, as before). Inserts are not restricted here: the trigger gives the row the caller's session.
    execute format('create policy %I on public.%I as restrictive for select to authenticated
      using (app.current_app_role() <> ''widget'' or widget_session = app.caller_widget_session())',
      t || '_widget_own_session_select', t);
    execute format('create policy %I on public.%I as restrictive for update to authenticated
      using (app.current_app_role() <> ''widget'' or widget_session = app.caller_widget_session())',
      t || '_widget_own_session_update', t);
    execute format('create policy %I on public.%I as restrictive for delete to authenticated
      using (app.current_app_role() <> ''widget'' or widget_session = app.caller_widget_session())',
      t || '_widget_own_session_delete', t);
  end loop;
end $$;
