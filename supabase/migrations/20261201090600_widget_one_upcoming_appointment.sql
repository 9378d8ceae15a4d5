-- The public widget token books appointments (`POST /appointment-handling-service/create-appointment`) for any
-- property of its partner, and a stranger can create properties with it: one property booked every free slot of the
-- partner's calendar, two weeks of technicians, in seconds (docs/security.md, pass 6). A property holds at most one
-- upcoming scheduled appointment booked by a widget token (the homeowner's own booking); the partner's staff book as
-- many as they like. Checked under a lock per property, so bookings at once cannot all pass: the loser gets
-- SQLSTATE 23514 with the constraint name `appointments_widget_one_upcoming` (the service answers 409).
create or replace function app.appointments_widget_one_upcoming() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.status <> 'scheduled' or new.created_by is null or new.ends_at <= now() then
    return new;
  end if;
  if not exists (select 1 from public.users u where u.id = new.created_by and u.role = 'widget') then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('appointments_widget_one_upcoming:' || new.property_id::text, 0));
  if exists (
    select 1 from public.appointments a join public.users u on u.id = a.created_by
    where a.property_id = new.property_id and a.id <> new.id and a.status = 'scheduled' and a.ends_at > now()
      and u.role = 'widget'
  ) then
    raise exception using
      errcode = 'check_violation',
      constraint = 'appointments_widget_one_upcoming',
      message = 'This property already has an upcoming appointment booked through the widget';
  end if;
  return new;
end $$;

revoke all on function app.appointments_widget_one_upcoming() from public;

create trigger appointments_widget_one_upcoming
  before insert on public.appointments
  for each row execute function app.appointments_widget_one_upcoming();
