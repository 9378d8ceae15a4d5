-- A widget token's booking is a hold until the homeowner confirms it (docs/security.md, pass 7). With the public
-- token a stranger booked one appointment per property and created 20 properties an hour per address: many addresses
-- filled a partner's calendar. Now a widget booking (embedded scheduler) is `held` until the emailed, signed,
-- single-use link confirms it (`scheduled`); an unconfirmed hold stops taking its technician at `hold_expires_at`
-- (APPOINTMENT_HOLD_MINUTES after booking) and is marked `expired` by the next booking or listing of the partner.
-- Staff bookings are `scheduled` at once, as before.
alter table public.appointments drop constraint appointments_status_check;
alter table public.appointments add constraint appointments_status_check
  check (status in ('scheduled', 'held', 'expired', 'cancelled', 'completed'));
alter table public.appointments add column hold_expires_at timestamptz;
alter table public.appointments add column confirmed_at timestamptz;
alter table public.appointments add constraint appointments_held_expires check (status <> 'held' or hold_expires_at is not null);

-- A hold takes its technician like a booking until it expires or is confirmed.
alter table public.appointments drop constraint appointments_no_double_booking;
alter table public.appointments add constraint appointments_no_double_booking exclude using gist (
  technician_id with =, tstzrange(starts_at, ends_at) with &&
) where (status in ('scheduled', 'held') and technician_id is not null);
create index appointments_held_idx on public.appointments (organization_id, hold_expires_at) where status = 'held';

-- Marks the partner's lapsed holds `expired` (they no longer take a technician); returns how many.
create or replace function app.expire_appointment_holds(org uuid) returns int
language sql security definer set search_path = '' as $$
  with e as (
    update public.appointments set status = 'expired', updated_at = now()
    where organization_id = org and status = 'held' and hold_expires_at <= now()
    returning 1)
  select count(*)::int from e
$$;
revoke all on function app.expire_appointment_holds(uuid) from public;
grant execute on function app.expire_appointment_holds(uuid) to service_role;

-- The grid: a live hold (not yet lapsed) takes its technician as a booking does.
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
    where a.technician_id = t.id
      and (a.status = 'scheduled' or (a.status = 'held' and a.hold_expires_at > now()))
      and tstzrange(a.starts_at, a.ends_at) && tstzrange(sl.st, sl.en))
  where sl.st >= range_from and sl.en <= range_to and sl.st >= now() + make_interval(mins => sl.notice)
  group by sl.st, sl.en
  order by sl.st
$$;
grant execute on function app.available_slots(uuid, timestamptz, timestamptz) to authenticated, service_role;

-- One upcoming widget booking per property (20261201090600) counts live holds too.
create or replace function app.appointments_widget_one_upcoming() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status not in ('scheduled', 'held') or new.created_by is null or new.ends_at <= now() then
    return new;
  end if;
  if not exists (select 1 from public.users u where u.id = new.created_by and u.role = 'widget') then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('appointments_widget_one_upcoming:' || new.property_id::text, 0));
  if exists (
    select 1 from public.appointments a join public.users u on u.id = a.created_by
    where a.property_id = new.property_id and a.id <> new.id and a.ends_at > now() and u.role = 'widget'
      and (a.status = 'scheduled' or (a.status = 'held' and a.hold_expires_at > now()))
  ) then
    raise exception using
      errcode = 'check_violation',
      constraint = 'appointments_widget_one_upcoming',
      message = 'This property already has an upcoming appointment booked through the widget';
  end if;
  return new;
end $$;
