// The push's write commits without waiting for the disk only when the embedded bus of the same database is
// delivering the message (issue 16, seventh pass; migration 20261130120000, docs/notifications.md, How a push
// is handled, 6.; notify.push_defer_commit): every row of the batch names a pending delivery in bus.deliveries. Then the bus's
// acknowledgement is written to the same WAL after the push's commit, so a crash cannot keep the ack and lose
// the push: the WAL order is checked with pg_walinspect on the real server.
import assert from "node:assert/strict";
import postgres from "postgres";
import type { Sql } from "../../../shared/db/client.ts";
import { testPlatform } from "../../support/db.ts";
import { publishEvent } from "../../../shared/events/publish.ts";
import { ensureNotificationSubscriptions, ensureSubscription } from "../../../shared/bus/subscriptions.ts";
import { ulid } from "../../../shared/ids.ts";
import { startPusher } from "../../../shared/bus/pusher.ts";
import { pushCommits } from "../../../shared/notifications/send_and_log.ts";
import { notificationHarness, until } from "./harness.ts";

const SUB = "notification-service.test";
const USER = "00000000-0000-0000-0000-0000000000c1";

/** One row of notify.push_send_and_log_many's JSON, naming (or not) a bus delivery. */
const row = (ord: number, key: string, bus?: { subscription: string; messageId: string }) => ({
  ord,
  key,
  email_id: `email-${key}`,
  from_address: "Solar Platform <notifications@x.test>",
  to_addresses: ["tech@x.test"],
  subject: "New job assigned",
  html: "<p>Hello</p>",
  text_body: "Hello",
  headers: {},
  reply_to: null,
  event_type: "job.assigned",
  event_id: "e",
  recipient_user_id: USER,
  recipient_email: "tech@x.test",
  ...bus && { bus_subscription: bus.subscription, bus_message_id: bus.messageId },
});

/** The synchronous_commit a write of `rows` commits with (read again after the call: its commit reads it). */
async function commitModeOf(sql: Sql, rows: unknown[]): Promise<string> {
  let mode = "";
  await sql.begin(async (tx) => {
    const json = tx.json(rows as never);
    const [{ answered }] = await tx`select notify.push_defer_commit(${json}) as answered`;
    await tx`select * from notify.push_send_and_log_many(${json})`;
    [{ mode }] = await tx`select current_setting('synchronous_commit') as mode`;
    assert.equal(answered, mode, "it answers the setting it leaves");
    throw new RollbackSignal();
  }).catch((e) => {
    if (!(e instanceof RollbackSignal)) throw e;
  });
  return mode;
}
class RollbackSignal extends Error {}

