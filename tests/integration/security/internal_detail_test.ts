// An unexpected failure while reading a bill (a model or store that throws) is recorded on the extraction, and the
// caller polls that record: its message carried the thrown error's text (a host, a path). Now the text stays in
// the log and the caller reads a fixed message (docs/security.md "Found and fixed").
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { BILL_QUEUE, billExtractionStatus, startBillExtraction } from "../../../shared/bills/jobs.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { queueHandlers } from "../../../shared/jobs/registry.ts";
import { override } from "../../../shared/platform.ts";
import { setLogLevel } from "../../../shared/log.ts";
import { CONTRACT_QUEUE, pollAnalysis, startAnalysis } from "../../../shared/contracts/analyses.ts";

const SECRET = "connect ECONNREFUSED 10.20.30.40:5432 (/srv/platform/shared/bills/secret.ts:12)";

Deno.test("a bill extraction that fails unexpectedly tells the caller a fixed message, never the error's text", async () => {
  setLogLevel("error");
  const p = await testPlatform();
  try {
    override(p, "billModel", {
      name: "broken",
      extract: () => Promise.reject(new Error(SECRET)),
    });
    const id = await tokensFor(p);
    await upsertSubscription(p.sql, id.orgId);
    const pdf = await Deno.readFile(new URL("../../fixtures/bills/synthetic/aelp-01.pdf", import.meta.url));
    await objectStore(p).put("bills", `${id.orgId}/bill.pdf`, pdf, "application/pdf");
    const tid = await startBillExtraction(p, {
      orgId: id.orgId,
      objectPaths: [`bills/${id.orgId}/bill.pdf`],
      transactionId: crypto.randomUUID(),
      transactionGroupId: crypto.randomUUID(),
    });
    for (let i = 0; i < 5; i++) {
      await p.sql`update queue.jobs set run_at = now() where status = 'queued'`.catch(() => {});
      await runReadyJobs(p.sql, queueHandlers(p, BILL_QUEUE));
      if ((await billExtractionStatus(p, id.orgId, tid))?.status === "FAILED") break;
    }
    const s = await billExtractionStatus(p, id.orgId, tid);
    assert.equal(s?.status, "FAILED", JSON.stringify(s));
    const text = JSON.stringify(s);
    for (const leak of ["ECONNREFUSED", "10.20.30.40", "/srv/platform", "secret.ts"]) {
      assert.ok(!text.includes(leak), `status carries ${leak}: ${text}`);
    }
  } finally {
    await p.close();
  }
});

Deno.test("a contract analysis that fails unexpectedly (retrying, then FAILED) never tells the caller the error's text", async () => {
  setLogLevel("error");
  const p = await testPlatform();
  try {
    override(p, "contractAnalyser", { name: "broken", analyse: () => Promise.reject(new Error(SECRET)) });
    const who = await tokensFor(p);
    const id = { ...who, claims: {} };
    const pdf = await Deno.readFile(
      new URL("../../fixtures/contracts/contract-02-loan-clean.pdf", import.meta.url),
    );
    const started = await startAnalysis(p, id, {
      mode: "contract",
      files: [{ filename: "c.pdf", bytes: pdf }],
    });
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      await p.sql`update queue.jobs set run_at = now() where queue = ${CONTRACT_QUEUE} and status = 'queued'`;
      await runReadyJobs(p.sql, queueHandlers(p, CONTRACT_QUEUE));
      const s = await pollAnalysis(p, id, started.transactionId);
      seen.push(JSON.stringify(s));
      if (s.status === "FAILED") break;
    }
    assert.match(seen.at(-1)!, /"FAILED"/, seen.join("\n"));
    assert.ok(seen.some((s) => s.includes("retrying")), seen.join("\n"));
    for (const leak of ["ECONNREFUSED", "10.20.30.40", "/srv/platform", "secret.ts"]) {
      assert.ok(!seen.some((s) => s.includes(leak)), `status carries ${leak}: ${seen.join("\n")}`);
    }
  } finally {
    await p.close();
  }
});
