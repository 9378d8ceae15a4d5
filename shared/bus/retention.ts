// Retention of the embedded bus and outbox bookkeeping (Pub/Sub keeps acknowledged messages at most 7 days):
// finished deliveries and their messages go after `days`; dead letters stay until replayed and aged;
// email idempotency keys go after their 24 hours.
import type { Sql } from "../db/client.ts";

export async function pruneBus(
  sql: Sql,
  days = 7,
): Promise<{ deliveries: number; messages: number; keys: number }> {
  const deliveries = await sql`delete from bus.deliveries
    where status <> 'pending' and coalesce(acked_at, next_attempt_at) < now() - make_interval(days => ${days}) returning id`;
  const messages = await sql`delete from bus.messages m
    where m.publish_time < now() - make_interval(days => ${days})
      and (m.topic <> 'platform.notifications.dlq' or m.replayed_at is not null)
      and not exists (select 1 from bus.deliveries d where d.message_id = m.id) returning id`;
  const keys =
    await sql`delete from mail.idempotency_keys where created_at < now() - interval '24 hours' returning key`;
  return { deliveries: deliveries.length, messages: messages.length, keys: keys.length };
}
