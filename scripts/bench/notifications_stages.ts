// `deno run -A scripts/bench/notifications_stages.ts`: where one push's time goes, stage by stage, in
// process and one push at a time (no HTTP, no concurrency): decode + validate, the read, render, the
// unsubscribe link, the write (notify.push_send_and_log: the email and its log row, one transaction). Prints
// microseconds per call (median of batches).
// BENCH_PUSHES (2000).
import { Hono } from "hono";
import { pushBody, seedJob } from "./notifications_body.ts";
import { createApp } from "../../supabase/functions/notification-service/app.ts";
import { LOCAL_PUSH_IDENTITY, signPushToken } from "../../shared/bus/push_token.ts";
import { ulid } from "../../shared/ids.ts";
import { createTestDatabase } from "../../tests/support/db.ts";
import { createPlatform, override } from "../../shared/platform.ts";
import { connect } from "../../shared/db/client.ts";
import { loadCoreConfig } from "../../shared/config.ts";
import { setLogLevel } from "../../shared/log.ts";
import { loadNotificationConfig, notificationConfig } from "../../shared/notifications/config.ts";
import { decodePush } from "../../shared/notifications/decode.ts";
import { handlePush } from "../../shared/notifications/push.ts";
import { loadPushContext } from "../../shared/notifications/push_context.ts";
import { templates } from "../../shared/notifications/templates.ts";
import { handlers } from "../../shared/notifications/handlers.ts";
import { sendAndLog } from "../../shared/notifications/send_and_log.ts";
import { derivedUlid } from "../../shared/notifications/crypto.ts";
import { unsubscribeHeaders, unsubscribeUrl } from "../../shared/notifications/unsubscribe.ts";
import { eventLabel } from "../../shared/events/catalogue.ts";

setLogLevel("error");
const N = Number(Deno.env.get("BENCH_PUSHES") ?? 2000);
const db = await createTestDatabase();
const sql = connect(db.url, { max: 4 });
const p = createPlatform(sql, loadCoreConfig());
const base = loadNotificationConfig(p);
override(p, "notificationConfig", {
  ...base,
  unsubscribeSecret: "bench",
  push: { ...base.push, allowedEmails: [LOCAL_PUSH_IDENTITY] },
});

const body = pushBody;

async function time(name: string, f: (i: number) => unknown | Promise<unknown>) {
  const perBatch: number[] = [];
  const batch = Math.max(1, Math.floor(N / 10));
  for (let b = 0; b < 10; b++) {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) await f(b * batch + i);
    perBatch.push(((performance.now() - t0) / batch) * 1000);
  }
  perBatch.sort((a, b) => a - b);
  console.log(`  ${name.padEnd(44)} ${perBatch[5].toFixed(0).padStart(6)} µs`);
}

try {
  const seeded = await seedJob(sql);
  const job = { id: seeded.jobId };
  const tech = { id: seeded.technicianId };
  const bodies = Array.from({ length: N * 2 }, () => body(job.id as string));
  const cfg = notificationConfig(p);
  console.log(
    `one push (job.assigned, outbox provider), stage by stage, ${N} calls each, load ${Deno.loadavg()[0]}`,
  );
  for (let i = 0; i < 200; i++) await handlePush(p, body(job.id as string)); // warm-up
  await time("whole push, in process (handlePush)", (i) => handlePush(p, bodies[i]));
  const app = createApp(p);
  const token = await signPushToken(p, `${cfg.serviceUrl}/events/push`, LOCAL_PUSH_IDENTITY);
  const request = (path: string, b?: unknown) =>
    new Request(`http://127.0.0.1/notification-service${path}`, {
      method: b ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: b ? JSON.stringify(b) : undefined,
    });
  await time("whole push through the service app (no socket)", async (i) => {
    const res = await app.fetch(request("/events/push", body(job.id as string)));
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${await res.text()}`);
    void i;
  });
  await time(
    "GET /health through the service app",
    async () => await (await app.fetch(request("/health"))).text(),
  );
  const bare = new Hono().get("/notification-service/health", (c) => c.json({ status: "ok" }));
  await time(
    "GET /health on a bare Hono app",
    async () => await (await bare.fetch(request("/health"))).text(),
  );
  const decoded = bodies.slice(N).map((b) => decodePush(b));
  await time("decode + validate (decodePush)", (i) => decodePush(bodies[N + i]));
  await time(
    "the read (loadPushContext)",
    (i) => loadPushContext(sql, decoded[i].messageId, decoded[i].envelope),
  );
  const ctx = await loadPushContext(sql, decoded[0].messageId, decoded[0].envelope);
  const prepared = await handlers["job.assigned"](decoded[0].envelope, ctx, cfg, sql);
  const r = { userId: tech.id as string, email: "tech@bench.test", name: "Tech One" };
  await time("handler context", () => prepared.context(r));
  const params = (i: number) => ({
    user_id: r.userId,
    event_type: "job.assigned",
    nonce: derivedUlid(cfg.unsubscribeSecret, decoded[i].messageId, Date.now()),
  });
  await time("unsubscribe nonce + url + headers", (i) => {
    const ps = params(i);
    return unsubscribeHeaders(cfg, ps, unsubscribeUrl(cfg, ps));
  });
  const context = {
    ...prepared.context(r),
    event_label: eventLabel("job.assigned"),
    unsubscribe_url: unsubscribeUrl(cfg, params(0)),
    preferences_url: cfg.preferencesUrl,
  };
  await templates(p).load(); // Handlebars loads on first use (shared/email/template_set.ts)
  await time("render (Handlebars)", () => templates(p).render("job.assigned", context));
  const rendered = templates(p).render("job.assigned", context);
  const msg = {
    from: cfg.from,
    to: [r.email],
    ...rendered,
    headers: unsubscribeHeaders(cfg, params(0), "x"),
  };
  await time("the write (sendAndLog: email + log row, one transaction)", (i) =>
    sendAndLog(p, msg, {
      idempotencyKey: `stage-${i}`,
      eventType: "job.assigned",
      eventId: decoded[i].envelope.event_id,
      recipientUserId: r.userId,
      recipientEmail: r.email,
    }));
  await sql`create table if not exists public.bench_raw (k text primary key, v text not null, at timestamptz not null default now())`;
  await time("raw INSERT + SELECT (the bench's peer)", async () => {
    const k = ulid();
    await sql`insert into public.bench_raw (k, v) values (${k}, ${"x".repeat(200)})`;
    await sql`select k, v, at from public.bench_raw where k = ${k}`;
  });
  await time("INSERT of the email alone (no log row)", async (i) => {
    await sql`insert into mail.outbox (id, from_address, to_addresses, subject, html, text_body, headers)
      values (${ulid()}, ${msg.from}, ${msg.to}, ${msg.subject}, ${msg.html}, ${msg.text}, ${
      sql.json(msg.headers)
    })`;
    void i;
  });
  console.log(`  (email: ${rendered.html.length} chars HTML, ${rendered.text.length} chars text)`);
} finally {
  await sql.end({ timeout: 1 });
  await db.drop();
}
