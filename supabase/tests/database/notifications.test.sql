begin;
select plan(101);

-- notification_log: exactly the spec's columns, types, defaults and nullability.
select has_table('public', 'notification_log', 'notification_log table');
select columns_are('public', 'notification_log', array['id', 'idempotency_key', 'event_type', 'event_id', 'recipient_user_id',
  'recipient_email', 'channel', 'status', 'provider_email_id', 'sent_at', 'delivered_at', 'opened_at', 'error_message', 'created_at'],
  'notification_log has exactly the spec columns');
select col_is_pk('public', 'notification_log', 'id', 'id is the key');
select col_type_is('public', 'notification_log', 'id', 'uuid', 'id uuid');
select col_has_default('public', 'notification_log', 'id', 'id generated');
select col_type_is('public', 'notification_log', 'idempotency_key', 'text', 'idempotency_key text');
select col_not_null('public', 'notification_log', 'idempotency_key', 'idempotency_key not null');
select col_is_unique('public', 'notification_log', 'idempotency_key', 'idempotency_key unique');
select col_not_null('public', 'notification_log', 'event_type', 'event_type not null');
select col_not_null('public', 'notification_log', 'event_id', 'event_id not null');
select col_type_is('public', 'notification_log', 'recipient_user_id', 'uuid', 'recipient_user_id uuid');
select col_not_null('public', 'notification_log', 'recipient_user_id', 'recipient_user_id not null');
select col_not_null('public', 'notification_log', 'recipient_email', 'recipient_email not null');
select col_default_is('public', 'notification_log', 'channel', 'email', 'channel defaults to email');
select col_not_null('public', 'notification_log', 'channel', 'channel not null');
select col_not_null('public', 'notification_log', 'status', 'status not null');
select col_is_null('public', 'notification_log', 'provider_email_id', 'provider_email_id nullable');
select col_type_is('public', 'notification_log', 'sent_at', 'timestamp with time zone', 'sent_at timestamptz');
select col_type_is('public', 'notification_log', 'delivered_at', 'timestamp with time zone', 'delivered_at timestamptz');
select col_type_is('public', 'notification_log', 'opened_at', 'timestamp with time zone', 'opened_at timestamptz');
select col_is_null('public', 'notification_log', 'error_message', 'error_message nullable');
select col_not_null('public', 'notification_log', 'created_at', 'created_at not null');
select col_default_is('public', 'notification_log', 'created_at', 'now()', 'created_at defaults to now()');
select has_index('public', 'notification_log', 'notification_log_idempotency_key_key', array['idempotency_key'], 'idempotency_key indexed');
select index_is_unique('public', 'notification_log', 'notification_log_idempotency_key_key', 'idempotency index is unique');
select has_index('public', 'notification_log', 'notification_log_provider_email_id_idx', array['provider_email_id'], 'provider_email_id indexed');
select is((select pg_get_expr(indpred, indrelid) from pg_index where indexrelid = 'public.notification_log_provider_email_id_idx'::regclass),
  '(provider_email_id IS NOT NULL)', 'provider_email_id index is partial: where not null');
select throws_ok($$insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status)
  values ('x', 'job.assigned', 'e', gen_random_uuid(), 'a@b.c', 'queued')$$, '23514', null, 'status is one of the spec values');

-- user_notification_preference
select columns_are('public', 'user_notification_preference', array['id', 'user_id', 'event_type', 'email_enabled', 'used_nonce', 'updated_at'],
  'user_notification_preference has exactly the spec columns');
