-- Explicit grants for every public table the app reaches as `authenticated` (withAuth runs partner-scoped
-- queries as that role). New Supabase projects no longer grant new tables to anon/authenticated/service_role
-- by default, and the local bootstrap no longer does either; these tables relied on those defaults. Each grant
-- matches the commands the table's RLS policies allow (RLS still decides which rows). service_role (Supabase's
-- privileged API role) gets the same DML everywhere. pgTAP (supabase/tests/database/edge.test.sql) checks that
-- every RLS-enabled public table has a grant to authenticated, so a new table without one fails there.

-- policies FOR ALL: read and write
grant select, insert, update, delete on
  public.appointments, public.contacts, public.contract_approval_rules, public.invoices, public.jobs,
  public.leads, public.opportunities, public.partner_contacts, public.properties, public.property_documents,
  public.scheduling_holidays, public.scheduling_settings, public.technicians, public.user_notification_preference
  to authenticated;

-- read-only for partners (written by privileged code)
grant select on public.contract_analyses, public.organizations, public.users to authenticated;

-- read, and mark read/handled
grant select, update on public.email_messages to authenticated;

-- a partner creates and edits its widget configuration
grant select, insert, update on public.widget_configs to authenticated;

-- notification templates: service_role only (policy for service_role)
grant select, insert, update, delete on public.notification_template to service_role;

grant select, insert, update, delete on
  public.appointments, public.contacts, public.contract_analyses, public.contract_approval_rules,
  public.email_messages, public.invoices, public.jobs, public.leads, public.opportunities,
  public.organizations, public.partner_contacts, public.properties, public.property_documents,
  public.scheduling_holidays, public.scheduling_settings, public.technicians,
  public.user_notification_preference, public.users, public.widget_configs
  to service_role;

-- serial columns (job and invoice numbers) of tables authenticated inserts into
grant usage, select on sequence public.jobs_number_seq, public.invoices_number_seq to authenticated, service_role;
