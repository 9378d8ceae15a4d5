// `npm run bench:notifications`: the notification service's push path and the embedded bus under backlog,
// on a real PostgreSQL (TEST_DATABASE_URL or the local server) with the outbox email provider, over real HTTP.
//
// 1. Push path, interleaved rounds of four loads driven by the same client (a Worker) at the same
//    concurrency: a bare Hono handler, a Hono handler doing one postgres.js INSERT and one SELECT, the same
//    INSERT+SELECT in-process without HTTP ("raw postgres.js"), and POST /events/push. Ratios are taken
//    within a round (the machine is shared, so absolute figures move with other people's load). A fifth
//    load, "the push's SQL alone", runs just the push's statements in process (the checked write of
//    shared/notifications/push_fast.ts when the job's context is remembered, else the read, then the
//    write; an email rendered once beforehand): no HTTP, decoding, rendering or signing, so its ratio to
//    raw INSERT+SELECT is the most the push path could reach with this storage (both the read and the
//    write go through the group-commit batchers, as in the push). A sixth load is POST /events/push with
//    group commit off (shared/notifications/push_batch.ts: every push its own read and write transaction),
//    so the gain of batching is measured within each round. A seventh is POST /events/push with no remembered
//    context (shared/notifications/push_known.ts, `knownContexts.max = 0`): every push its read and its
//    write, as for the first push of a job and event type; the push load itself sends the bench's 200 jobs
//    round and round, so after the warm-up its pushes take the one-statement path (push_fast.ts).
//    The pushes of these loads are deliveries of the embedded bus (the local stack's bus, the default): before
//    each load the bench queues its N messages on the bus in this database (a `bench` subscription, each
//    delivery leased as the push loop's claim leaves it) and acknowledges them after the measured part, as the
//    push loop does; their writes commit without waiting for the disk (migration 20261130120000). An eighth
//    load, "push, synchronous commit", sends the same pushes with message ids no delivery of this database
//    has (as Pub/Sub's): every write waits for its commit's disk flush, as all did before.
//    A ninth, "push, no stall hedge", is POST /events/push with one read and one write flush at a time
//    whatever their duration (`pushBatching.hedgeAfterMs = 0`: the pushes behind a stalled flush wait for all
//    of it, as before push19), so the stall hedge's effect on the p99 is measured within each round.
//    The peers are the same process's: the same connection pool (DB_POOL_SIZE, 20) for raw INSERT+SELECT and
//    the push; the same client, framing and concurrency for every HTTP load.
//    Target: push ≥ 0.5× raw postgres.js INSERT+SELECT, p99 ≤ 10 ms at 8 in flight.
// 2. Bus backlog: N messages (job.status_changed) queued at once, then one job.assigned published behind
//    them; prints how long the job.assigned took to be emailed (target ≤ 5 s behind 10,000), how long a
//    same-priority event published behind the backlog took, and the drain rate.
//    The load generator (a Worker of this process, its request bodies made before each measured part) runs on
//    the same two cores as the service: its CPU per request is printed beside the service's ("client"; not in
//    "CPU ms/req"), which the in-process raw peer does not pay. "batch": pushes per group-commit write statement.
//   BENCH_CLIENT: "tcp" (default since push6: kept-alive connections with request bytes made beforehand,
//   http_client.ts) or "fetch" (the runtime's fetch, as before; 0.10–0.27 ms of client CPU per request).
//   BENCH_LOADS: only these push loads, by name, separated by ";" (no ratios then); BENCH_CPU_PROFILE=<file>:
//   a V8 CPU profile of the service's isolate during the measured "POST /events/push" loads (cpu_profile.ts:
//   written as a .cpuprofile, its top functions printed).
//   BENCH_PUSHES (2000 per load per round), BENCH_ROUNDS (2), BENCH_CONCURRENCY (8),
//   BENCH_BACKLOGS ("10,1000,10000"), BENCH_SECTIONS ("push,bus"; "scaling": push throughput as
//   notification_log grows to BENCH_LOG_ROWS, "0,100000,1000000")
import { Buffer } from "node:buffer";
import { Hono } from "hono";
import { ulid } from "../../shared/ids.ts";
import { createTestDatabase } from "../../tests/support/db.ts";
import { createPlatform, override } from "../../shared/platform.ts";
import { connect, type Sql } from "../../shared/db/client.ts";
import { loadCoreConfig } from "../../shared/config.ts";
import { setLogLevel } from "../../shared/log.ts";
import { createApp } from "../../supabase/functions/notification-service/app.ts";
import { loadNotificationConfig } from "../../shared/notifications/config.ts";
import { LOCAL_PUSH_IDENTITY, signPushToken } from "../../shared/bus/push_token.ts";
import { buildEnvelope, publishEvent } from "../../shared/events/publish.ts";
import { ensureNotificationSubscriptions, ensureSubscription } from "../../shared/bus/subscriptions.ts";
import { startPusher } from "../../shared/bus/pusher.ts";
import { TOPICS } from "../../shared/events/catalogue.ts";
import { loadPushContext } from "../../shared/notifications/push_context.ts";
import {
  pushCommits,
  pushWrites,
  sendAndLog,
  sendAndLogChecked,
} from "../../shared/notifications/send_and_log.ts";
import { knownContexts, readArgs, recall } from "../../shared/notifications/push_known.ts";
import { templates } from "../../shared/notifications/templates.ts";
import { pushBatching } from "../../shared/notifications/push_batch.ts";
import { BENCH_SUBSCRIPTION } from "./notifications_body.ts";
import { startCpuProfile, summarize } from "./cpu_profile.ts";