select col_is_pk('public', 'user_notification_preference', 'id', 'preference id is the key');
select col_not_null('public', 'user_notification_preference', 'user_id', 'user_id not null');
select col_not_null('public', 'user_notification_preference', 'event_type', 'event_type not null');
select col_not_null('public', 'user_notification_preference', 'email_enabled', 'email_enabled not null');
select col_default_is('public', 'user_notification_preference', 'email_enabled', 'true', 'email_enabled defaults to true');
select col_is_null('public', 'user_notification_preference', 'used_nonce', 'used_nonce nullable');
select col_not_null('public', 'user_notification_preference', 'updated_at', 'updated_at not null');
select col_default_is('public', 'user_notification_preference', 'updated_at', 'now()', 'updated_at defaults to now()');
select col_is_unique('public', 'user_notification_preference', array['user_id', 'event_type'], 'unique (user_id, event_type)');

-- notification_template (reserved)
select columns_are('public', 'notification_template', array['id', 'event_type', 'subject', 'html_body', 'text_body', 'active', 'updated_at'],
  'notification_template has exactly the spec columns');
select col_is_unique('public', 'notification_template', 'event_type', 'template event_type unique');
select col_not_null('public', 'notification_template', 'subject', 'subject not null');
select col_not_null('public', 'notification_template', 'html_body', 'html_body not null');
select col_not_null('public', 'notification_template', 'text_body', 'text_body not null');
select col_default_is('public', 'notification_template', 'active', 'false', 'active defaults to false');
select col_default_is('public', 'notification_template', 'updated_at', 'now()', 'template updated_at defaults to now()');

-- Portal tables the handlers read.
select has_table('public', 'jobs', 'jobs table');
select has_table('public', 'invoices', 'invoices table');
select has_table('public', 'partner_contacts', 'partner contacts table');
select fk_ok('public', 'jobs', 'technician_id', 'public', 'users', 'id', 'jobs.technician_id references users');
select fk_ok('public', 'invoices', 'billing_contact_id', 'public', 'users', 'id', 'invoices.billing_contact_id references users');
select col_not_null('public', 'invoices', 'due_date', 'invoice due date not null');

-- RLS on everywhere, with the intended policies.
select is((select count(*)::int from pg_tables where schemaname in ('public', 'bus', 'mail')
  and tablename in ('notification_log', 'user_notification_preference', 'notification_template', 'jobs', 'invoices', 'partner_contacts',
    'topics', 'subscriptions', 'messages', 'deliveries', 'outbox', 'attachments', 'idempotency_keys') and not rowsecurity), 0,
  'row-level security is on for every notification, portal, bus and mail table');
select policies_are('public', 'notification_log', array['notification_log_own_rows', 'notification_log_service_read',
  'notification_log_service_insert', 'notification_log_service_webhook'], 'notification_log policies');
select policies_are('public', 'user_notification_preference', array['user_notification_preference_own',
  'user_notification_preference_own_update', 'user_notification_preference_own_insert', 'user_notification_preference_service'],
  'preference policies');
select policies_are('public', 'jobs', array['jobs_org', 'jobs_technician_own',
  'jobs_write_roles_insert', 'jobs_write_roles_update', 'jobs_write_roles_delete', 'jobs_widget_platform_only'], 'jobs policies');
select policies_are('public', 'invoices', array['invoices_org', 'invoices_no_technician_insert', 'invoices_no_technician_update', 'invoices_no_technician_delete',
  'invoices_write_roles_insert', 'invoices_write_roles_update', 'invoices_write_roles_delete',
  'invoices_widget_platform_only'], 'invoices policies');

-- Append-only for the app role: no delete; update only of the webhook columns.
select ok(not has_table_privilege('service_role', 'public.notification_log', 'DELETE'), 'service_role cannot delete log rows');
select ok(has_column_privilege('service_role', 'public.notification_log', 'status', 'UPDATE'), 'service_role may update status');
select ok(has_column_privilege('service_role', 'public.notification_log', 'opened_at', 'UPDATE'), 'service_role may update opened_at');
select ok(not has_column_privilege('service_role', 'public.notification_log', 'recipient_email', 'UPDATE'), 'service_role cannot rewrite recipient_email');
select ok(not has_table_privilege('authenticated', 'public.notification_log', 'INSERT'), 'authenticated cannot insert log rows');

