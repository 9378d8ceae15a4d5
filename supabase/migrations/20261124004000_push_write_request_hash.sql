-- The push's write takes less CPU (issue 16):
-- 1. notify.send_outbox_and_log computes the provider idempotency fingerprint (request_hash) itself when
--    the caller passes null: SHA-256 over its own arguments, each length-prefixed (no separator can be
--    forged by content), instead of a JSON serialisation plus SHA-256 in the service (about 80 µs of Deno
--    CPU per push). The idempotency rule is unchanged: same key + same email returns the first email id, a
--    different email under the key is a conflict. The hashes carry an "sql1:" prefix, so a key first used
--    through mail outbox `send()` (the service's own fingerprint) is never taken for the same request.
-- 2. mail.outbox keeps an email row inline and uncompressed up to a page (toast_tuple_target): a rendered
--    email (3-4 KB) was compressed with pglz on every insert and decompressed on every read of the
--    dev mailbox; the outbox is the local provider, its rows are small and read rarely.
alter table mail.outbox set (toast_tuple_target = 8160);

create or replace procedure notify.send_outbox_and_log(
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
  v_request_hash text := coalesce(p_request_hash, 'sql1:' || encode(sha256(convert_to(
    length(p_from) || ':' || p_from || length(array_to_string(p_to, chr(30))) || ':' || array_to_string(p_to, chr(30))
    || cardinality(p_to) || ':' || length(p_subject) || ':' || p_subject || length(p_html) || ':' || p_html
    || length(p_text) || ':' || p_text || length(coalesce(p_headers, '{}'::jsonb)::text) || ':' || coalesce(p_headers, '{}'::jsonb)::text
    || coalesce(length(p_reply_to) || ':' || p_reply_to, '-'), 'UTF8')), 'hex'));
begin
  perform set_config('synchronous_commit', 'off', true);
  insert into mail.idempotency_keys as k (key, request_hash, email_id) values (p_key, v_request_hash, p_new_email_id)
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
    if v_hash <> v_request_hash then
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
