-- A technician still read every contact (homeowners' names, emails, phones) and property (addresses) of the partner
-- through the Data API, though they need only those of the appointments assigned to them (docs/security.md, fourth
-- pass). Restrictive policies keep a technician to the contacts and properties their own appointments name (the
-- appointments they can see are already only their own: migration 20261201090300). Other roles are unchanged.
create policy contacts_technician_own on public.contacts as restrictive for all to authenticated
  using (app.current_app_role() <> 'technician' or id in (select a.contact_id from public.appointments a))
  with check (app.current_app_role() <> 'technician' or id in (select a.contact_id from public.appointments a));

create policy properties_technician_own on public.properties as restrictive for all to authenticated
  using (app.current_app_role() <> 'technician' or id in (select a.property_id from public.appointments a))
  with check (app.current_app_role() <> 'technician' or id in (select a.property_id from public.appointments a));