insert into public.notification_log (id, idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id, sent_at)
values ('00000000-0000-0000-0000-00000000f001', 'msg-1:u1', 'job.assigned', '01J00000000000000000000000', '00000000-0000-0000-0000-0000000000c1', 'c1@example.test', 'sent', 'em_1', now()),
       ('00000000-0000-0000-0000-00000000f002', 'msg-2:u2', 'job.assigned', '01J00000000000000000000001', '00000000-0000-0000-0000-0000000000c2', 'c2@example.test', 'sent', 'em_2', now());
select throws_ok($$insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status)
  values ('msg-1:u1', 'job.assigned', 'e', gen_random_uuid(), 'x@y.z', 'sent')$$, '23505', null, 'a second row with the same key is refused');
select throws_ok($$delete from public.notification_log$$, '42501', null, 'rows cannot be deleted, even by the owner');
select throws_ok($$update public.notification_log set recipient_email = 'evil@example.test'$$, '42501', null, 'non-webhook columns cannot change');
select lives_ok($$update public.notification_log set status = 'delivered', delivered_at = now() where provider_email_id = 'em_1'$$, 'webhook columns can change');

set local role service_role;
select throws_ok($$delete from public.notification_log where id = '00000000-0000-0000-0000-00000000f001'$$, '42501', null, 'service_role delete refused');
select throws_ok($$update public.notification_log set event_type = 'x'$$, '42501', null, 'service_role cannot update event_type');
select lives_ok($$update public.notification_log set opened_at = now() where provider_email_id = 'em_2'$$, 'service_role updates opened_at');
reset role;

-- A signed-in user sees only their own notifications and preferences.
insert into public.user_notification_preference (user_id, event_type, email_enabled) values
  ('00000000-0000-0000-0000-0000000000c1', 'job.assigned', false),
  ('00000000-0000-0000-0000-0000000000c2', 'job.assigned', false);
select throws_ok($$insert into public.user_notification_preference (user_id, event_type) values ('00000000-0000-0000-0000-0000000000c1', 'job.assigned')$$,
  '23505', null, 'one preference row per (user, event type)');
set local role authenticated;
select set_config('request.jwt.claims', '{"sub":"00000000-0000-0000-0000-0000000000c1","role":"authenticated"}', true);
select is((select count(*)::int from public.notification_log), 1, 'a user reads only their own log rows');
select is((select count(*)::int from public.user_notification_preference), 1, 'a user reads only their own preferences');
select throws_ok($$select count(*) from public.notification_template$$, '42501', null, 'templates are not readable by users');
reset role;

-- Issue 16: delivery priorities and the push path's private routines.
select is((select relrowsecurity from pg_class where oid = 'bus.event_priorities'::regclass), true, 'bus.event_priorities has RLS');
select is((select priority from bus.event_priorities where event_type = 'job.assigned'), 0::smallint, 'job.assigned is the most urgent');
insert into bus.subscriptions (name, topic, push_endpoint) values ('tap.jobs', 'platform.jobs', 'http://127.0.0.1:9/push');
insert into bus.messages (id, topic, data, attributes) values
  ('tap-normal', 'platform.jobs', 'e30=', '{"event_type":"job.status_changed"}'),
  ('tap-urgent', 'platform.jobs', 'e30=', '{"event_type":"job.assigned"}');
select is((select priority from bus.deliveries where message_id = 'tap-urgent'), 0::smallint, 'fan-out takes the priority of the event type');
select is((select priority from bus.deliveries where message_id = 'tap-normal'), 5::smallint, 'unlisted event types get 5');
select is((select array_agg(message_id) from bus.claim_deliveries(1)), array['tap-urgent'], 'the urgent delivery is claimed first though queued after the other');
set local role authenticated;
select throws_ok($$select * from notify.push_send_and_log('k', 'id', 'f', '{}', 's', 'h', 't', '{}', null, 'job.assigned', 'e', '00000000-0000-0000-0000-0000000000c1', 'x')$$,
  '42501', null, 'API roles cannot call the push write');
