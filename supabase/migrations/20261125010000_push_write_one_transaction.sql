-- The push's write stores less and commits once (issue 16). With the embedded outbox provider the email
-- and its `sent` log row are now ONE transaction, and the log row's unique idempotency key is the only
-- dedupe record:
-- - before (notify.send_outbox_and_log): a mail.idempotency_keys row (key + SHA-256 fingerprint of the
--   email, computed over ~3 KB), the email, an asynchronous commit, then the log row and a synchronous
--   commit: three rows, two commits, so that a failure between the two left the email without its row and
--   the redelivery had to find the key again (the crash window of a remote provider, replayed locally);
-- - now (notify.push_send_and_log): the log row (on conflict with an existing key: `duplicate`, with the
--   email id that row holds), then the email, one synchronous commit. Either both are stored or neither:
--   a failure or a killed connection during the write leaves nothing, the push answers 500, and the
--   redelivery sends the email once. Exactly one email per (message, recipient) holds because the email
--   is only ever inserted in the transaction that inserted the key's log row; two concurrent deliveries
--   wait on the unique index and the loser answers `duplicate` with the winner's email id.
-- The remote provider (Resend) path is unchanged: the HTTPS send with the key as its idempotency key, then
-- the log row. mail.idempotency_keys stays for the outbox's own send() (shared/email/outbox.ts).
-- A message whose email the old procedure stored before a crash but never logged (only possible for a push
-- that was answered 500 across this upgrade, on a local outbox) would be emailed again on its redelivery.
create or replace function notify.push_send_and_log(
  p_key text, p_new_email_id text,
  p_from text, p_to text[], p_subject text, p_html text, p_text text, p_headers jsonb, p_reply_to text,
  p_event_type text, p_event_id text, p_recipient_user_id uuid, p_recipient_email text,
  -- outcome: 'sent' (email and row stored), 'duplicate' (a row with this key exists; email_id is its email)
  out email_id text, out outcome text)
language plpgsql volatile as $$
begin
  insert into public.notification_log
      (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id, sent_at)
    values (p_key, left(p_event_type, 200), left(p_event_id, 200), p_recipient_user_id, p_recipient_email, 'sent',
      p_new_email_id, now())
    on conflict (idempotency_key) do nothing;
  if not found then
    -- A new statement, a new snapshot: a concurrent delivery's row is visible once its transaction committed.
    select l.provider_email_id into email_id from public.notification_log l where l.idempotency_key = p_key;
    outcome := 'duplicate';
    return;
  end if;
  insert into mail.outbox (id, from_address, to_addresses, subject, html, text_body, headers, reply_to)
    values (p_new_email_id, p_from, p_to, p_subject, p_html, p_text, coalesce(p_headers, '{}'::jsonb), p_reply_to);
  email_id := p_new_email_id;
  outcome := 'sent';
end $$;
revoke all on function notify.push_send_and_log from public, anon, authenticated;

-- The two-transaction procedure has no caller left.
drop procedure notify.send_outbox_and_log(text, text, text, text, text[], text, text, text, jsonb, text, text, text,
  uuid, text, text, text);
