// Push subscriptions of the embedded bus (what `gcloud pubsub subscriptions create --push-endpoint` makes).
import type { Sql } from "../db/client.ts";
import { TOPICS } from "./topics.ts";

export interface SubscriptionSpec {
  name: string;
  topic: string;
  pushEndpoint: string;
  oidcAudience?: string;
  ackDeadlineSeconds?: number;
  minBackoffSeconds?: number;
  maxBackoffSeconds?: number;
  maxDeliveryAttempts?: number;
  deadLetterTopic?: string | null;
}

export async function ensureSubscription(sql: Sql, s: SubscriptionSpec): Promise<void> {
  await sql`insert into bus.subscriptions (name, topic, push_endpoint, oidc_audience, ack_deadline_seconds,
      min_backoff_seconds, max_backoff_seconds, max_delivery_attempts, dead_letter_topic)
    values (${s.name}, ${s.topic}, ${s.pushEndpoint}, ${s.oidcAudience ?? null}, ${
    s.ackDeadlineSeconds ?? 60
  },
      ${s.minBackoffSeconds ?? 10}, ${s.maxBackoffSeconds ?? 600}, ${s.maxDeliveryAttempts ?? 7},
      ${s.deadLetterTopic === undefined ? TOPICS.deadLetter : s.deadLetterTopic})
    on conflict (name) do update set topic = excluded.topic, push_endpoint = excluded.push_endpoint,
      oidc_audience = excluded.oidc_audience, ack_deadline_seconds = excluded.ack_deadline_seconds,
      min_backoff_seconds = excluded.min_backoff_seconds, max_backoff_seconds = excluded.max_backoff_seconds,
      max_delivery_attempts = excluded.max_delivery_attempts, dead_letter_topic = excluded.dead_letter_topic`;
}

/** The notification service's push subscriptions (jobs, invoices, auth, leads), dead-lettering to the DLQ. */
export async function ensureNotificationSubscriptions(
  sql: Sql,
  pushEndpoint: string,
  overrides: Partial<SubscriptionSpec> = {},
) {
  for (
    const [key, topic] of [["jobs", TOPICS.jobs], ["invoices", TOPICS.invoices], ["auth", TOPICS.auth], [
      "leads",
      TOPICS.leads,
    ]]
  ) {
    await ensureSubscription(sql, { name: `notification-service.${key}`, topic, pushEndpoint, ...overrides });
  }
}