select throws_ok($$select * from notify.push_context('m', null, null, '{}', 'job.assigned')$$,
  '42501', null, 'API roles cannot call the push read');
select throws_ok($$select * from notify.push_contexts('{m}', '{null}', '{null}', '{""}', '{job.assigned}')$$,
  '42501', null, 'API roles cannot call the batched push read');
select throws_ok($$select * from notify.push_send_and_log_many('[]')$$,
  '42501', null, 'API roles cannot call the batched push write');
reset role;
-- The push read is planned once per connection, not on every push (migration 20261125010100).
select is((select proconfig from pg_proc where oid = 'notify.push_context'::regproc),
  array['plan_cache_mode=force_generic_plan', 'jit=off'], 'the push read keeps a generic plan');

-- Issue 16, fifth pass (migration 20261128100000): the batch's context read is one inlinable SQL statement,
-- shared by the batched read and the checked write, which must agree on every fingerprint.
select is((select l.lanname || ':' || p.provolatile::text || ':' || coalesce(p.proconfig::text, '') || ':' || p.proretset::text
           from pg_proc p join pg_language l on l.oid = p.prolang where p.oid = 'notify.push_context_rows'::regproc),
  'sql:s::true', 'the batch read is a plain STABLE SQL set-returning function (PostgreSQL inlines it)');
create function pg_temp.plan_of(q text) returns text language plpgsql as $f$
declare r record; t text := ''; begin
  for r in execute 'explain (costs off) ' || q loop t := t || r."QUERY PLAN" || E'\n'; end loop;
  return t; end $f$;
select unalike(pg_temp.plan_of($$select * from notify.push_context_rows('{m}', '{j}', '{null}', '{""}', '{job.assigned}')$$),
  '%Function Scan on push_context_rows%', 'the batch read is inlined into its caller, not called per statement');
select is((select proconfig from pg_proc where oid = 'notify.push_send_and_log_checked'::regproc),
  array['plan_cache_mode=force_generic_plan', 'jit=off'], 'the checked write keeps a generic plan, never JIT-compiled');
select is((select proconfig from pg_proc where oid = 'notify.push_contexts'::regproc),
  array['plan_cache_mode=force_generic_plan', 'jit=off'], 'the batched read keeps a generic plan, never JIT-compiled');
insert into public.organizations (id, name, slug) values ('00000000-0000-0000-0000-0000000000a9', 'Tap Solar', 'tap-solar');
insert into public.users (id, email, full_name, organization_id, role) values
  ('00000000-0000-0000-0000-0000000000d3', 'd3@example.test', 'Dee Three', '00000000-0000-0000-0000-0000000000a9', 'technician'),
  ('00000000-0000-0000-0000-0000000000d1', 'd1@example.test', 'Dee One', '00000000-0000-0000-0000-0000000000a9', 'partner_admin'),
  ('00000000-0000-0000-0000-0000000000d2', 'd2@example.test', 'Dee Two', '00000000-0000-0000-0000-0000000000a9', 'partner_admin');
insert into public.partner_contacts (organization_id, contact_user_id, billing_contact_user_id)
  values ('00000000-0000-0000-0000-0000000000a9', '00000000-0000-0000-0000-0000000000d1', '00000000-0000-0000-0000-0000000000d2');
insert into public.jobs (id, organization_id, address, status, technician_id)
  values ('JOB-TAP', '00000000-0000-0000-0000-0000000000a9', '9 Tap Road', 'Assigned', '00000000-0000-0000-0000-0000000000d3');
insert into public.invoices (id, organization_id, amount, due_date) values ('INV-TAP', '00000000-0000-0000-0000-0000000000a9', 12.5, '2026-12-01');
insert into public.user_notification_preference (user_id, event_type, email_enabled)
  values ('00000000-0000-0000-0000-0000000000d1', 'job.assigned', false);
