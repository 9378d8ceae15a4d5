-- A technician's token reached every job and appointment of the partner through the Data API (policies checked only
-- the organisation): it listed every customer's address and schedule, reassigned or cancelled other technicians' jobs
-- and deleted appointments (docs/security.md, fourth pass). Restrictive policies now keep a technician to the jobs
-- assigned to them (jobs.technician_id is their user id) and the appointments of their technician record; partner
-- roles and the platform's own code are unchanged.
create policy jobs_technician_own on public.jobs as restrictive for all to authenticated
  using (app.current_app_role() <> 'technician' or technician_id = app.current_user_id())
  with check (app.current_app_role() <> 'technician' or technician_id = app.current_user_id());

create policy appointments_technician_own on public.appointments as restrictive for all to authenticated
  using (app.current_app_role() <> 'technician' or technician_id in (
    select t.id from public.technicians t where t.user_id = app.current_user_id()))
  with check (app.current_app_role() <> 'technician' or technician_id in (
    select t.id from public.technicians t where t.user_id = app.current_user_id()));
