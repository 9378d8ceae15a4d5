// npm run bench:parse — /health of utility-bill-service while a limit-sized bill is uploaded (docs/security.md
// "Pass 6"): the bill reader's parse in the service's isolate (BILL_PARSE=in-process, the code before) against a
// document worker (BILL_PARSE=worker, the default), rounds interleaved in one run so the machine's load is shared.
// Per mode: the upload's time and answer, and /health latency while the upload runs (probes one after the other,
// each due 20 ms after the last answer, measured from when it was due to its answer): median, p95, max. The bill: one page of 1,800 lines of five
// words (tests/support/limit_bill.ts; 9,000 words, ~90,000 characters, under the 2,000 / 10,000 / 100,000 bounds).
// Then the RSS of this process and its document workers before, right after, and after the workers' idle exit.
// Env: BENCH_ROUNDS (3), BENCH_LINES (1800). Needs a PostgreSQL (TEST_DATABASE_URL, default 127.0.0.1:5432).
import { testPlatform } from "../../tests/support/db.ts";
import { tokensFor } from "../../tests/support/auth.ts";
import { serveApp } from "../../tests/support/http.ts";
import { limitBillPdf } from "../../tests/support/limit_bill.ts";
import { createApp } from "../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../shared/bills/subscription.ts";
import { billModel } from "../../shared/bills/models.ts";
import { closeDocumentEngine } from "../../shared/documents/engine/index.ts";
import { setLogLevel } from "../../shared/log.ts";
import { poolLimits } from "../../shared/documents/engine/limits.ts";
import { mb, treeRss } from "./proc.ts";

setLogLevel("error");
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 3);
const pdf = limitBillPdf(Number(Deno.env.get("BENCH_LINES") ?? 1800));
const MODES = ["in-process", "worker"] as const;
const load = () => Deno.loadavg().map((x) => x.toFixed(1)).join(" ");

interface Service {
  url: string;
  headers: Record<string, string>;
  close(): Promise<void>;
}

async function service(mode: (typeof MODES)[number]): Promise<Service> {
  Deno.env.set("BILL_PARSE", mode);
  const p = await testPlatform();
  billModel(p); // the model, and where it parses, is chosen here (BILL_PARSE)
  const s = serveApp(createApp(p).fetch);
  const widget = await tokensFor(p, { role: "widget" });
  await upsertSubscription(p.sql, widget.orgId);
  return {
    url: s.url,
    headers: widget.headers,
    close: async () => (await s.close(), await p.close()),
  };
}

async function round(s: Service) {
  const form = new FormData();
  form.append("files", new File([pdf], "bill.pdf", { type: "application/pdf" }));
  let done = false;
  const health: number[] = [];
  const probe = (async () => {
    while (!done) {
      // from when the probe was due (20 ms after the last answer) to its answer: the client runs in this process,
      // so a held event loop delays the probe's own timer as much as the service's answer
      const due = performance.now() + 20;
      await new Promise((r) => setTimeout(r, 20));
      await (await fetch(`${s.url}/utility-bill-service/health`)).body?.cancel();
      health.push(performance.now() - due);
    }
  })();
  const t0 = performance.now();
  const r = await fetch(`${s.url}/utility-bill-service/upload`, {
    method: "POST",
    headers: s.headers,
    body: form,
  });
  await r.body?.cancel();
  const seconds = (performance.now() - t0) / 1000;
  done = true;
  await probe;
  return { status: r.status, seconds, health };
}

const q = (xs: number[], k: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(k * xs.length))];
console.log(`load average at start: ${load()}`);
const services: Record<string, Service> = {};
for (const m of MODES) services[m] = await service(m); // one after the other: each reads BILL_PARSE
const idleRss = treeRss(Deno.pid);
try {
  const results: Record<string, { status: number; seconds: number; health: number[] }[]> = {};
  for (let i = 0; i < ROUNDS + 1; i++) {
    for (const mode of i % 2 ? [...MODES].reverse() : MODES) {
      const r = await round(services[mode]);
      if (i > 0) (results[mode] ??= []).push(r); // round 0 warms both up (JIT, the worker's modules)
    }
  }
  for (const mode of MODES) {
    const rs = results[mode];
    const all = rs.flatMap((r) => r.health);
    console.log(
      `${mode.padEnd(10)} upload ${rs.map((r) => `${r.status} in ${r.seconds.toFixed(1)} s`).join(", ")}; ` +
        `/health during it: median ${q(all, 0.5).toFixed(0)} ms, p95 ${q(all, 0.95).toFixed(0)} ms, max ${
          Math.max(...all).toFixed(0)
        } ms (n=${all.length})`,
    );
  }
  // memory of this process and its document workers: before any upload, right after the last, and once the
  // workers' idle time (DOCUMENT_WORKER_IDLE_SECONDS) has passed
  const afterRss = treeRss(Deno.pid);
  await new Promise((r) => setTimeout(r, poolLimits().idleMs + 3000));
  console.log(
    `process tree RSS: ${mb(idleRss)} before, ${mb(afterRss)} after the uploads, ${
      mb(treeRss(Deno.pid))
    } after the workers' idle time`,
  );
} finally {
  for (const s of Object.values(services)) await s.close();
  await closeDocumentEngine();
  Deno.env.delete("BILL_PARSE");
}
console.log(`load average at end: ${load()}`);