select is((select array_agg(c.ord || '|' || array_to_string(c.done, ',') || '|' || coalesce(c.job->>'id', '-') || '|'
                 || coalesce(c.job->>'partner_name', '-') || '|' || coalesce(c.invoice->>'id', '-') || '|'
                 || coalesce(c.invoice->>'billing_contact', '-') || '|'
                 || (select string_agg(right(u->>'id', 2) || (case when (u->>'opted_out')::boolean then '-out' else '' end), ',')
                     from json_array_elements(c.users) u)
                 order by c.ord)
           from notify.push_contexts('{msg-1,m-new,m-inv}', '{JOB-TAP,null,null}', '{null,null,INV-TAP}',
             '{"",00000000-0000-0000-0000-0000000000d2,""}', '{job.assigned,job.assigned,invoice.sent}') c),
  array['1|msg-1:u1|JOB-TAP|Tap Solar|-|-|d1-out,d3', '2||-|-|-|-|d2', '3||-|-|INV-TAP|00000000-0000-0000-0000-0000000000d2|d1,d2'],
  'the batched read: log keys, job or invoice with their contacts, users in id order with their opt-outs');
select is((select array_agg(notify.push_context_fingerprint(c.job, c.invoice, c.users)) from notify.push_context('m', 'JOB-TAP', null, '{}', 'job.assigned') c),
  (select array_agg(notify.push_context_fingerprint(c.job, c.invoice, c.users)) from notify.push_contexts('{m}', '{JOB-TAP}', '{null}', '{""}', '{job.assigned}') c),
  'the one-push read answers what the batched read answers');
-- The checked write accepts the fingerprint the read computed and nothing else.
create temp table tap_fp as select notify.push_context_fingerprint(c.job, c.invoice, c.users) as fp
  from notify.push_contexts('{x}', '{JOB-TAP}', '{null}', '{""}', '{job.assigned}') c;
create function pg_temp.checked_row(ord int, msg text, fp text) returns jsonb language sql as $f$
  select jsonb_build_object('ord', ord, 'key', msg, 'email_id', 'em-' || msg, 'from_address', 'n@example.test',
    'to_addresses', array['d3@example.test'], 'subject', 's', 'html', 'h', 'text_body', 't', 'headers', '{}'::jsonb,
    'event_type', 'job.assigned', 'event_id', 'ev-' || msg, 'recipient_user_id', '00000000-0000-0000-0000-0000000000d3',
    'recipient_email', 'd3@example.test', 'message_id', msg, 'job_id', 'JOB-TAP', 'invoice_id', null, 'user_ids', '',
    'fingerprint', fp) $f$;
select is((select array_agg(c.ord || ':' || c.outcome order by c.ord) from notify.push_send_and_log_checked(
    jsonb_build_array(pg_temp.checked_row(1, 'chk-1', (select fp from tap_fp)), pg_temp.checked_row(2, 'chk-2', 'not-it'),
                      pg_temp.checked_row(3, 'msg-1', (select fp from tap_fp)))) c),
  array['1:sent', '2:stale', '3:stale'],
  'checked write: the read''s fingerprint is stored, another one or a message with other keys is stale');
select is((select array_agg(c.outcome) from notify.push_send_and_log_checked(
    jsonb_build_array(pg_temp.checked_row(1, 'chk-1', (select fp from tap_fp)))) c),
  array['logged'], 'checked write: a message logged under its id is logged (a duplicate), nothing stored');
update public.users set full_name = 'Dee Renamed' where id = '00000000-0000-0000-0000-0000000000d3';
select is((select array_agg(c.outcome) from notify.push_send_and_log_checked(
    jsonb_build_array(pg_temp.checked_row(1, 'chk-3', (select fp from tap_fp)))) c),
  array['stale'], 'checked write: a renamed recipient makes the remembered context stale');
