-- A technician is a user of the partner's organisation (role `technician`) who signs in for the jobs assigned to
-- them. RLS checked only the organisation on the tables of homeowners' data, so a technician's token, sent to the
-- Data API (PostgREST, which a hosted Supabase project exposes to every signed-in user), read and rewrote every lead,
-- opportunity, savings report, bill reading, contract analysis, inbox message and uploaded document of the partner,
-- although no platform route lets a technician reach any of them (docs/security.md, fourth pass). A restrictive
-- policy on each of those tables now refuses the technician role (every command; the other roles are unchanged).
-- Contacts and properties stay readable: an appointment names its contact and property.
do $$
declare
  t text;
begin
  foreach t in array array['leads', 'opportunities', 'savings_reports', 'bill_extractions', 'contract_analyses',
    'email_messages', 'property_documents'] loop
    execute format(
      'create policy %I on public.%I as restrictive for all to authenticated
         using (app.current_app_role() <> ''technician'') with check (app.current_app_role() <> ''technician'')',
      t || '_not_technician', t);
  end loop;
end $$;
