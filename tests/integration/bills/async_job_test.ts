import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { billExtractionStatus, startBillExtraction } from "../../../shared/bills/jobs.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { queueHandlers } from "../../../shared/jobs/registry.ts";
import { BILL_QUEUE } from "../../../shared/bills/jobs.ts";
import { createPlatform } from "../../../shared/platform.ts";

const fixture = (name: string) => Deno.readFile(new URL(`../../fixtures/bills/${name}`, import.meta.url));

Deno.test("async extraction: 202, milestones, queued job survives a restart, COMPLETED with the envelope, 404 unknown", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p);
    const other = await tokensFor(p);
    await upsertSubscription(p.sql, id.orgId);
    await objectStore(p).put(
      "bills",
      `${id.orgId}/inbox/bill.pdf`,
      await fixture("synthetic/xcel-01.pdf"),
      "application/pdf",
    );
    const tx = crypto.randomUUID();
    const post = (path: string, body: unknown, headers = id.headers) =>
      fetch(`${s.url}/utility-bill-service/${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    let r = await post("process-utility-bill", {
      objectPath: `bills/${id.orgId}/inbox/bill.pdf`,
      transactionId: tx,
      transactionGroupId: crypto.randomUUID(),
    });
    assert.equal(r.status, 202);
    assert.deepEqual(await r.json(), {
      transactionId: tx,
      status: "IN_PROGRESS",
      percentage: "0%",
      message: "initiated",
    });
    r = await post("poll-utility-bill-status", { transactionId: tx });
    assert.deepEqual(await r.json(), {
      status: "IN_PROGRESS",
      percentage: "0%",
      message: "initiated",
      transactionId: tx,
    });

    // another organisation cannot see it; an unknown id is 404
    r = await post("poll-utility-bill-status", { transactionId: tx }, other.headers);
    assert.equal(r.status, 404);
    await r.body?.cancel();
    r = await post("poll-utility-bill-status", { transactionId: crypto.randomUUID() });
    assert.equal(r.status, 404);
    assert.equal((await r.json()).error.code, "not_found");

    // "restart": a new platform on the same database runs the job that was queued before
    const restarted = createPlatform(p.sql, p.config);
    const ran = await runReadyJobs(restarted.sql, queueHandlers(restarted, BILL_QUEUE));
    assert.equal(ran, 1);
    r = await post("poll-utility-bill-status", { transactionId: tx });
    const done = await r.json();
    assert.equal(done.status, "COMPLETED");
    assert.equal(done.percentage, "100%");
    assert.equal(done.result.transactionId, tx);
    assert.equal(done.result.data.items[0].billingInformation.utilityProviderName, "Xcel Energy");
    // the stored envelope keeps the reader's confidence through the poll's schema
    assert.ok(
      done.result.data.items[0].confidence.utilityProviderName >= 0.5,
      JSON.stringify(done.result.data.items[0].confidence),
    );
    assert.equal((await billExtractionStatus(p, id.orgId, tx))?.status, "COMPLETED");
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("async extraction of a file that is not a bill ends FAILED at 100% with the error; a missing object too", async () => {
  const p = await testPlatform();
  try {
    const id = await tokensFor(p);
    await upsertSubscription(p.sql, id.orgId);
    await objectStore(p).put(
      "bills",
      "x/notes.pdf",
      new TextEncoder().encode("just some notes"),
      "application/pdf",
    );
    const a = await startBillExtraction(p, {
      orgId: id.orgId,
      objectPaths: ["bills/x/notes.pdf"],
      transactionId: crypto.randomUUID(),
      transactionGroupId: crypto.randomUUID(),
    });
    const b = await startBillExtraction(p, {
      orgId: id.orgId,
      objectPaths: ["bills/x/missing.pdf"],
      transactionId: crypto.randomUUID(),
      transactionGroupId: crypto.randomUUID(),
    });
    await runReadyJobs(p.sql, queueHandlers(p, BILL_QUEUE));
    const sa = await billExtractionStatus(p, id.orgId, a);
    assert.deepEqual([sa?.status, sa?.percentage, sa?.error?.code], ["FAILED", "100%", "invalid_file_type"]);
    const sb = await billExtractionStatus(p, id.orgId, b);
    assert.deepEqual([sb?.status, sb?.error?.code], ["FAILED", "not_found"]);
    const [job] = await p.sql`select count(*)::int as n from queue.jobs where status = 'done'`;
    assert.equal(job.n, 2, "bill errors are not retried");
    // subscription ended: refused before any work
    await upsertSubscription(p.sql, id.orgId, { startsOn: "2020-01-01", endsOn: "2020-12-31" });
    await assert.rejects(
      startBillExtraction(p, {
        orgId: id.orgId,
        objectPaths: ["bills/x/notes.pdf"],
        transactionId: crypto.randomUUID(),
        transactionGroupId: crypto.randomUUID(),
      }),
      /Subscription inactive/,
    );
  } finally {
    await p.close();
  }
});

Deno.test("async extraction over HTTP: an objectPath outside bills/<own org>/ is 403 and starts nothing", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const victim = await tokensFor(p);
    const attacker = await tokensFor(p);
    await upsertSubscription(p.sql, victim.orgId);
    await upsertSubscription(p.sql, attacker.orgId);
    await objectStore(p).put(
      "bills",
      `${victim.orgId}/inbox/bill.pdf`,
      await fixture("synthetic/xcel-01.pdf"),
      "application/pdf",
    );
    const post = (objectPath: string) =>
      fetch(`${s.url}/utility-bill-service/process-utility-bill`, {
        method: "POST",
        headers: { ...attacker.headers, "Content-Type": "application/json" },
        body: JSON.stringify({
          objectPath,
          transactionId: crypto.randomUUID(),
          transactionGroupId: crypto.randomUUID(),
        }),
      });
    for (
      const path of [
        `bills/${victim.orgId}/inbox/bill.pdf`,
        `email-attachments/${victim.orgId}/a.pdf`,
        `bills/${attacker.orgId}x/a.pdf`,
      ]
    ) {
      const r = await post(path);
      assert.equal(r.status, 403, path);
      assert.equal((await r.json()).error.code, "forbidden");
    }
    const [n] = await p
      .sql`select count(*)::int as n from public.bill_extractions where organization_id = ${attacker.orgId}`;
    assert.equal(n.n, 0);
    // its own folder is accepted
    const r = await post(`bills/${attacker.orgId}/inbox/bill.pdf`);
    assert.equal(r.status, 202);
    await r.body?.cancel();
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("async extraction of a bill photographed page by page: objectPaths are read as one document, in order", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p);
    await upsertSubscription(p.sql, id.orgId);
    // tests/fixtures/bills/synthetic/manifest.json "comed-04": the customer is on page 1, the 12-month usage history on page 2.
    const manifest = JSON.parse(new TextDecoder().decode(await fixture("synthetic/manifest.json")));
    const truth = manifest.find((b: { id: string }) => b.id === "comed-04").truth;
    for (const page of ["p1", "p2"]) {
      await objectStore(p).put(
        "bills",
        `${id.orgId}/photos/comed-04-${page}.png`,
        await fixture(`synthetic/comed-04-${page}.png`),
        "image/png",
      );
    }
    const post = (path: string, body: unknown) =>
      fetch(`${s.url}/utility-bill-service/${path}`, {
        method: "POST",
        headers: { ...id.headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const ids = () => ({ transactionId: crypto.randomUUID(), transactionGroupId: crypto.randomUUID() });
    const pages = [`bills/${id.orgId}/photos/comed-04-p1.png`, `bills/${id.orgId}/photos/comed-04-p2.png`];

    for (
      const body of [{ ...ids() }, { ...ids(), objectPath: pages[0], objectPaths: pages }, {
        ...ids(),
        objectPaths: [],
      }]
    ) {
      const r = await post("process-utility-bill", body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.match((await r.json()).error.message, /objectPath/);
    }
    const outside = await post("process-utility-bill", {
      ...ids(),
      objectPaths: [pages[0], `bills/${crypto.randomUUID()}/p2.png`],
    });
    assert.equal(outside.status, 403, "every path must be in the caller's folder");
    await outside.body?.cancel();

    const tx = ids();
    const r = await post("process-utility-bill", { ...tx, objectPaths: pages });
    assert.equal(r.status, 202);
    await r.body?.cancel();
    assert.equal(await runReadyJobs(p.sql, queueHandlers(p, BILL_QUEUE)), 1);
    const done = await (await post("poll-utility-bill-status", { transactionId: tx.transactionId })).json();
    assert.equal(done.status, "COMPLETED", JSON.stringify(done.error));
    assert.deepEqual(done.result.fileStatus.map((f: { filename: string }) => f.filename), [
      "comed-04-p1.png",
      "comed-04-p2.png",
    ]);
    const item = done.result.data.items[0];
    assert.equal(
      item.customerInformation.customerName,
      truth.customerInformation.customerName,
      "read from page 1",
    );
    // The usage history is on page 2 only; the spec keeps the latest 12 months.
    const usage = item.electricityUsage.usageByMonth;
    assert.equal(usage.length, 12, "read from page 2");
    assert.deepEqual(usage.at(-1), truth.electricityUsage.usageByMonth.at(-1));
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("BILL_MODEL=gemini without GEMINI_API_KEY: process-utility-bill is 503 not_configured and starts nothing", async () => {
  const saved = { model: Deno.env.get("BILL_MODEL"), key: Deno.env.get("GEMINI_API_KEY") };
  Deno.env.set("BILL_MODEL", "gemini");
  Deno.env.delete("GEMINI_API_KEY");
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p);
    await upsertSubscription(p.sql, id.orgId);
    const r = await fetch(`${s.url}/utility-bill-service/process-utility-bill`, {
      method: "POST",
      headers: { ...id.headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        objectPath: `bills/${id.orgId}/a.pdf`,
        transactionId: crypto.randomUUID(),
        transactionGroupId: crypto.randomUUID(),
      }),
    });
    assert.equal(r.status, 503);
    assert.equal((await r.json()).error.code, "not_configured");
    const [n] = await p
      .sql`select count(*)::int as n from public.bill_extractions where organization_id = ${id.orgId}`;
    assert.equal(n.n, 0);
  } finally {
    for (const [k, v] of [["BILL_MODEL", saved.model], ["GEMINI_API_KEY", saved.key]] as const) {
      v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
    }
    await s.close();
    await p.close();
  }
});
