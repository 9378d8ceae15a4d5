// The embedded bus under backlog (issue 16): urgent event types are pushed before a queue of others, the
// push concurrency grows with the backlog and falls back when it is drained, and acks written in batches
// still acknowledge every delivery once.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { buildEnvelope, publishEvent } from "../../../shared/events/publish.ts";
import { ensureSubscription } from "../../../shared/bus/subscriptions.ts";
import { startPusher } from "../../../shared/bus/pusher.ts";
import { ulid } from "../../../shared/ids.ts";
import { until } from "./harness.ts";

/** A push endpoint that takes `ms` per push and records the order and the concurrency it saw. */
function slowEndpoint(ms: number) {
  const order: string[] = [];
  let inFlight = 0;
  let most = 0;
  const s = serveApp(async (req) => {
    const body = await req.json();
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise((r) => setTimeout(r, ms));
    inFlight--;
    order.push(JSON.parse(Buffer.from(body.message.data, "base64").toString()).event_type);
    return new Response("ok");
  });
  return { ...s, order, most: () => most, reset: () => (most = 0) };
}

/** Queues `n` job.status_changed messages in one statement, as a burst of publishes leaves them. */
async function backlog(p: Awaited<ReturnType<typeof testPlatform>>, n: number) {
  const ids = Array.from({ length: n }, () => ulid());
  const data = ids.map(() =>
    Buffer.from(
      JSON.stringify(
        buildEnvelope({ event_type: "job.status_changed", source: "portal", payload: { job_id: "JOB-1" } }),
      ),
    ).toString("base64")
  );
  await p.sql`insert into bus.messages (id, topic, data, attributes)
    select id, 'platform.jobs', d, '{"event_type":"job.status_changed"}'::jsonb from unnest(${ids}::text[], ${data}::text[]) as t(id, d)`;
}

Deno.test("a job.assigned published behind a backlog is pushed next, not after the backlog", async () => {
  const p = await testPlatform();
  const ep = slowEndpoint(20);
  try {
    await ensureSubscription(p.sql, { name: "test.jobs", topic: "platform.jobs", pushEndpoint: ep.url });
    await backlog(p, 300);
    const pusher = startPusher(p, { pollMs: 20, concurrency: 4, minConcurrency: 1 });
    try {
      await until("the backlog is being pushed", () => Promise.resolve(ep.order.length >= 10), 20_000);
      await publishEvent(p, { event_type: "job.assigned", source: "portal", payload: { job_id: "JOB-1" } });
      const pushedWhenPublished = ep.order.length;
      await until("the job.assigned push", () => Promise.resolve(ep.order.includes("job.assigned")));
      const before = ep.order.indexOf("job.assigned");
      const [{ n: pending }] = await p
        .sql`select count(*)::int as n from bus.deliveries where status = 'pending'`;
      assert.ok(pending > 200, `most of the backlog is still queued (${pending})`);
      // Pushed right after the pushes that were in flight when it was published (at most the concurrency, 4).
      assert.ok(
        before <= pushedWhenPublished + 4,
        `job.assigned was push ${before + 1}, published after push ${pushedWhenPublished}`,
      );
      const [d] = await p
        .sql`select d.priority from bus.deliveries d join bus.messages m on m.id = d.message_id
        where m.attributes ->> 'event_type' = 'job.assigned'`;
      assert.equal(d.priority, 0);
    } finally {
      await pusher.stop();
    }
  } finally {
    await ep.close();
    await p.close();
  }
});

Deno.test("push concurrency follows the backlog (min → max → min); every delivery acknowledged once", async () => {
  const p = await testPlatform();
  const ep = slowEndpoint(30);
  try {
    await ensureSubscription(p.sql, { name: "test.jobs", topic: "platform.jobs", pushEndpoint: ep.url });
    const pusher = startPusher(p, { pollMs: 20, concurrency: 16, minConcurrency: 2 });
    try {
      // One event at a time: no backlog, the limit stays at its minimum.
      for (let i = 0; i < 5; i++) {
        await publishEvent(p, {
          event_type: "job.status_changed",
          source: "portal",
          payload: { job_id: `JOB-${i}` },
        });
        await until("the push", () => Promise.resolve(ep.order.length === i + 1));
      }
      assert.ok(ep.most() <= 2, `idle: at most 2 in flight (saw ${ep.most()})`);
      ep.reset();
      await backlog(p, 200);
      await until(
        "the backlog drained",
        async () =>
          (await p.sql`select count(*)::int as n from bus.deliveries where status = 'acked'`)[0].n === 205,
      );
      assert.ok(ep.most() > 2, `backlog: more in flight (saw ${ep.most()})`);
      assert.ok(ep.most() <= 16, `never more than the maximum (saw ${ep.most()})`);
      const rows = await p.sql`select attempts, last_status from bus.deliveries`;
      assert.ok(
        rows.every((r) => r.attempts === 1 && r.last_status === 200),
        "each pushed and acknowledged once",
      );
      assert.equal(ep.order.length, 205);
    } finally {
      await pusher.stop();
    }
  } finally {
    await ep.close();
    await p.close();
  }
});
