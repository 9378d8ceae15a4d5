// The embedded bus's push loop, with Pub/Sub push semantics: each due delivery is POSTed to its
// subscription's endpoint with an OIDC token (aud = push endpoint); a 2xx acknowledges; anything else, or
// no answer within the ack deadline, is retried with exponential backoff (min..max); after the maximum
// delivery attempts the message is forwarded to the dead-letter topic and an alert is logged. All state is
// in Postgres (leases, attempts, next attempt time), so a restart loses nothing.
import { ulid } from "../ids.ts";
import type { Platform } from "../platform.ts";
import { errorText, log } from "../log.ts";
import { ackWriter } from "./acks.ts";
import { LOCAL_PUSH_IDENTITY, signPushToken } from "./push_token.ts";
import type { PushBody } from "./types.ts";

export interface PusherOptions {
  /** Most pushes in flight at once (default 32). The loop starts at `minConcurrency` and doubles its
   * limit while claims come back full (a backlog), halving it again when they come back short. */
  concurrency?: number;
  /** Pushes in flight when there is no backlog (default 4, at most `concurrency`). */
  minConcurrency?: number;
  /** Poll interval for deliveries that became due (retries); new messages wake the loop at once. */
  pollMs?: number;
  identity?: string;
}

interface Claimed {
  delivery_id: string;
  attempts: number;
  subscription: string;
  push_endpoint: string;
  oidc_audience: string | null;
  ack_deadline_seconds: string;
  min_backoff_seconds: string;
  max_backoff_seconds: string;
  max_delivery_attempts: number;
  dead_letter_topic: string | null;
  message_id: string;
  topic: string;
  data: string;
  attributes: Record<string, string>;
  publish_time: Date;
}

/** Pub/Sub's retry policy: exponential from min to max seconds. */
export function retryDelaySeconds(attempt: number, min: number, max: number): number {
  return Math.min(max, min * 2 ** Math.max(0, attempt - 1));
}

export interface Pusher {
  /** Stops claiming, waits for the pushes in flight, and stops listening. */
  stop(): Promise<void>;
}

export function startPusher(p: Platform, opts: PusherOptions = {}): Pusher {
  const maxConcurrency = Math.max(1, opts.concurrency ?? 32);
  const minConcurrency = Math.min(maxConcurrency, Math.max(1, opts.minConcurrency ?? 4));
  let limit = minConcurrency;
  const ack = ackWriter(p.sql);
  const identity = opts.identity ?? LOCAL_PUSH_IDENTITY;
  const inFlight = new Set<Promise<void>>();
  const tokens = new Map<string, { token: string; until: number }>();
  let stopped = false;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(r, ms);
      wake = () => {
        clearTimeout(t);
        r();
      };
    });
  const listening = p.sql.listen("bus_deliveries", () => wake?.()).catch((e) => {
    log("warn", "bus LISTEN unavailable; polling only", { error: errorText(e) });
    return undefined;
  });

  const tokenFor = async (audience: string) => {
    const t = tokens.get(audience);
    if (t && t.until > Date.now()) return t.token;
    const token = await signPushToken(p, audience, identity);
    tokens.set(audience, { token, until: Date.now() + 50 * 60_000 });
    return token;
  };

  const pushOne = async (d: Claimed) => {
    const body: PushBody = {
      message: {
        data: d.data,
        messageId: d.message_id,
        message_id: d.message_id,
        publishTime: d.publish_time.toISOString(),
        publish_time: d.publish_time.toISOString(),
        attributes: d.attributes,
      },
      subscription: `projects/local/subscriptions/${d.subscription}`,
      deliveryAttempt: d.attempts,
    };
    let status = 0;
    let error = "";
    try {
      const res = await fetch(d.push_endpoint, {
        method: "POST",
        headers: {
          authorization: `Bearer ${await tokenFor(d.oidc_audience ?? d.push_endpoint)}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(Number(d.ack_deadline_seconds) * 1000),
      });
      status = res.status;
      const text = await res.text();
      if (!res.ok) error = text.slice(0, 500);
    } catch (e) {
      error = (e as Error).name === "TimeoutError"
        ? `no answer within the ${d.ack_deadline_seconds} s ack deadline`
        : errorText(e);
    }
    if (status >= 200 && status < 300) {
      await ack(d.delivery_id, status);
      return;
    }
    await failed(d, status, error || `HTTP ${status}`);
  };

  const failed = async (d: Claimed, status: number, error: string) => {
    if (d.attempts >= d.max_delivery_attempts && d.dead_letter_topic) {
      const dlqId = ulid();
      await p.sql.begin(async (tx) => {
        await tx`insert into bus.messages (id, topic, data, attributes) values (${dlqId}, ${d.dead_letter_topic}, ${d.data},
          ${
          tx.json({
            ...d.attributes,
            CloudPubSubDeadLetterSourceDeliveryCount: String(d.attempts),
            CloudPubSubDeadLetterSourceSubscription: d.subscription,
            CloudPubSubDeadLetterSourceTopic: d.topic,
            CloudPubSubDeadLetterSourceMessageId: d.message_id,
            CloudPubSubDeadLetterLastError: error.slice(0, 300),
          })
        })`;
        await tx`update bus.deliveries set status = 'dead_lettered', locked_until = null, last_status = ${
          status || null
        }, last_error = ${error}
          where id = ${d.delivery_id}`;
      });
      log("error", "ALERT: message dead-lettered", {
        alert: true,
        subscription: d.subscription,
        messageId: d.message_id,
        deadLetterMessageId: dlqId,
        topic: d.dead_letter_topic,
        attempts: d.attempts,
        lastStatus: status || null,
        lastError: error.slice(0, 300),
      });
      return;
    }
    const delay = retryDelaySeconds(d.attempts, Number(d.min_backoff_seconds), Number(d.max_backoff_seconds));
    await p.sql`update bus.deliveries set locked_until = null, last_status = ${
      status || null
    }, last_error = ${error},
      next_attempt_at = now() + make_interval(secs => ${delay}) where id = ${d.delivery_id}`;
    log("warn", "push not acknowledged; will retry", {
      subscription: d.subscription,
      messageId: d.message_id,
      attempt: d.attempts,
      status,
      retryInSeconds: delay,
      error: error.slice(0, 200),
    });
  };

  const loop = (async () => {
    while (!stopped) {
      let claimed = 0;
      const free = limit - inFlight.size;
      if (free > 0) {
        try {
          const rows = await p.sql`select * from bus.claim_deliveries(${free})` as unknown as Claimed[];
          claimed = rows.length;
          // The limit follows the backlog: a full claim means more is due, a short one that it is drained.
          limit = claimed === free
            ? Math.min(maxConcurrency, limit * 2)
            : Math.max(minConcurrency, Math.ceil(limit / 2));
          for (const d of rows) {
            const run: Promise<void> = pushOne(d)
              .catch((e) =>
                log(
                  "error",
                  "push bookkeeping failed; the lease will expire and the message be redelivered",
                  { messageId: d.message_id, error: errorText(e) },
                )
              )
              .finally(() => {
                inFlight.delete(run);
                wake?.();
              });
            inFlight.add(run);
          }
        } catch (e) {
          log("error", "bus claim failed", { error: errorText(e) });
        }
      }
      if (stopped) break;
      if (claimed > 0 && claimed === free) continue;
      await nap(opts.pollMs ?? 500);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await Promise.allSettled([...inFlight]);
      const l = await listening;
      await l?.unlisten().catch(() => {});
    },
  };
}