Deno.test("deferred commit: only when every row of the batch is a pending delivery of this database's bus", async () => {
  const p = await testPlatform();
  try {
    await ensureSubscription(p.sql, {
      name: SUB,
      topic: "platform.jobs",
      pushEndpoint: "http://127.0.0.1:9/x",
    });
    await ensureSubscription(p.sql, {
      name: "other.jobs",
      topic: "platform.jobs",
      pushEndpoint: "http://127.0.0.1:9/y",
    });
    // Publishing fans each message out to both subscriptions (pending deliveries).
    for (const id of ["m1", "m2", "m3"]) {
      await p.sql`insert into bus.messages (id, topic, data) values (${id}, 'platform.jobs', 'e30=')`;
    }
    await p.sql`update bus.deliveries set status = 'acked', acked_at = now() where message_id = 'm3'`;
    const mine = (messageId: string) => ({ subscription: SUB, messageId });

    assert.equal(
      await commitModeOf(p.sql, [row(1, "m1", mine("m1"))]),
      "off",
      "a pending delivery: deferred",
    );
    assert.equal(
      await commitModeOf(p.sql, [row(1, "m1:u1", mine("m1")), row(2, "m2", mine("m2"))]),
      "off",
      "every row pending (a per-recipient key included): deferred",
    );
    assert.equal(await commitModeOf(p.sql, [row(1, "m1")]), "on", "no delivery named (Pub/Sub): synchronous");
    assert.equal(
      await commitModeOf(p.sql, [row(1, "m9", mine("m9"))]),
      "on",
      "a message this database's bus does not deliver: synchronous",
    );
    assert.equal(
      await commitModeOf(p.sql, [
        row(1, "m1", { subscription: "notification-service.jobs", messageId: "m1" }),
      ]),
      "on",
      "another subscription's name: synchronous (that delivery's ack is not this push's)",
    );
    assert.equal(
      await commitModeOf(p.sql, [row(1, "m3", mine("m3"))]),
      "on",
      "an acknowledged delivery: synchronous (no ack follows)",
    );
    assert.equal(
      await commitModeOf(p.sql, [row(1, "m1", mine("m1")), row(2, "x2")]),
      "on",
      "one row without a delivery makes the whole batch synchronous",
    );
    // A role that may not read the bus (here service_role, allowed to call the function for the test): no
    // error, a synchronous commit.
    await p.sql.begin(async (tx) => {
      await tx`grant usage on schema notify to service_role`;
      await tx`grant execute on function notify.push_defer_commit(jsonb) to service_role`;
      await tx`set local role service_role`;
      const [{ mode }] = await tx`select notify.push_defer_commit(${
        tx.json([row(1, "m1", mine("m1"))] as never)
      }) as mode`;
      assert.equal(mode, "on");
      throw new RollbackSignal();
    }).catch((e) => {
      if (!(e instanceof RollbackSignal)) throw e;
    });
    // Nothing was kept by the rolled-back transactions; a real write stores as before.
    const [{ n }] = await p.sql`select count(*)::int as n from public.notification_log`;
    assert.equal(n, 0);
    const out = await p.sql`select outcome from notify.push_send_and_log_many(${
      p.sql.json([row(1, "m1", mine("m1"))] as never)
    })`;
    assert.deepEqual(out.map((r) => r.outcome), ["sent"]);
  } finally {
    await p.close();
  }
});

Deno.test("deferred commit: the delivery is looked up by its unique key, not by scanning the pending ones (a backlog)", async () => {
  const p = await testPlatform();
  // auto_explain reports the plan of each statement the function runs, as notices on this connection.
  const notices: string[] = [];
  const sql = postgres(p.db.url, { max: 1, onnotice: (n) => void notices.push(String(n.message)) });
  try {
    await ensureSubscription(p.sql, {
      name: SUB,
      topic: "platform.jobs",
      pushEndpoint: "http://127.0.0.1:9/x",
    });
    // Backlogs as the push loop leaves them: 2,000 pending deliveries, each leased (attempts, locked_until),
    // then acknowledged and analyzed, twice over; then one more being delivered.
    const backlog = async () => {
      const ids = Array.from({ length: 2000 }, () => ulid());
      await p
        .sql`insert into bus.messages (id, topic, data) select id, 'platform.jobs', 'e30=' from unnest(${ids}::text[]) id`;
      await p.sql`update bus.deliveries set attempts = 1, locked_until = now() + interval '60 seconds'
        where status = 'pending'`;
      return ids;
    };
    const call = (ids: string[]) =>
      sql`select notify.push_defer_commit(${
        sql.json(
          ids.slice(0, 4).map((id, i) => row(i + 1, id, { subscription: SUB, messageId: id })) as never,
        )
      }) as mode`;
    for (let i = 0; i < 2; i++) {
      const ids = await backlog();
      for (let j = 0; j < 8; j++) await call(ids);
      await p.sql`update bus.deliveries set status = 'acked', acked_at = now(), locked_until = null
        where status = 'pending'`;
      // What autovacuum does between backlogs: statistics taken while nothing is pending.
      await p.sql`analyze bus.deliveries`;
    }
    const ids = await backlog();
    await sql`load 'auto_explain'`;
    await sql`set auto_explain.log_min_duration = 0`;
    await sql`set auto_explain.log_nested_statements = on`;
    await sql`set auto_explain.log_level = notice`;
    for (let i = 0; i < 8; i++) { // past the custom plans PostgreSQL tries before it caches a generic one
      notices.length = 0;
      const [{ mode }] = await call(ids);
      assert.equal(mode, "off");
    }
    const lookup = notices.find((n) => n.includes("bus.deliveries") && !n.includes("push_defer_commit("));
    assert.ok(lookup, `the lookup's plan is reported: ${notices.join("\n---\n")}`);
    assert.match(lookup, /Index Scan using deliveries_subscription_message_id_key/);
    assert.doesNotMatch(lookup, /deliveries_due_idx|deliveries_ready_idx|Seq Scan on deliveries/);
  } finally {
    await sql.end();
    await p.close();
  }
});

