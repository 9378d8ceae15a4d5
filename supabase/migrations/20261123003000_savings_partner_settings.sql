-- Per-partner savings settings (issue 11): the ownership of the offer the report shows (a system the
-- homeowner owns, or a lease/PPA owned by a third party) and, optionally, the partner's own statement of a
-- tax credit for its offer (e.g. a lease price that passes on the owner's IRC §48E credit). Without a row
-- the report uses the platform's dated credit policy (shared/savings/credit.ts) for a homeowner-owned system.
create table public.savings_settings (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  offer_ownership text not null default 'owned' check (offer_ownership in ('owned', 'third_party')),
  credit_pct numeric(5,2) check (credit_pct between 0 and 100),
  credit_name text check (char_length(credit_name) between 1 and 200),
  credit_condition text check (char_length(credit_condition) between 1 and 500),
  credit_source text check (char_length(credit_source) between 1 and 500),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  -- a stated credit is all four fields or none
  constraint savings_settings_credit_complete check (
    (credit_pct is null and credit_name is null and credit_condition is null and credit_source is null)
    or (credit_pct is not null and credit_name is not null and credit_condition is not null and credit_source is not null))
);
alter table public.savings_settings enable row level security;
create policy savings_settings_org_read on public.savings_settings for select to authenticated
  using (organization_id = app.current_org_id());
create policy savings_settings_admin_insert on public.savings_settings for insert to authenticated
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');
create policy savings_settings_admin_update on public.savings_settings for update to authenticated
  using (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin')
  with check (organization_id = app.current_org_id() and app.current_app_role() = 'partner_admin');
grant select, insert, update on public.savings_settings to authenticated;
grant select, insert, update, delete on public.savings_settings to service_role;
