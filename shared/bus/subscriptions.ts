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
  await ensureSubscriptions(sql, [s]);
}

/** Creates or updates each of `specs` in one statement (one round trip, one commit): `npm start` ensures the
 * notification service's four on every start, before it is ready (issue #16, cold start). */
export async function ensureSubscriptions(sql: Sql, specs: SubscriptionSpec[]): Promise<void> {
  if (!specs.length) return;
  const rows = specs.map((s) => ({
    name: s.name,
    topic: s.topic,
    push_endpoint: s.pushEndpoint,
    oidc_audience: s.oidcAudience ?? null,
    ack_deadline_seconds: s.ackDeadlineSeconds ?? 60,
    min_backoff_seconds: s.minBackoffSeconds ?? 10,
    max_backoff_seconds: s.maxBackoffSeconds ?? 600,
    max_delivery_attempts: s.maxDeliveryAttempts ?? 7,
    dead_letter_topic: s.deadLetterTopic === undefined ? TOPICS.deadLetter : s.deadLetterTopic,
  }));
  await sql`insert into bus.subscriptions ${sql(rows)}
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
  const keys = [["jobs", TOPICS.jobs], ["invoices", TOPICS.invoices], ["auth", TOPICS.auth], [
    "leads",
    TOPICS.leads,
  ]];
  await ensureSubscriptions(
    sql,
    keys.map(([key, topic]) => ({ name: `notification-service.${key}`, topic, pushEndpoint, ...overrides })),
  );
}
