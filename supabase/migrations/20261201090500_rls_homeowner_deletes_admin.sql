-- Deleting a homeowner's records is an administrator's act (a data-erasure request); no platform route deletes
-- them at all. The policies on these tables allowed every command to every role of the organisation, so a partner's
-- user (or the widget role, had its token reached the Data API) could wipe the partner's leads, contacts, properties,
-- opportunities and documents through PostgREST (docs/security.md, fourth pass). A restrictive policy per table now
-- lets only the partner's administrators delete; reading and writing are unchanged.
do $$
declare
  t text;
begin
  foreach t in array array['leads', 'contacts', 'properties', 'opportunities', 'property_documents'] loop
    execute format(
      'create policy %I on public.%I as restrictive for delete to authenticated using (app.current_app_role() = ''partner_admin'')',
      t || '_delete_admin', t);
  end loop;
end $$;
