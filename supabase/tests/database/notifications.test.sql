begin;
select plan(82);

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
select policies_are('public', 'jobs', array['jobs_org', 'jobs_technician_read'], 'jobs policies');
select policies_are('public', 'invoices', array['invoices_org'], 'invoices policies');

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
  array['plan_cache_mode=force_generic_plan'], 'the push read keeps a generic plan');

select * from finish();
rollback;