setLogLevel("error");
const N = Number(Deno.env.get("BENCH_PUSHES") ?? 2000);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 2);
const C = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 8);
const BACKLOGS = (Deno.env.get("BENCH_BACKLOGS") ?? "10,1000,10000").split(",").map(Number).filter((n) =>
  n > 0
);
const SECTIONS = new Set((Deno.env.get("BENCH_SECTIONS") ?? "push,bus").split(","));
// Only these push loads (names as printed, separated by ";"; the ratios need all of them).
const LOADS = Deno.env.get("BENCH_LOADS")?.split(";");
// A CPU profile of the service's isolate during the measured "POST /events/push" loads (cpu_profile.ts).
const PROFILE = Deno.env.get("BENCH_CPU_PROFILE");
// The HTTP loads' client (notifications_load.ts): "tcp" (kept-alive connections, http_client.ts) or "fetch".
const CLIENT = Deno.env.get("BENCH_CLIENT") === "fetch" ? "fetch" : "tcp";

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (n: number, d = 1) => n.toFixed(d);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const db = await createTestDatabase();
// The pool size of the local stack (DB_POOL_SIZE, 20).
const sql = connect(db.url, { max: Number(Deno.env.get("DB_POOL_SIZE") ?? 20) });
const p = createPlatform(sql, loadCoreConfig());
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, createApp(p).fetch);
const serviceUrl = `http://127.0.0.1:${server.addr.port}/notification-service`;
const pushUrl = `${serviceUrl}/events/push`;
override(p, "notificationConfig", {
  ...loadNotificationConfig(p),
  webhookSecret: "whsec_" + btoa("bench-webhook-secret-32-bytes-ok"),
  internalToken: "bench",
  unsubscribeSecret: "bench",
  serviceUrl,
  push: {
    issuers: [p.config.jwtIssuer],
    audiences: [`${serviceUrl}/events/push`],
    allowedEmails: [LOCAL_PUSH_IDENTITY],
  },
});

// The baselines, on the same Deno, the same pool and the same database.
const baseline = new Hono();
baseline.post("/bare", async (c) => {
  await c.req.text();
  return c.json({ status: "ok" });
});
const insertSelect = async (q: Sql) => {
  const k = ulid();
  await q`insert into bench.raw (k, v) values (${k}, ${"x".repeat(200)})`;
  const rows = await q`select k, v, at from bench.raw where k = ${k}`;
  return rows.length;
};
baseline.post("/insert-select", async (c) => {
  await c.req.text();
  return c.json({ status: "ok", n: await insertSelect(sql) });
});
const baseServer = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, baseline.fetch);
const baseUrl = `http://127.0.0.1:${baseServer.addr.port}`;

interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Map<string, number>;
  /** CPU milliseconds per request: this process's main thread (the server side) + its database backends. */
  cpuMs?: number;
  denoMs?: number;
  /** Of cpuMs, the WAL writer's (it flushes the commits that do not wait; it serves every database). */
  walMs?: number;
  /** The load generator's CPU per request (its Worker thread; HTTP loads only): not in cpuMs, but on the
   * same two cores as the service, which the in-process raw peer does not share with a client. */
  clientMs?: number;
  /** Pushes per batched write statement (the mean group-commit batch). */
  batch?: number;
}

// CPU time from /proc (Linux): the main thread of this process (the load generator is a Worker, another
// thread), the PostgreSQL backends serving this database and the WAL writer (which flushes the commits
// that did not wait for it; it serves the whole server, so other databases' work counts too). On a shared
// machine the throughput of a run depends on what else runs; the CPU spent per request does much less.
const ticks = async (path: string) => {
  try {
    const f = (await Deno.readTextFile(path)).split(") ")[1].split(" ");
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
async function cpuNow(): Promise<{ deno: number; pg: Map<number, number>; wal: number }> {
  // Client backends and the WAL writer; not autovacuum workers, whose work follows the bench's own bookkeeping
  // (the bus deliveries it queues and acknowledges around each load) more than the load they happen to overlap.
  const procs = await sql`select pid, backend_type = 'walwriter' as wal from pg_stat_activity
    where (datname = current_database() and backend_type = 'client backend') or backend_type = 'walwriter'`;
  const [deno, ...pg] = await Promise.all([
    ticks(`/proc/self/task/${Deno.pid}/stat`),
    ...procs.map((r) => ticks(`/proc/${r.pid}/stat`)),
  ]);
  return {
    deno: deno * 10, // 100 ticks per second
    pg: new Map(procs.map((r, i) => [r.pid as number, pg[i] * 10])),
    wal: procs.reduce((sum, r, i) => sum + (r.wal ? pg[i] * 10 : 0), 0),
  };
}
/** PostgreSQL CPU between two readings: each process's own difference (one that started in between counts
 * from zero; one that ended in between is not seen). */
const pgDelta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);
async function measured(count: number, run: () => Promise<Run>): Promise<Run> {
  const before = await cpuNow();
  const writes = { ...pushWrites(sql) };
  const r = await run();
  const after = await cpuNow();
  const now = pushWrites(sql);
  return {
    ...r,
    batch: (now.pushes - writes.pushes) / (now.statements - writes.statements),
    denoMs: (after.deno - before.deno) / count,
    cpuMs: (after.deno - before.deno + pgDelta(before.pg, after.pg)) / count,
    walMs: (after.wal - before.wal) / count,
  };
}

function viaHttp(
  url: string,
  token: string,
  jobIds: string[],
  count: number,
  messageIds?: string[],
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./notifications_load.ts", import.meta.url), { type: "module" });
    worker.onerror = (e) => {
      worker.terminate();
      reject(e);
    };
    worker.onmessage = (e) => {
      worker.terminate();
      const lat = (e.data.latencies as number[]).sort((a, b) => a - b);
      resolve({
        perSecond: lat.length / e.data.seconds,
        p50: pct(lat, 0.5),
        p99: pct(lat, 0.99),
        statuses: new Map(Object.entries(e.data.statuses)),
        clientMs: e.data.clientCpuMs / lat.length,
      });
    };
    worker.postMessage({
      url,
      token,
      jobIds,
      count,
      concurrency: C,
      maxSeconds: 20,
      messageIds,
      client: CLIENT,
    });
  });
}

/** A measured load of N pushes that are deliveries of the embedded bus in this database: their messages
 * queued (and each delivery leased, as the push loop's claim leaves it) before, acknowledged after. */
async function viaBus(run: (messageIds: string[]) => Promise<Run>): Promise<Run> {
  const ids = Array.from({ length: N }, () => ulid());
  await sql`insert into bus.messages (id, topic, data) select id, ${TOPICS.jobs}, 'e30=' from unnest(${ids}::text[]) id`;
  await sql`update bus.deliveries set attempts = 1, locked_until = now() + interval '60 seconds'
    where subscription = ${BENCH_SUBSCRIPTION} and status = 'pending'`;
  try {
    return await measured(N, () => run(ids));
  } finally {
    await sql`update bus.deliveries set status = 'acked', acked_at = now(), locked_until = null
      where subscription = ${BENCH_SUBSCRIPTION} and status = 'pending'`;
  }
}

