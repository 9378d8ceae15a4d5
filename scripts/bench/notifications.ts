// `npm run bench:notifications`: push handling throughput and latency of the notification service on a
// real PostgreSQL (TEST_DATABASE_URL or the local server) with the embedded outbox provider, over real HTTP;
// then publish → sent latency through the embedded bus. Prints figures; targets: ≥ 500 pushes/s and
// p99 < 50 ms on 2 cores.
//   BENCH_PUSHES (3000), BENCH_CONCURRENCY (8 pushes in flight), BENCH_BUS_EVENTS (300)
import { createTestDatabase } from "../../tests/support/db.ts";
import { createPlatform, override } from "../../shared/platform.ts";
import { connect } from "../../shared/db/client.ts";
import { loadCoreConfig } from "../../shared/config.ts";
import { setLogLevel } from "../../shared/log.ts";
import { createApp } from "../../supabase/functions/notification-service/app.ts";
import { loadNotificationConfig } from "../../shared/notifications/config.ts";
import { LOCAL_PUSH_IDENTITY, signPushToken } from "../../shared/bus/push_token.ts";
import { publishEvent } from "../../shared/events/publish.ts";
import { ensureNotificationSubscriptions } from "../../shared/bus/subscriptions.ts";
import { startPusher } from "../../shared/bus/pusher.ts";

setLogLevel("error");
const N = Number(Deno.env.get("BENCH_PUSHES") ?? 3000);
const C = Number(Deno.env.get("BENCH_CONCURRENCY") ?? 8);
const BUS_EVENTS = Number(Deno.env.get("BENCH_BUS_EVENTS") ?? 300);

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (n: number) => n.toFixed(1);

const db = await createTestDatabase();
// The pool size of the local stack (DB_POOL_SIZE, 20): a push runs up to two queries side by side.
const sql = connect(db.url, { max: Number(Deno.env.get("DB_POOL_SIZE") ?? 20) });
const p = createPlatform(sql, loadCoreConfig());
const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, createApp(p).fetch);
const serviceUrl = `http://127.0.0.1:${server.addr.port}/notification-service`;
override(p, "notificationConfig", {
  ...loadNotificationConfig(p),
  webhookSecret: "whsec_" + btoa("bench-webhook-secret-32-bytes-ok"),
  internalToken: "bench",
  unsubscribeSecret: "bench",
  serviceUrl,
  push: { issuers: [p.config.jwtIssuer], audiences: [`${serviceUrl}/events/push`], allowedEmails: [LOCAL_PUSH_IDENTITY] },
});

try {
  const [org] = await p.sql`insert into public.organizations (name, slug) values ('Bench Solar', 'bench-solar') returning id`;
  await p.sql`insert into public.users (email, full_name, organization_id, role)
    select 'tech' || g || '@bench.test', 'Tech ' || g, ${org.id}, 'technician' from generate_series(1, 50) g`;
  const jobs = await p.sql`insert into public.jobs (organization_id, address, status, technician_id)
    select ${org.id}, g || ' Bench Road, Austin, TX', 'Assigned', (select id from public.users where email = 'tech' || (1 + g % 50) || '@bench.test')
    from generate_series(1, 200) g returning id`;
  const token = await signPushToken(p, `${serviceUrl}/events/push`, LOCAL_PUSH_IDENTITY);

  const jobIds = jobs.map((j) => j.id as string);
  const run = (count: number) => new Promise<{ latencies: number[]; seconds: number; statuses: Map<string, number> }>((resolve, reject) => {
    const worker = new Worker(new URL("./notifications_load.ts", import.meta.url), { type: "module" });
    worker.onerror = (e) => { worker.terminate(); reject(e); };
    worker.onmessage = (e) => {
      worker.terminate();
      resolve({ latencies: (e.data.latencies as number[]).sort((a, b) => a - b), seconds: e.data.seconds, statuses: new Map(Object.entries(e.data.statuses)) });
    };
    worker.postMessage({ url: `${serviceUrl}/events/push`, token, jobIds, count, concurrency: C });
  });

  await run(300); // warm-up: JIT, connection pool, template compilation
  const r = await run(N);
  const [{ n: sent }] = await p.sql`select count(*)::int as n from public.notification_log where status = 'sent'`;
  const [{ n: mailed }] = await p.sql`select count(*)::int as n from mail.outbox`;
  console.log(`\nnotification-service push handling (real PostgreSQL, outbox provider, HTTP, ${navigator.hardwareConcurrency} CPUs, concurrency ${C})`);
  console.log(`  machine load    ${Deno.loadavg().map((n) => n.toFixed(1)).join(" / ")} (1/5/15 min; other processes share the CPUs)`);
  console.log(`  pushes          ${N} in ${fmt(r.seconds)} s`);
  console.log(`  throughput      ${fmt(N / r.seconds)} pushes/s   (target ≥ 500)`);
  console.log(`  latency p50     ${fmt(pct(r.latencies, 0.5))} ms`);
  console.log(`  latency p99     ${fmt(pct(r.latencies, 0.99))} ms   (target < 50)`);
  console.log(`  latency max     ${fmt(r.latencies[r.latencies.length - 1])} ms`);
  console.log(`  answers         ${[...r.statuses].map(([k, v]) => `${k}: ${v}`).join(", ")}`);
  console.log(`  log rows sent   ${sent} (incl. ${300} warm-up), outbox emails ${mailed}`);

  // Publish → sent through the embedded bus (push loop over HTTP, OIDC token per push).
  await ensureNotificationSubscriptions(p.sql, `${serviceUrl}/events/push`);
  const pusher = startPusher(p, { concurrency: C, pollMs: 200 });
  const published = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < BUS_EVENTS; i++) {
    const { messageId } = await publishEvent(p, { event_type: "job.assigned", source: "bench", payload: { job_id: jobs[i % jobs.length].id as string } });
    published.set(messageId, Date.now());
    if (i % 10 === 0) await new Promise((res) => setTimeout(res, 5)); // a steady stream, not one burst
  }
  let rows: Record<string, unknown>[] = [];
  while (performance.now() - started < 60_000) {
    rows = await p.sql`select split_part(idempotency_key, ':', 1) as mid, extract(epoch from created_at) * 1000 as at
      from public.notification_log where split_part(idempotency_key, ':', 1) = any(${[...published.keys()]})`;
    if (rows.length >= BUS_EVENTS) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  await pusher.stop();
  const e2e = rows.map((row) => Number(row.at) - published.get(row.mid as string)!).sort((a, b) => a - b);
  console.log(`\nevent bus publish → sent (embedded bus, push loop, ${BUS_EVENTS} events)`);
  console.log(`  delivered       ${rows.length}/${BUS_EVENTS}`);
  console.log(`  latency p50     ${fmt(pct(e2e, 0.5))} ms`);
  console.log(`  latency p99     ${fmt(pct(e2e, 0.99))} ms   (spec bound: 10 s for job.assigned, 5 s for a test event)`);
} finally {
  await server.shutdown();
  await sql.end({ timeout: 1 });
  await db.drop();
}
