// npm run bench:savings — figures for issue 5 (targets: report end to end <= 300 ms, standard PDF <= 200 KB):
//  1. POST /savings-insight-report through the real HTTP app with the embedded adapters (geocode, roof model,
//     rates from Postgres, calculation, report writer, store + queue),
//  2. the delivery job (designed PDF render, object store, outbox email with the PDF attached),
//  3. the PDF render alone and its size,
//  4. the embedded roof model against PVWatts v8 (leave-one-out over the 50 state capitals).
// Needs a PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import { testPlatform } from "../../tests/support/db.ts";
import { tokensFor } from "../../tests/support/auth.ts";
import { serveApp } from "../../tests/support/http.ts";
import { createApp } from "../../supabase/functions/savings-insight-service/app.ts";
import { runReadyJobs } from "../../shared/queue/queue.ts";
import { queueHandlers } from "../../shared/jobs/registry.ts";
import { DELIVERY_QUEUE } from "../../shared/savings/pipeline.ts";
import { renderSavingsReportPdf } from "../../shared/savings/report_pdf.ts";
import { reportDocument, type StoredReport } from "../../shared/savings/delivery.ts";
import { leaveOneOut } from "../../shared/roof/yield.ts";
import { setLogLevel } from "../../shared/log.ts";
import { PDFDocument } from "pdf-lib";
import { usageByMonth } from "../../tests/integration/savings/fixtures.ts";

setLogLevel("warn");
const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 20);
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (k: number) => s[Math.min(s.length - 1, Math.floor(k * s.length))];
  return `median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, min ${
    s[0].toFixed(1)
  } ms (n=${s.length})`;
};
const addresses = [
  "123 Main St, Austin, TX 78701",
  "1 State St, Albany, NY 12207",
  "55 Elm St, Sacramento, CA 95814",
  "9 Pine Rd, Columbus, OH 43215",
  "3600 NW 2nd Ave, Miami, FL 33127",
];

const p = await testPlatform();
const s = serveApp(createApp(p).fetch);
try {
  const id = await tokensFor(p, { role: "partner_user", orgName: "Bench Solar" });
  const headers = { ...id.headers, "Content-Type": "application/json" };
  const handlers = queueHandlers(p, DELIVERY_QUEUE);
  const api: number[] = [], delivery: number[] = [], total: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(`${s.url}/savings-insight-service/savings-insight-report`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        customerName: `Customer ${i}`,
        email: `bench${i}@example.test`,
        address: addresses[i % addresses.length],
        usageByMonth,
      }),
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
    await res.json();
    const t1 = performance.now();
    if ((await runReadyJobs(p.sql, handlers)) !== 1) throw new Error("delivery job did not run");
    const t2 = performance.now();
    if (i < 3) continue; // warm-up
    api.push(t1 - t0);
    delivery.push(t2 - t1);
    total.push(t2 - t0);
  }
  const [row] = await p
    .sql<
    StoredReport[]
  >`select * from public.savings_reports where delivery_status = 'sent' order by created_at desc limit 1`;
  const render: number[] = [];
  let bytes = 0, pages = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const pdf = await renderSavingsReportPdf(reportDocument(row, { name: "Bench Solar" }));
    render.push(performance.now() - t);
    bytes = pdf.length;
    if (!pages) pages = (await PDFDocument.load(pdf)).getPageCount();
  }
  const loo = leaveOneOut().filter((x) => x.nearestKm < 1000);
  const within = loo.filter((x) => Math.abs(x.errorPct) <= 10).length;
  const meanAbs = loo.reduce((a, x) => a + Math.abs(x.errorPct), 0) / loo.length;
  const worst = [...loo].sort((a, b) => Math.abs(b.errorPct) - Math.abs(a.errorPct)).slice(0, 3).map((x) =>
    `${x.state} ${x.errorPct.toFixed(1)}%`
  ).join(", ");

  console.log(`savings bench (embedded adapters, real Postgres, real HTTP)`);
  console.log(`  POST /savings-insight-report (response)         ${stats(api)}`);
  console.log(`  delivery job (PDF + store + email with PDF)     ${stats(delivery)}`);
  console.log(`  report end to end (response + delivery)         ${stats(total)}   target <= 300 ms`);
  console.log(`  designed PDF render                              ${stats(render)}`);
  console.log(
    `  standard report PDF size                         ${
      (bytes / 1024).toFixed(1)
    } KB, ${pages} pages   target <= 200 KB`,
  );
  console.log(
    `  roof model vs PVWatts v8, leave-one-out          ${within}/${loo.length} capitals within ±10%, mean |error| ${
      meanAbs.toFixed(1)
    }%, worst ${worst}`,
  );
} finally {
  await s.close();
  await p.close();
}