select is((select count(*)::int from mail.outbox where id like 'em-chk-%'), 1, 'only the accepted row stored an email');
-- One email per event, template and recipient, whatever the message id (migration 20261204110000).
create function pg_temp.event_row(ord int, msg text, event text, recipient uuid default '00000000-0000-0000-0000-0000000000d3',
  event_type text default 'job.assigned') returns jsonb language sql as $f$
  select jsonb_build_object('ord', ord, 'key', msg, 'email_id', 'em-' || msg, 'from_address', 'n@example.test',
    'to_addresses', array['d3@example.test'], 'subject', 's', 'html', 'h', 'text_body', 't', 'headers', '{}'::jsonb,
    'event_type', event_type, 'event_id', event, 'recipient_user_id', recipient, 'recipient_email', 'd3@example.test') $f$;
select has_index('public', 'notification_log', 'notification_log_event_email_key', 'the event dedupe index exists');
select is((select array_agg(m.ord || ':' || m.outcome || ':' || m.email_id order by m.ord)
    from notify.push_send_and_log_many(jsonb_build_array(pg_temp.event_row(1, 'ev-a', 'EV-1'))) m),
  array['1:sent:em-ev-a'], 'event dedupe: the first message of an event is sent');
select is((select array_agg(m.ord || ':' || m.outcome || ':' || m.email_id order by m.ord)
    from notify.push_send_and_log_many(jsonb_build_array(pg_temp.event_row(1, 'ev-b', 'EV-1'))) m),
  array['1:duplicate:em-ev-a'], 'event dedupe: the same event under a new message id is a duplicate with the first email id');
select is((select array_agg(idempotency_key || ':' || status) from public.notification_log where event_id = 'EV-1')
    || (select array_agg(id) from mail.outbox where id in ('em-ev-a', 'em-ev-b')),
  array['ev-a:sent', 'em-ev-a'], 'event dedupe: one log row and one email for the event');
select is((select array_agg(m.ord || ':' || m.outcome order by m.ord)
    from notify.push_send_and_log_many(jsonb_build_array(pg_temp.event_row(1, 'ev-c', 'EV-2'),
      pg_temp.event_row(2, 'ev-d', 'EV-1', '00000000-0000-0000-0000-0000000000d3', 'job.cancelled'),
      pg_temp.event_row(3, 'ev-e', 'EV-1', '00000000-0000-0000-0000-0000000000a1'))) m),
  array['1:sent', '2:sent', '3:sent'],
  'event dedupe: another event with the same content, another template, another recipient are each sent');
select is((select array_agg(m.ord || ':' || m.outcome || ':' || m.email_id order by m.ord)
    from notify.push_send_and_log_many(jsonb_build_array(pg_temp.event_row(1, 'ev-g', 'EV-3'),
      pg_temp.event_row(2, 'ev-f', 'EV-3'))) m),
  array['1:duplicate:em-ev-f', '2:sent:em-ev-f'], 'event dedupe: one event twice in one batch is one email');
insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, error_message)
  values ('ev-h', 'job.assigned', 'EV-4', '00000000-0000-0000-0000-0000000000d3', 'd3@example.test', 'failed', 'refused');
select is((select array_agg(m.outcome) from notify.push_send_and_log_many(jsonb_build_array(pg_temp.event_row(1, 'ev-i', 'EV-4'))) m),
  array['sent'], 'event dedupe: a failed attempt is no email; the event''s replay is sent');
set local role authenticated;
select throws_ok($$select * from notify.push_context_rows('{m}', '{null}', '{null}', '{""}', '{job.assigned}')$$,
  '42501', null, 'API roles cannot call the batch read');
select throws_ok($$select * from notify.push_send_and_log_checked('[]')$$,
  '42501', null, 'API roles cannot call the checked write');
reset role;

select * from finish();
rollback;
