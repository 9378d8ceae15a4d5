-- The people a record is assigned to belong to the record's organization (docs/security.md, pass 15).
--
-- References to public.users were not held to one organization (20261125040000 left them out: created_by and the
-- like record who acted, and a user's organization may change). Some of them are not a record of who acted but say
-- who gets the record's email: a job's technician (job.assigned, job.completed, job.cancelled), its partner contact,
-- an invoice's billing contact, the partner's default contacts, a scheduling technician's login (whose bookings
-- create jobs for it). A partner with the Data API could point them at a user of another partner, who then got that
-- partner's job and customer address by email (pass 14's "known and not fixed").
--
-- 1. A constraint trigger refuses such a reference (23503, its constraint name `org_member_<column>`, which the
--    services answer as 409 `not_a_member`) unless the user's organization_id is the row's.
-- 2. A user who leaves an organization (their organization_id changes: moved, or set to null) is taken off the
--    old organization's assignments, as `on delete set null` does when a user is deleted.
-- 3. Rows written before this migration that name a non-member are cleared the same way.
-- The notification service also checks membership when it sends (shared/notifications/members.ts), so an event
-- queued before a change reaches no one outside the organization.

create or replace function app.check_org_member_reference() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, public
as $$
declare
  ref uuid := (to_jsonb(new) ->> tg_argv[0])::uuid;
  member_org uuid;
begin
  if ref is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and (to_jsonb(old) ->> tg_argv[0])::uuid is not distinct from ref
     and old.organization_id is not distinct from new.organization_id then
    return new;
  end if;
  select u.organization_id into member_org from public.users u where u.id = ref;
  -- An unknown id is the foreign key's to report.
  if found and member_org is distinct from new.organization_id then
    raise exception using
      errcode = '23503',
      constraint = 'org_member_' || tg_argv[0],
      message = format('%s.%s refers to a user who is not a member of the organization', tg_table_name, tg_argv[0]),
      hint = 'assign only users of your own organization';
  end if;
  return new;
end;
$$;
revoke all on function app.check_org_member_reference() from public;

-- The assignment columns: (table, column).
create or replace function app.org_member_references() returns table (tbl regclass, col name)
  language sql immutable
as $$
  values ('public.jobs'::regclass, 'technician_id'::name),
         ('public.jobs', 'partner_contact_id'),
         ('public.invoices', 'billing_contact_id'),
         ('public.partner_contacts', 'contact_user_id'),
         ('public.partner_contacts', 'billing_contact_user_id'),
         ('public.technicians', 'user_id')
$$;
revoke all on function app.org_member_references() from public;

-- 3. Earlier rows naming a non-member lose that reference (before the triggers: the updates set null).
do $$
declare
  r record;
begin
  for r in select tbl, col from app.org_member_references() loop
    execute format(
      'update %s t set %I = null where %I is not null and not exists '
        '(select 1 from public.users u where u.id = t.%I and u.organization_id = t.organization_id)',
      r.tbl, r.col, r.col, r.col);
  end loop;
end;
$$;

-- 1. One constraint trigger per column.
do $$
declare
  r record;
begin
  for r in select tbl, col from app.org_member_references() loop
    execute format(
      'create constraint trigger %I after insert or update of %I, organization_id on %s for each row '
        'execute function app.check_org_member_reference(%L)',
      left('org_member_' || r.col, 63), r.col, r.tbl, r.col);
  end loop;
end;
$$;

-- 2. Leaving an organization ends its assignments.
create or replace function app.clear_assignments_on_leave() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, public
as $$
declare
  r record;
begin
  for r in select tbl, col from app.org_member_references() loop
    execute format('update %s set %I = null where %I = $1 and organization_id is distinct from $2',
      r.tbl, r.col, r.col) using new.id, new.organization_id;
  end loop;
  return new;
end;
$$;
revoke all on function app.clear_assignments_on_leave() from public;

create trigger users_leave_clears_assignments after update of organization_id on public.users
  for each row when (old.organization_id is distinct from new.organization_id)
  execute function app.clear_assignments_on_leave();
