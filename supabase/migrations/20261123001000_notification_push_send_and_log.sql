-- The push path's write in one round trip (issue 16): with the embedded outbox provider, claiming the
-- provider idempotency key, storing the email, and writing the notification_log row are one CALL.
-- The email is committed first and the log row after it, inside the procedure, exactly as with a remote
-- provider (send, then log): a failure or a killed connection during the log write leaves the email in the
-- outbox and no row, and the redelivery finds the key, gets the same email id back and logs it.
-- The first commit is asynchronous: the log row's synchronous commit flushes the WAL up to and including
-- it, and until then no push has been acknowledged, so a crash in between only loses an email nobody was
-- told about (the redelivery sends it).
-- The idempotency rule is the outbox's (shared/email/outbox.ts): a key is remembered 24 hours; the same key
-- with the same request returns the first email id and stores nothing; another request is a conflict.
-- Private schema: only the privileged connection (the notification service) calls it.
create schema if not exists notify;
revoke all on schema notify from public, anon, authenticated;

create procedure notify.send_outbox_and_log(
  p_key text, p_request_hash text, p_new_email_id text,
  p_from text, p_to text[], p_subject text, p_html text, p_text text, p_headers jsonb, p_reply_to text,
  p_event_type text, p_event_id text, p_recipient_user_id uuid, p_recipient_email text,
  -- outcome: 'sent' (new email, row written), 'resent' (the key's earlier email, row written),
  -- 'duplicate' (a row with this key exists), 'conflict' (key used with another request), 'vanished'
  inout email_id text default null, inout outcome text default null)
language plpgsql as $$
declare
  v_hash text;
  v_fresh boolean := false;
begin
  perform set_config('synchronous_commit', 'off', true);
  insert into mail.idempotency_keys as k (key, request_hash, email_id) values (p_key, p_request_hash, p_new_email_id)
    on conflict (key) do update set request_hash = excluded.request_hash, email_id = excluded.email_id, created_at = now()
      where k.created_at < now() - interval '24 hours'
    returning k.email_id into email_id;
  if email_id is not null then
    insert into mail.outbox (id, from_address, to_addresses, subject, html, text_body, headers, reply_to)
      values (email_id, p_from, p_to, p_subject, p_html, p_text, coalesce(p_headers, '{}'::jsonb), p_reply_to);
    v_fresh := true;
  else
    select k.request_hash, k.email_id into v_hash, email_id from mail.idempotency_keys k where k.key = p_key;
    if email_id is null then
      outcome := 'vanished';
      return;
    end if;
    if v_hash <> p_request_hash then
      outcome := 'conflict';
      return;
    end if;
  end if;
  commit;
  insert into public.notification_log
      (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id, sent_at)
    values (p_key, left(p_event_type, 200), left(p_event_id, 200), p_recipient_user_id, p_recipient_email, 'sent', email_id, now())
    on conflict (idempotency_key) do nothing;
  outcome := case when not found then 'duplicate' when v_fresh then 'sent' else 'resent' end;
end $$;
revoke all on procedure notify.send_outbox_and_log from public, anon, authenticated;
