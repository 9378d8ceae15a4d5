-- Embedded field-service scheduling (appointment-handling-service): per-organisation working hours,
-- slot length, technicians (each is one unit of capacity), holidays, and appointments. Double booking is
-- impossible by construction: an exclusion constraint forbids two live appointments of one technician
-- whose times overlap, so concurrent bookings of the last free technician cannot both commit.
create extension if not exists btree_gist with schema extensions;

create table public.scheduling_settings (
  organization_id uuid primary key references public.organizations(id) on delete cascade,
  timezone text not null default 'America/New_York'
    check (('2000-01-01 00:00Z'::timestamptz at time zone timezone) is not null),
  slot_minutes int not null default 120 check (slot_minutes between 15 and 720),
  day_start time not null default '08:00',
  day_end time not null default '17:00',
  -- ISO weekdays (1 = Monday ... 7 = Sunday) on which crews work.
  work_days int[] not null default '{1,2,3,4,5}' check (work_days <@ '{1,2,3,4,5,6,7}'::int[]),
  -- Earliest booking: this many minutes from now.
  min_notice_minutes int not null default 60 check (min_notice_minutes >= 0),
  updated_at timestamptz not null default now(),
  check (day_start < day_end)
);
alter table public.scheduling_settings enable row level security;
create policy scheduling_settings_org on public.scheduling_settings for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

create table public.technicians (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  -- The technician's platform user (recipient of job.assigned); null for a crew without a login.
  user_id uuid references public.users(id) on delete set null,
  name text not null check (length(name) between 1 and 200),
  email text,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index technicians_org_idx on public.technicians (organization_id) where active;
alter table public.technicians enable row level security;
create policy technicians_org on public.technicians for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

create table public.scheduling_holidays (
  organization_id uuid not null references public.organizations(id) on delete cascade,
  day date not null,
  name text not null default '',
  primary key (organization_id, day)
);
alter table public.scheduling_holidays enable row level security;
create policy scheduling_holidays_org on public.scheduling_holidays for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations(id) on delete cascade,
  property_id uuid not null references public.properties(id) on delete restrict,
  contact_id uuid references public.contacts(id) on delete set null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  timezone text not null,
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled', 'completed')),
  technician_id uuid references public.technicians(id) on delete restrict,
  -- Set when an external scheduler made the booking (its id and the technician it assigned).
  provider text not null default 'embedded',
  external_id text,
  technician_name text,
  technician_email text,
  job_id text,
  notes text check (length(notes) <= 2000),
  created_by uuid references public.users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (starts_at < ends_at),
  constraint appointments_no_double_booking exclude using gist (
    technician_id with =, tstzrange(starts_at, ends_at) with &&
  ) where (status = 'scheduled' and technician_id is not null)
);
create index appointments_org_time_idx on public.appointments (organization_id, starts_at);
create index appointments_property_idx on public.appointments (property_id);
create unique index appointments_external_idx on public.appointments (provider, external_id) where external_id is not null;
alter table public.appointments enable row level security;
create policy appointments_org on public.appointments for all to authenticated
  using (organization_id = app.current_org_id()) with check (organization_id = app.current_org_id());

-- The bookable slots of an organisation between two instants: working days in its timezone, minus
-- holidays, on the slot grid from day_start, with the technicians still free in each slot.
create or replace function app.available_slots(org uuid, range_from timestamptz, range_to timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz, capacity int, free int, free_technicians uuid[])
language sql stable as $$
  with s as (
    select coalesce(ss.timezone, 'America/New_York') tz, coalesce(ss.slot_minutes, 120) slot,
           coalesce(ss.day_start, '08:00') d0, coalesce(ss.day_end, '17:00') d1,
           coalesce(ss.work_days, '{1,2,3,4,5}') wd, coalesce(ss.min_notice_minutes, 60) notice
    from (select 1) one left join public.scheduling_settings ss on ss.organization_id = org
  ), days as (
    select d::date as day, s.* from s,
      generate_series((range_from at time zone s.tz)::date, (range_to at time zone s.tz)::date, interval '1 day') d
    where extract(isodow from d)::int = any(s.wd)
      and not exists (select 1 from public.scheduling_holidays h where h.organization_id = org and h.day = d::date)
  ), slots as (
    select ((day + d0 + make_interval(mins => i * slot)) at time zone tz) as st,
           ((day + d0 + make_interval(mins => (i + 1) * slot)) at time zone tz) as en, notice
    from days, generate_series(0, (extract(epoch from d1 - d0)::int / 60 / slot) - 1) i
  ), techs as (
    select id from public.technicians where organization_id = org and active
  )
  select sl.st, sl.en, (select count(*)::int from techs),
         count(t.id)::int, coalesce(array_agg(t.id order by t.id) filter (where t.id is not null), '{}')
  from slots sl
  left join techs t on not exists (
    select 1 from public.appointments a
    where a.technician_id = t.id and a.status = 'scheduled' and tstzrange(a.starts_at, a.ends_at) && tstzrange(sl.st, sl.en))
  where sl.st >= range_from and sl.en <= range_to and sl.st >= now() + make_interval(mins => sl.notice)
  group by sl.st, sl.en
  order by sl.st
$$;
grant execute on function app.available_slots(uuid, timestamptz, timestamptz) to authenticated, service_role;
