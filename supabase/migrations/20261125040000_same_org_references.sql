-- A row of one organisation may not point at a tenant record of another (docs/security.md "Sweeps").
--
-- RLS checks a row's own organization_id; a foreign key is checked without RLS. So a partner with direct
-- database access as `authenticated` (PostgREST on hosted Supabase: leads, appointments, contacts, properties,
-- ... are writable) could insert or update its own row to reference another partner's property, contact, lead,
-- job or webhook: the reference would pin the other partner's row (ON DELETE RESTRICT), confirm that an id
-- exists, and a privileged join on that reference would show the other partner's record. The cross-tenant sweep
-- (tests/integration/security/cross_tenant_sweep_test.ts) checks after every route that no such link exists;
-- this trigger refuses one at the database whoever writes it (23503, like the foreign key it completes). It runs
-- after the row is written (a constraint trigger, at the end of the statement), so row-level security refuses a
-- row in another organisation's name first, with its own 42501.
--
-- References to public.users (created_by, updated_by, technician users, ...) are left out: they record who acted,
-- and a user's organisation may change.

create or replace function app.check_same_org_reference() returns trigger
  language plpgsql
  security definer
  set search_path = pg_catalog, public
as $$
declare
  ref text := to_jsonb(new) ->> tg_argv[0];
  owner uuid;
begin
  if ref is null or new.organization_id is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and (to_jsonb(old) ->> tg_argv[0]) is not distinct from ref
     and old.organization_id is not distinct from new.organization_id then
    return new;
  end if;
  execute format('select organization_id from %s where id = $1::%s', tg_argv[1], tg_argv[2]) into owner using ref;
  -- An unknown id is the foreign key's to report.
  if owner is not null and owner <> new.organization_id then
    raise exception using
      errcode = '23503',
      message = format('%s.%s refers to a row of another organisation', tg_table_name, tg_argv[0]),
      hint = 'reference only records of your own organisation';
  end if;
  return new;
end;
$$;

revoke all on function app.check_same_org_reference() from public;

-- One trigger per single-column foreign key from an organisation's table to another organisation's table
-- (both carry organization_id), except references to public.users.
do $$
declare
  r record;
begin
  for r in
    select c.oid::regclass as child, a.attname as col, pr.oid::regclass as parent,
           format_type(pa.atttypid, pa.atttypmod) as ptype
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_class pr on pr.oid = k.confrelid
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
    where k.contype = 'f' and array_length(k.conkey, 1) = 1 and a.attname <> 'organization_id'
      and pa.attname = 'id' and pr.oid <> 'public.users'::regclass
      and exists (select 1 from pg_attribute x
                  where x.attrelid = k.conrelid and x.attname = 'organization_id' and not x.attisdropped)
      and exists (select 1 from pg_attribute x
                  where x.attrelid = k.confrelid and x.attname = 'organization_id' and not x.attisdropped)
  loop
    execute format(
      'create constraint trigger %I after insert or update of %I, organization_id on %s for each row '
        'execute function app.check_same_org_reference(%L, %L, %L)',
      left('same_org_' || r.col, 63), r.col, r.child, r.col, r.parent::text, r.ptype
    );
  end loop;
end;
$$;
