-- Whose export rule a state's row is (data/reference/state_programs.csv `scope`): 'all' (every earlier row: a statute
-- or commission rule over every utility of the state) or 'investor_owned' (the rule binds the state's investor-owned
-- utilities; its cooperatives and municipal utilities set their own, so a home whose chosen utility is one of them
-- is not given it: shared/savings/programme_scope.ts).
alter table public.state_solar_programs
  add column scope text not null default 'all' check (scope in ('all', 'investor_owned'));
