-- A technician's token, sent to the Data API, could also rewrite the partner's invoices (amounts, due dates), the
-- technician list (another technician's email, where that technician's job emails go) and the scheduling settings and
-- holidays, all of them tables whose policies checked only the organisation (docs/security.md, fourth pass). No
-- platform route writes them for a technician. Restrictive policies now refuse the technician role every write
-- there; reading is unchanged (a technician's own jobs and appointments name them).
do $$
declare
  t text;
  cmd text;
begin
  foreach t in array array['invoices', 'technicians', 'scheduling_settings', 'scheduling_holidays'] loop
    foreach cmd in array array['insert', 'update', 'delete'] loop
      execute format(
        'create policy %I on public.%I as restrictive for %s to authenticated %s',
        t || '_no_technician_' || cmd, t, cmd,
        case cmd
          when 'insert' then 'with check (app.current_app_role() <> ''technician'')'
          when 'update' then 'using (app.current_app_role() <> ''technician'') with check (app.current_app_role() <> ''technician'')'
          else 'using (app.current_app_role() <> ''technician'')'
        end);
    end loop;
  end loop;
end $$;