/** A load run with `setting[key]` set to `value` (group commit off: pushBatching.max 1; no remembered
 * context: knownContexts.max 0; no stall hedge: pushBatching.hedgeAfterMs 0). */
async function measuredWith<K extends string>(
  setting: Record<K, number>,
  value: number,
  load: () => Promise<Run>,
  key = "max" as K,
): Promise<Run> {
  const before = setting[key];
  setting[key] = value;
  try {
    return await load();
  } finally {
    setting[key] = before;
  }
}

async function inProcess(
  count: number,
  op: (i: number) => Promise<unknown> = () => insertSelect(sql),
): Promise<Run> {
  const lat: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: C }, async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await op(i);
      lat.push(performance.now() - t0);
    }
  }));
  lat.sort((a, b) => a - b);
  return {
    perSecond: count / ((performance.now() - started) / 1000),
    p50: pct(lat, 0.5),
    p99: pct(lat, 0.99),
    statuses: new Map(),
  };
}

try {
  await p.sql`create schema bench`;
  await p
    .sql`create table bench.raw (k text primary key, v text not null, at timestamptz not null default now())`;
  const [org] = await p
    .sql`insert into public.organizations (name, slug) values ('Bench Solar', 'bench-solar') returning id`;
  const users = await p.sql`insert into public.users (email, full_name, organization_id, role)
    select 'tech' || g || '@bench.test', 'Tech ' || g, ${org.id}, 'technician' from generate_series(1, 50) g returning id`;
  await p.sql`insert into public.partner_contacts (organization_id, contact_user_id) values (${org.id}, ${
    users[0].id
  })`;
  const jobs = await p.sql`insert into public.jobs (organization_id, address, status, technician_id)
    select ${org.id}, g || ' Bench Road, Austin, TX', 'Assigned', (select id from public.users where email = 'tech' || (1 + g % 50) || '@bench.test')
    from generate_series(1, 200) g returning id`;
  const jobIds = jobs.map((j) => j.id as string);
  const token = await signPushToken(p, `${serviceUrl}/events/push`, LOCAL_PUSH_IDENTITY);
  // The bench's pushes come from this subscription of the embedded bus (removed before the bus section).
  await ensureSubscription(p.sql, {
    name: BENCH_SUBSCRIPTION,
    topic: TOPICS.jobs,
    pushEndpoint: `${serviceUrl}/events/push`,
  });
  console.log(
    `machine: ${navigator.hardwareConcurrency} CPUs, load ${
      Deno.loadavg().map((n) => fmt(n)).join(" / ")
    } (1/5/15 min; other processes share the CPUs)`,
  );

  if (SECTIONS.has("push")) {
    // The push's statements alone: what the database work of one push costs, without the rest.
    const [tech] = await p
      .sql`select u.id, u.email from public.users u join public.jobs j on j.technician_id = u.id
      where j.id = ${jobIds[0]}`;
    const email = {
      from: "Solar Platform <notifications@bench.test>",
      to: [tech.email as string],
      ...(await templates(p).load()).render("job.assigned", {
        technician_name: "Tech 1",
        job_id: jobIds[0],
        job_address: "1 Bench Road, Austin, TX",
        partner_name: "Bench Solar",
        orion_url: `${serviceUrl}/portal/jobs/${jobIds[0]}`,
        portal_url: `${serviceUrl}/portal/jobs/${jobIds[0]}`,
        event_label: "Job assigned",
        user_id: tech.id,
        unsubscribe_url:
          `${serviceUrl}/unsubscribe?user_id=${tech.id}&event_type=job.assigned&nonce=${ulid()}&sig=${
            "0".repeat(64)
          }`,
        preferences_url: `${serviceUrl}/portal/settings/notifications`,
      }),
      headers: {
        "List-Unsubscribe": `<${serviceUrl}/unsubscribe>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
    const pushSql = async (i: number, messageId: string) => {
      const delivery = { subscription: BENCH_SUBSCRIPTION, messageId };
      const envelope = {
        event_id: ulid(),
        event_type: "job.assigned" as const,
        source: "bench",
        created_at: new Date().toISOString(),
        payload: { job_id: jobIds[i % jobIds.length] },
      };
      const row = (id: string, address: string) => ({
        idempotencyKey: messageId,
        eventType: envelope.event_type,
        eventId: envelope.event_id,
        recipientUserId: id,
        recipientEmail: address,
      });
      // As the push does: the checked write alone when the job's context is remembered, else read + write.
      const args = readArgs(messageId, envelope);
      const known = recall(sql, args);
      const techId = (known?.job as { technician_id?: string } | undefined)?.technician_id;
      const to = known?.users.find((u) => u.id === techId);
      if (known && to) {
        const check = { ...args, fingerprint: known.fingerprint };
        if (await sendAndLogChecked(p, email, row(to.id, to.email), check, delivery)) return;
      }
      const ctx = await loadPushContext(sql, messageId, envelope);
      const technician = ctx.job!.technician_id as string;
      await sendAndLog(p, email, row(technician, ctx.users.get(technician)!.email), delivery);
    };
    const loads: Record<string, () => Promise<Run>> = {
      "bare Hono handler": () => measured(N, () => viaHttp(`${baseUrl}/bare`, token, jobIds, N)),
      "Hono + INSERT+SELECT": () => measured(N, () => viaHttp(`${baseUrl}/insert-select`, token, jobIds, N)),
      "raw postgres.js INSERT+SELECT": () => measured(N, () => inProcess(N)),
      "POST /events/push": () => viaBus((ids) => viaHttp(pushUrl, token, jobIds, N, ids)),
      // The same pushes from no delivery of this database (as Pub/Sub's): every write's commit waits for the disk.
      "push, synchronous commit": () => measured(N, () => viaHttp(pushUrl, token, jobIds, N)),
      "the push's SQL alone": () => viaBus((ids) => inProcess(N, (i) => pushSql(i, ids[i]))),
      // The same push with group commit off: every push its own read and its own write transaction.
      "push, no group commit": () =>
        measuredWith(pushBatching, 1, () => viaBus((ids) => viaHttp(pushUrl, token, jobIds, N, ids))),
      // The same push with no context remembered: every push its read, then its write (two statements).
      "push, no remembered context": () =>
        measuredWith(knownContexts, 0, () => viaBus((ids) => viaHttp(pushUrl, token, jobIds, N, ids))),
      // The same push with one flush at a time whatever its duration (push19): the pushes queued behind a
      // stalled read or write wait for all of it, as before the stall hedge (shared/db/batcher.ts).
      "push, no stall hedge": () =>
        measuredWith(
          pushBatching,
          0,
          () => viaBus((ids) => viaHttp(pushUrl, token, jobIds, N, ids)),
          "hedgeAfterMs",
        ),
    };
    if (LOADS) { for (const name of Object.keys(loads)) if (!LOADS.includes(name)) delete loads[name]; }
    // Warm-up: JIT, connection pool, template compilation.
    for (const run of Object.values(loads)) await run();
    if (PROFILE) {
      const push = loads["POST /events/push"];
      let stop: (() => ReturnType<Awaited<ReturnType<typeof startCpuProfile>>>) | undefined;
      loads["POST /events/push"] = async () => {
        stop = await startCpuProfile();
        try {
          return await push();
        } finally {
          const profile = await stop();
          await Deno.writeTextFile(PROFILE, JSON.stringify(profile));
          console.log(summarize(profile).join("\n"));
        }
      };
    }
    const results = new Map<string, Run[]>(Object.keys(loads).map((k) => [k, []]));
    const ratios: {
      raw: number;
      sync: number;
      syncCpu: number;
      deferred: number;
      deferredCpu: number;
      http: number;
      bare: number;
      cpu: number;
      sql: number;
      sqlCpu: number;
      batched: number;
      batchedCpu: number;
      known: number;
      knownCpu: number;
      hedgeP99: number;
      unhedgedP99: number;
      hedge: number;
    }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round = new Map<string, Run>();
      for (const [name, run] of Object.entries(loads)) round.set(name, await run());
      for (const [name, res] of round) results.get(name)!.push(res);
      if (LOADS) {
        // Part of the loads: each one's figures, no ratios.
        for (const [k, v] of round) {
          console.log(
            `  ${k}: ${fmt(v.perSecond, 0)}/s p99 ${fmt(v.p99)} ms, CPU ${fmt(v.cpuMs!, 3)} ms/req (Deno ${
              fmt(v.denoMs!, 3)
            }, client ${fmt(v.clientMs ?? 0, 3)}), batch ${fmt(v.batch || 0, 2)}`,
          );
        }
        continue;
      }
      const push = round.get("POST /events/push")!.perSecond;
      const sync = round.get("push, synchronous commit")!;
      ratios.push({
        raw: push / round.get("raw postgres.js INSERT+SELECT")!.perSecond,
        sync: sync.perSecond / round.get("raw postgres.js INSERT+SELECT")!.perSecond,
        syncCpu: round.get("raw postgres.js INSERT+SELECT")!.cpuMs! / sync.cpuMs!,
        deferred: push / sync.perSecond,
        deferredCpu: sync.cpuMs! / round.get("POST /events/push")!.cpuMs!,
        http: push / round.get("Hono + INSERT+SELECT")!.perSecond,
        bare: push / round.get("bare Hono handler")!.perSecond,
        cpu: round.get("raw postgres.js INSERT+SELECT")!.cpuMs! / round.get("POST /events/push")!.cpuMs!,
        sql: round.get("the push's SQL alone")!.perSecond /
          round.get("raw postgres.js INSERT+SELECT")!.perSecond,
        sqlCpu: round.get("raw postgres.js INSERT+SELECT")!.cpuMs! /
          round.get("the push's SQL alone")!.cpuMs!,
        batched: push / round.get("push, no group commit")!.perSecond,
        batchedCpu: round.get("push, no group commit")!.cpuMs! / round.get("POST /events/push")!.cpuMs!,
        known: push / round.get("push, no remembered context")!.perSecond,
        knownCpu: round.get("push, no remembered context")!.cpuMs! / round.get("POST /events/push")!.cpuMs!,
        hedgeP99: round.get("POST /events/push")!.p99,
        unhedgedP99: round.get("push, no stall hedge")!.p99,
        hedge: push / round.get("push, no stall hedge")!.perSecond,
      });
    }
    if (ratios.length) {
      console.log(
        `\npush path (${ROUNDS} interleaved rounds × ${N} requests per load, ${C} in flight, outbox provider, client ${CLIENT})`,
      );
      console.log(
        `  ${"load".padEnd(32)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${
          "CPU ms/req".padStart(11)
        } ${"of it Deno".padStart(11)} ${"WAL writer".padStart(11)} ${"client".padStart(7)} ${
          "batch".padStart(6)
        }   (medians over rounds; client: the load generator's CPU ms/req, not in CPU ms/req)`,
      );
      for (const [name, runs] of results) {
        const m = (f: (x: Run) => number, d = 1) => fmt(median(runs.map(f)), d);
        console.log(
          `  ${name.padEnd(32)} ${m((x) => x.perSecond, 0).padStart(8)} ${m((x) => x.p50).padStart(8)} ${
            m((x) => x.p99).padStart(8)
          } ${m((x) => x.cpuMs!, 3).padStart(11)} ${m((x) => x.denoMs!, 3).padStart(11)} ${
            m((x) => x.walMs!, 3).padStart(11)
          } ${m((x) => x.clientMs ?? 0, 3).padStart(7)} ${m((x) => x.batch || 0, 2).padStart(6)}`,
        );
      }
      const push = results.get("POST /events/push")!;
      console.log(
        `  push answers    ${[...push[push.length - 1].statuses].map(([k, v]) => `${k}: ${v}`).join(", ")}`,
      );
      console.log(
        `  ratio push / raw postgres.js INSERT+SELECT   ${
          ratios.map((x) => fmt(x.raw, 2)).join(", ")
        }   (target ≥ 0.5)`,
      );
      console.log(
        `  same, by CPU per request (raw CPU/req ÷ push CPU/req)  ${
          ratios.map((x) => fmt(x.cpu, 2)).join(", ")
        }   (what the ratio is on an otherwise idle machine)`,
      );
      console.log(
        `  ratio push, synchronous commit / raw INSERT+SELECT  ${
          ratios.map((x) => fmt(x.sync, 2)).join(", ")
        }   by CPU ${ratios.map((x) => fmt(x.syncCpu, 2)).join(", ")}   (a push no bus delivery here names)`,
      );
      console.log(
        `  deferred commit: push / push, synchronous commit  ${
          ratios.map((x) => fmt(x.deferred, 2)).join(", ")
        }   by CPU ${ratios.map((x) => fmt(x.deferredCpu, 2)).join(", ")}`,
      );
      console.log(
        `  ratio push / Hono + INSERT+SELECT            ${ratios.map((x) => fmt(x.http, 2)).join(", ")}`,
      );
      console.log(
        `  ratio push / bare Hono                        ${ratios.map((x) => fmt(x.bare, 2)).join(", ")}`,
      );
      console.log(
        `  ceiling: the push's SQL alone / raw INSERT+SELECT  ${
          ratios.map((x) => fmt(x.sql, 2)).join(", ")
        }   by CPU ${ratios.map((x) => fmt(x.sqlCpu, 2)).join(", ")}`,
      );
      console.log(
        `  group commit: push / push without it           ${
          ratios.map((x) => fmt(x.batched, 2)).join(", ")
        }   by CPU ${ratios.map((x) => fmt(x.batchedCpu, 2)).join(", ")}`,
      );
      console.log(
        `  one statement: push / push, no remembered context  ${
          ratios.map((x) => fmt(x.known, 2)).join(", ")
        }   by CPU ${ratios.map((x) => fmt(x.knownCpu, 2)).join(", ")}`,
      );
      console.log(
        `  ratio push, no remembered context / raw INSERT+SELECT  ${
          ratios.map((x) => fmt(x.raw / x.known, 2)).join(", ")
        }   by CPU ${ratios.map((x) => fmt(x.cpu / x.knownCpu, 2)).join(", ")}`,
      );
      console.log(`  push p99        ${push.map((x) => fmt(x.p99)).join(", ")} ms   (target ≤ 10)`);
      console.log(
        `  stall hedge: push p99 / push without it  ${
          ratios.map((x) => fmt(x.hedgeP99 / x.unhedgedP99, 2)).join(", ")
        }   (${ratios.map((x) => fmt(x.unhedgedP99)).join(", ")} ms without it); throughput ${
          ratios.map((x) => fmt(x.hedge, 2)).join(", ")
        }`,
      );
      console.log(
        `  push, synchronous commit, p99  ${
          results.get("push, synchronous commit")!.map((x) => fmt(x.p99)).join(", ")
        } ms; raw INSERT+SELECT p99 ${
          results.get("raw postgres.js INSERT+SELECT")!.map((x) => fmt(x.p99)).join(", ")
        } ms`,
      );
      const commits = pushCommits(sql);
      console.log(
        `  batched writes  ${commits.deferred} committed without waiting for the disk (bus deliveries), ${commits.synchronous} synchronously`,
      );
      const [{ n: sent }] = await p
        .sql`select count(*)::int as n from public.notification_log where status = 'sent'`;
      const [{ n: mailed }] = await p.sql`select count(*)::int as n from mail.outbox`;
      console.log(`  log rows sent   ${sent}, outbox emails ${mailed} (equal: one email per logged send)`);
    }
  }

  if (SECTIONS.has("scaling")) {
    // Push throughput as notification_log grows (rows from other messages, as after months of use).
    console.log(
      `\npush throughput vs notification_log size (${N} pushes per step, ${C} in flight; raw postgres.js INSERT+SELECT beside each)`,
    );
    console.log(
      `  ${"log rows".padStart(10)} ${"pushes/s".padStart(9)} ${"p99 ms".padStart(8)} ${
        "CPU ms/push".padStart(12)
      } ${"raw/s".padStart(7)} ${"ratio".padStart(6)}`,
    );
    const [u] = await p.sql`select id from public.users limit 1`;
    for (const target of (Deno.env.get("BENCH_LOG_ROWS") ?? "0,100000,1000000").split(",").map(Number)) {
      const [{ n }] = await p.sql`select count(*)::int as n from public.notification_log`;
      for (let have = n; have < target;) {
        const step = Math.min(200_000, target - have);
        await p
          .sql`insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id, sent_at)
          select 'fill-' || ${have} + g, 'job.status_changed', 'fill-' || ${have} + g, ${u.id}, 'fill@bench.test', 'delivered', 'fill-' || ${have} + g, now()
          from generate_series(1, ${step}) g`;
        have += step;
      }
      await p.sql`analyze public.notification_log`;
      const [{ n: rows }] = await p.sql`select count(*)::int as n from public.notification_log`;
      const raw = await measured(N, () => inProcess(N));
      const push = await viaBus((ids) => viaHttp(pushUrl, token, jobIds, N, ids));
      console.log(
        `  ${String(rows).padStart(10)} ${fmt(push.perSecond, 0).padStart(9)} ${fmt(push.p99).padStart(8)} ${
          fmt(push.cpuMs!, 3).padStart(12)
        } ${fmt(raw.perSecond, 0).padStart(7)} ${fmt(push.perSecond / raw.perSecond, 2).padStart(6)}`,
      );
    }
  }

  if (SECTIONS.has("bus")) {
    await p.sql`delete from bus.subscriptions where name = ${BENCH_SUBSCRIPTION}`;
    await ensureNotificationSubscriptions(p.sql, `${serviceUrl}/events/push`);
    const pusher = startPusher(p);
    await sleep(500); // its LISTEN is up
    const loggedAt = async (messageId: string, deadline: number): Promise<number | null> => {
      while (Date.now() < deadline) {
        const rows = await p
          .sql`select extract(epoch from created_at) * 1000 as at from public.notification_log
          where idempotency_key = ${messageId} or (idempotency_key >= ${
          messageId + ":"
        } and idempotency_key < ${messageId + ";"}) limit 1`;
        if (rows.length) return Number(rows[0].at);
        await sleep(10);
      }
      return null;
    };
    const pendingCount = async () =>
      (await p.sql`select count(*)::int as n from bus.deliveries where status = 'pending'`)[0].n as number;
    console.log(
      `\nbus backlog (embedded bus, push loop → POST /events/push over HTTP; backlog = job.status_changed)`,
    );
    console.log(
      `  ${"backlog".padStart(8)} ${"job.assigned behind it".padStart(24)} ${
        "job.status_changed behind it".padStart(30)
      } ${"drain".padStart(14)}`,
    );
    try {
      for (const backlog of BACKLOGS) {
        // The backlog is queued in one statement (as a burst of publishes would leave it).
        const ids: string[] = [];
        const data: string[] = [];
        for (let i = 0; i < backlog; i++) {
          const env = buildEnvelope({
            event_type: "job.status_changed",
            source: "bench",
            payload: { job_id: jobIds[i % jobIds.length], old_status: "Assigned", new_status: "In Progress" },
          });
          ids.push(ulid());
          data.push(Buffer.from(JSON.stringify(env)).toString("base64"));
        }
        const queued = Date.now();
        await p.sql`insert into bus.messages (id, topic, data, attributes)
          select id, ${TOPICS.jobs}, d, jsonb_build_object('event_type', 'job.status_changed', 'source', 'bench')
          from unnest(${ids}::text[], ${data}::text[]) as t(id, d)`;
        const t0 = Date.now();
        const urgent = await publishEvent(p, {
          event_type: "job.assigned",
          source: "bench",
          payload: { job_id: jobIds[0] },
        });
        const t1 = Date.now();
        const fifo = await publishEvent(p, {
          event_type: "job.status_changed",
          source: "bench",
          payload: { job_id: jobIds[1], old_status: "In Progress", new_status: "Delayed" },
        });
        const deadline = Date.now() + 60_000;
        const urgentAt = await loggedAt(urgent.messageId, deadline);
        const fifoAt = await loggedAt(fifo.messageId, deadline);
        while ((await pendingCount()) > 0 && Date.now() < deadline) await sleep(50);
        const drained = Date.now();
        const left = await pendingCount();
        const show = (
          at: number | null,
          from: number,
        ) => (at === null ? "not within 60 s" : `${fmt((at - from) / 1000, 3)} s`);
        console.log(
          `  ${String(backlog).padStart(8)} ${show(urgentAt, t0).padStart(24)} ${
            show(fifoAt, t1).padStart(30)
          } ${
            (left
              ? `${left} left`
              : backlog < 1000
              ? "-"
              : `${fmt((backlog + 2) / ((drained - queued) / 1000), 0)} msg/s`).padStart(14)
          }`,
        );
      }
    } finally {
      await pusher.stop();
    }
    console.log(`  (target: job.assigned emailed within 5 s behind 10,000 queued messages)`);
  }
} finally {
  await server.shutdown();
  await baseServer.shutdown();
  await sql.end({ timeout: 1 });
  await db.drop();
}
