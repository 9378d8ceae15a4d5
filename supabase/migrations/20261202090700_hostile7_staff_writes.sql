-- Writes on the Data API by role (docs/security.md, pass 7). A sweep of every table's policies against the roles
-- (docs/partner.md "Signing in and roles": `partner_user` sees leads and sets statuses but manages none of the
-- partner's settings; the widget token is the public page's): the permissive policies of these tables checked only
-- the organisation, so
--   * a partner's user (and the public widget token) rewrote invoices (amounts, due dates), the technician list
--     (where job emails go) and the scheduling settings and holidays (the fourth pass took them from technicians);
--   * the widget token inserted, rewrote and cancelled every job and appointment of the partner and rewrote inbox
--     messages (their link to a property, status, notes). No platform route writes any of them with a widget token:
--     the booking route writes appointments with the platform's own connection (shared/scheduling).
-- Restrictive policies now keep those writes to the roles that own them; reads are unchanged. The platform's own
-- code (service_role, bypassing RLS) and internal service tokens (`service`) are unaffected.
do $$
declare
  spec record;
  cmd text;
  allowed text;
begin
  for spec in
    select * from (values
      ('invoices', array['partner_admin', 'service']),
      ('technicians', array['partner_admin', 'service']),
      ('scheduling_settings', array['partner_admin', 'service']),
      ('scheduling_holidays', array['partner_admin', 'service']),
      -- technicians keep their own rows (20261201090300): jobs_technician_own / appointments_technician_own.
      ('jobs', array['partner_admin', 'partner_user', 'technician', 'service']),
      ('appointments', array['partner_admin', 'partner_user', 'technician', 'service'])
    ) as s(tbl, roles)
  loop
    allowed := format('app.current_app_role() = any (%L::text[])', spec.roles);
    foreach cmd in array array['insert', 'update', 'delete'] loop
      execute format(
        'create policy %I on public.%I as restrictive for %s to authenticated %s',
        spec.tbl || '_write_roles_' || cmd, spec.tbl, cmd,
        case cmd
          when 'insert' then format('with check (%s)', allowed)
          when 'update' then format('using (%s) with check (%s)', allowed, allowed)
          else format('using (%s)', allowed)
        end);
    end loop;
  end loop;
end $$;

-- Inbox messages: staff and internal services re-link them (email-agent's tracking routes); not the widget.
create policy email_messages_update_roles on public.email_messages as restrictive for update to authenticated
  using (app.current_app_role() = any (array['partner_admin', 'partner_user', 'service']))
  with check (app.current_app_role() = any (array['partner_admin', 'partner_user', 'service']));
