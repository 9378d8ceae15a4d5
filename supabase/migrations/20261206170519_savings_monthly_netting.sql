-- How a state's export rule nets the home's use and its exports (data/reference/state_programs.csv `netting`):
-- 'instant' (every row so far): the savings model's exported share of the solar energy is credited at
-- export_credit_ratio; 'monthly': use and production net within the billing month at the retail rate and only the
-- month's excess production is credited at export_credit_ratio (North Carolina's and Ohio's rules).
alter table public.state_solar_programs
  add column netting text not null default 'instant' check (netting in ('instant', 'monthly'));