Deno.test("deferred commit through the service: the embedded bus's pushes defer, a push no delivery names does not; the ack follows the push's commit in the WAL", async () => {
  const h = await notificationHarness();
  const pusher = startPusher(h.p, { pollMs: 50 });
  try {
    await h.p.sql`create extension if not exists pg_walinspect`;
    await ensureNotificationSubscriptions(h.p.sql, `${h.serviceUrl}/events/push`);
    const [{ from }] = await h.p.sql`select pg_current_wal_insert_lsn()::text as from`;
    // Two job.assigned for the same job: the first reads then writes, the second is the one-statement checked
    // write (push_fast.ts); both are deliveries of the bus in this database.
    const published: { messageId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      published.push(
        await publishEvent(h.p, {
          event_type: "job.assigned",
          source: "test-suite",
          payload: { job_id: h.jobId },
        }),
      );
      await until("the ack", async () => {
        const [d] = await h.p
          .sql`select status from bus.deliveries where message_id = ${published[i].messageId}`;
        return d?.status === "acked";
      });
    }
    assert.equal((await h.emails()).length, 2);
    assert.deepEqual({ ...pushCommits(h.p.sql) }, { synchronous: 0, deferred: 2 });

    // Each push's commit record precedes its delivery's acknowledgement in the WAL: a crash that keeps the
    // ack keeps the email and its log row (recovery replays a prefix of the WAL).
    const [{ to }] = await h.p.sql`select pg_current_wal_flush_lsn()::text as to`;
    for (const pub of published) {
      const [{ push }] = await h.p
        .sql`select xmin::text as push from public.notification_log where idempotency_key = ${pub.messageId}`;
      const [{ ack }] = await h.p
        .sql`select xmin::text as ack from bus.deliveries where message_id = ${pub.messageId}`;
      const commits = await h.p.sql`select xid::text as xid, start_lsn::text as lsn
        from pg_get_wal_records_info(${from}::pg_lsn, ${to}::pg_lsn)
        where resource_manager = 'Transaction' and record_type = 'COMMIT' and xid::text in (${push}, ${ack})`;
      const at = new Map(commits.map((c) => [c.xid as string, c.lsn as string]));
      assert.ok(
        at.has(push) && at.has(ack),
        `both commits are in the flushed WAL: ${JSON.stringify([...at])}`,
      );
      const [{ before }] = await h.p.sql`select ${at.get(push)!}::pg_lsn < ${at.get(ack)!}::pg_lsn as before`;
      assert.equal(before, true, "the push's commit comes first");
    }

    // A push no bus delivery of this database names (Pub/Sub's, here the harness's): synchronous.
    const direct = await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    assert.equal(direct.body.status, "ok");
    assert.deepEqual({ ...pushCommits(h.p.sql) }, { synchronous: 1, deferred: 2 });
    // A redelivery of a bus message is a duplicate and stores nothing.
    assert.equal(
      (await h.push(h.envelope("job.assigned", { job_id: h.jobId }), { messageId: published[0].messageId }))
        .body.status,
      "duplicate",
    );
    assert.equal((await h.emails()).length, 3);
  } finally {
    await pusher.stop();
    await h.close();
  }
});
