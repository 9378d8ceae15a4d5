import assert from "node:assert/strict";
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { type TestIdentity, tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { startGeminiDouble } from "../../doubles/gemini.ts";
import { createApp } from "../../../supabase/functions/contract-approval-service/app.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { CONTRACT_QUEUE } from "../../../shared/contracts/analyses.ts";
import { runContractJob } from "../../../shared/contracts/jobs.ts";
import { createPlatform, override } from "../../../shared/platform.ts";
import { connect } from "../../../shared/db/client.ts";
import { GeminiContractAnalyser } from "../../../shared/contracts/gemini_model.ts";
import { GeminiClient } from "../../../shared/llm/gemini.ts";
import { seedProperty } from "./helpers.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { processBill } from "../../../shared/bills/service.ts";
import { verifyIdToken } from "../../../shared/auth/tokens.ts";

const fixtures = new URL("../../fixtures/contracts/", import.meta.url);
const corpus = JSON.parse(await Deno.readTextFile(new URL("expected.json", fixtures))).contracts as any[];
const entry = (id: string) => corpus.find((c) => c.id.includes(id) && !c.id.endsWith("-scan"))!;

async function setup() {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  return {
    p,
    s,
    admin,
    async close() {
      await s.close();
      await p.close();
    },
  };
}

async function upload(
  url: string,
  id: TestIdentity,
  path: string,
  parts: Record<string, string | Blob> = {},
  contractFile?: string,
) {
  const form = new FormData();
  if (contractFile) {
    const type = contractFile.endsWith(".jpg") ? "image/jpeg" : "application/pdf";
    form.append(
      "files",
      new Blob([await Deno.readFile(new URL(contractFile, fixtures))], { type }),
      contractFile,
    );
  }
  for (const [k, v] of Object.entries(parts)) form.append(k, v);
  const res = await fetch(`${url}/contract-approval-service${path}`, {
    method: "POST",
    headers: id.headers,
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

async function poll(url: string, id: TestIdentity, transactionId: string) {
  const res = await fetch(`${url}/contract-approval-service/poll-contract-approval-status`, {
    method: "POST",
    headers: { ...id.headers, "Content-Type": "application/json" },
    body: JSON.stringify({ transactionId }),
  });
  return { status: res.status, body: await res.json() };
}

const work = (p: TestPlatform) => runReadyJobs(p.sql, { [CONTRACT_QUEUE]: (j) => runContractJob(p, j) });

async function propertyFor(p: TestPlatform, orgId: string, c: any) {
  const a = c.summary.propertyAddress;
  return (await seedProperty(p, orgId, { line1: a.line1, city: a.city, state: a.state, zip: a.zip }))
    .propertyId;
}

Deno.test("analyze-contract: 202, progress, then the summary and APPROVED for a clean contract at its property", async () => {
  const t = await setup();
  try {
    const c = entry("01-purchase-clean");
    const propertyId = await propertyFor(t.p, t.admin.orgId, c);
    const r = await upload(t.s.url, t.admin, "/analyze-contract", { property_uuid: propertyId }, c.files[0]);
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.deepEqual([r.body.status, r.body.percentage, r.body.message], ["IN_PROGRESS", "0%", "initiated"]);
    assert.equal((await poll(t.s.url, t.admin, r.body.transactionId)).body.status, "IN_PROGRESS");
    assert.equal(await work(t.p), 1);
    const done = (await poll(t.s.url, t.admin, r.body.transactionId)).body;
    assert.equal(done.status, "COMPLETED");
    assert.equal(done.percentage, "100%");
    assert.equal(done.result.approvalStatus, "APPROVED", JSON.stringify(done.result.reasons));
    assert.deepEqual(done.result.reasons, []);
    const s = done.result.summary;
    assert.equal(s.systemSizeKw, c.summary.systemSizeKw);
    assert.equal(s.totalPrice, c.summary.totalPrice);
    assert.equal(s.pricePerWatt, c.summary.pricePerWatt);
    assert.equal(s.customer.name, c.summary.customer.name);
    assert.equal(s.signatures.customer.signed, true);
    assert.equal(done.result.propertyUuid, propertyId);
  } finally {
    await t.close();
  }
});

Deno.test("approval rules come from Postgres: missing signature, price ceiling, address of another property", async () => {
  const t = await setup();
  try {
    const run = async (id: string, opts: { propertyId?: string } = {}) => {
      const r = await upload(
        t.s.url,
        t.admin,
        "/analyze-contract",
        opts.propertyId ? { property_uuid: opts.propertyId } : {},
        entry(id).files[0],
      );
      await work(t.p);
      return (await poll(t.s.url, t.admin, r.body.transactionId)).body.result;
    };
    const unsigned = await run("04-purchase-unsigned_customer");
    assert.equal(unsigned.approvalStatus, "REJECTED");
    assert.deepEqual(unsigned.reasons.map((x: any) => x.code), ["customer_signature_missing"]);
    const over = await run("07-purchase-over_price");
    assert.equal(over.approvalStatus, "REJECTED");
    assert.match(over.reasons[0].message, /Price per watt \$\d\.\d\d is above the ceiling of \$4\.00/);
    const noCancel = await run("13-purchase-missing_cancellation");
    assert.equal(noCancel.approvalStatus, "NEEDS_REVIEW");
    assert.deepEqual(noCancel.reasons.map((x: any) => x.code), ["missing_clause_cancellation"]);

    // A partner with a lower ceiling rejects the clean contract; one that requires no cancellation clause approves the other.
    const clean = entry("01-purchase-clean");
    await t.p.sql`insert into public.contract_approval_rules (organization_id, max_price_per_watt)
      values (${t.admin.orgId}, ${clean.summary.pricePerWatt - 0.5})`;
    assert.equal((await run("01-purchase-clean")).reasons[0].code, "price_per_watt_too_high");
    await t.p
      .sql`update public.contract_approval_rules set max_price_per_watt = 4, required_clauses = '{warranty}' where organization_id = ${t.admin.orgId}`;
    assert.equal((await run("13-purchase-missing_cancellation")).approvalStatus, "APPROVED");

    const elsewhere =
      (await seedProperty(t.p, t.admin.orgId, { line1: "1 Other Road", zip: "99999" })).propertyId;
    await t.p
      .sql`update public.contract_approval_rules set max_price_per_watt = 9 where organization_id = ${t.admin.orgId}`;
    const mismatch = await run("01-purchase-clean", { propertyId: elsewhere });
    assert.equal(mismatch.approvalStatus, "REJECTED");
    assert.equal(mismatch.reasons[0].code, "address_mismatch");
  } finally {
    await t.close();
  }
});

Deno.test("analyze-contract-bill cross-checks name, service address and usage against the bill", async () => {
  const t = await setup();
  try {
    const c = entry("02-loan-clean");
    const a = c.summary.propertyAddress;
    const monthly = Math.round((c.summary.systemSizeKw * 1600) / 12);
    const bill = {
      customerInformation: {
        customerName: c.summary.customer.name.toUpperCase(),
        accountNumber: "123",
        serviceNumber: "",
        serviceAddress: {
          line1: a.line1.toUpperCase(),
          line2: "",
          city: a.city,
          state: a.state,
          zip: a.zip,
          country: "US",
        },
      },
      billingInformation: {
        utilityProviderName: "X",
        invoiceDate: "",
        billingPeriodStart: "",
        billingPeriodEnd: "",
        amountDue: "",
        pastDue: "",
        dueDate: "",
        billingAddress: { line1: "", line2: "", city: "", state: "", zip: "", country: "" },
      },
      electricityUsage: {
        meters: [],
        electricRate: "",
        electricityTier: "",
        supplyRatePerKwh: "0.1",
        marketState: a.state,
        usageByMonth: Array.from(
          { length: 12 },
          (_, i) => ({
            month: [
              "January",
              "February",
              "March",
              "April",
              "May",
              "June",
              "July",
              "August",
              "September",
              "October",
              "November",
              "December",
            ][i],
            year: 2025,
            value: monthly,
            unit: "kWh",
          }),
        ),
      },
    };
    const ok = await upload(t.s.url, t.admin, "/analyze-contract-bill", {
      bill: JSON.stringify({ data: { items: [bill] } }),
    }, c.files[0]);
    assert.equal(ok.status, 202, JSON.stringify(ok.body));
    await work(t.p);
    const good = (await poll(t.s.url, t.admin, ok.body.transactionId)).body.result;
    assert.equal(good.approvalStatus, "APPROVED", JSON.stringify(good.reasons));
    assert.equal(good.billCheck.nameMatches, true);
    assert.equal(good.billCheck.addressMatches, true);
    assert.equal(good.billCheck.annualUsageKwh, monthly * 12);

    // The bills area's synthetic FPL bill belongs to someone else, elsewhere, with far less usage.
    const fpl = new Blob([await Deno.readFile(new URL("../bills/synthetic/fpl-01.pdf", fixtures))], {
      type: "application/pdf",
    });
    const other = await upload(t.s.url, t.admin, "/analyze-contract-bill", { billFiles: fpl }, c.files[0]);
    assert.equal(other.status, 202);
    await work(t.p);
    const bad = (await poll(t.s.url, t.admin, other.body.transactionId)).body.result;
    assert.equal(bad.approvalStatus, "NEEDS_REVIEW");
    const codes = bad.reasons.map((x: any) => x.code);
    assert.ok(codes.includes("bill_name_mismatch") && codes.includes("bill_address_mismatch"), codes.join());

    const missing = await upload(t.s.url, t.admin, "/analyze-contract-bill", {}, c.files[0]);
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.code, "missing_bill");
  } finally {
    await t.close();
  }
});

Deno.test("contract uploads: bad input is 400/413, other partners get 403, unknown ids 404; same transactionId is idempotent", async () => {
  const t = await setup();
  try {
    const notPdf = await upload(t.s.url, t.admin, "/analyze-contract", {
      files: new Blob(["hello"], { type: "application/pdf" }),
    });
    assert.equal(notPdf.status, 400);
    assert.equal(notPdf.body.error.code, "invalid_file_type");
    const none = await upload(t.s.url, t.admin, "/analyze-contract", { property_uuid: crypto.randomUUID() });
    assert.equal(none.status, 400);
    const json = await fetch(`${t.s.url}/contract-approval-service/analyze-contract`, {
      method: "POST",
      headers: { ...t.admin.headers, "Content-Type": "application/json" },
      body: "{}",
    });
    assert.ok(json.status === 400 || json.status === 415, String(json.status));
    assert.ok((await json.json()).error.code);
    const unknownProp = await upload(t.s.url, t.admin, "/analyze-contract", {
      property_uuid: crypto.randomUUID(),
    }, entry("01-").files[0]);
    assert.equal(unknownProp.status, 404);
    const tx = crypto.randomUUID();
    const first = await upload(
      t.s.url,
      t.admin,
      "/analyze-contract",
      { transactionId: tx },
      entry("01-").files[0],
    );
    const again = await upload(
      t.s.url,
      t.admin,
      "/analyze-contract",
      { transactionId: tx },
      entry("01-").files[0],
    );
    assert.equal(first.body.transactionId, tx);
    assert.equal(again.status, 202);
    assert.equal(
      (await t.p.sql`select count(*)::int n from queue.jobs where queue = ${CONTRACT_QUEUE}`)[0].n,
      1,
    );
    const other = await tokensFor(t.p);
    assert.equal((await poll(t.s.url, other, tx)).status, 403);
    assert.equal(
      (await upload(t.s.url, other, "/analyze-contract", { transactionId: tx }, entry("01-").files[0]))
        .status,
      409,
    );
    assert.equal((await poll(t.s.url, t.admin, crypto.randomUUID())).status, 404);
    const badPoll = await fetch(`${t.s.url}/contract-approval-service/poll-contract-approval-status`, {
      method: "POST",
      headers: { ...t.admin.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ transactionId: "x" }),
    });
    assert.equal(badPoll.status, 400);
    const widget = await tokensFor(t.p, { role: "widget", orgId: t.admin.orgId });
    assert.equal((await poll(t.s.url, widget, tx)).status, 403);
  } finally {
    await t.close();
  }
});

Deno.test("analyses survive a restart: a job left running by a dead worker is finished by a new process", async () => {
  const t = await setup();
  try {
    const r = await upload(t.s.url, t.admin, "/analyze-contract", {}, entry("03-ppa-clean").files[0]);
    // A worker claimed the job and died: its lease runs out.
    await t.p
      .sql`update queue.jobs set status = 'running', attempts = 1, locked_until = now() - interval '1 second' where queue = ${CONTRACT_QUEUE}`;
    const sql2 = connect(t.p.db.url, { max: 2 });
    try {
      const restarted = createPlatform(sql2, t.p.config);
      assert.equal(await runReadyJobs(sql2, { [CONTRACT_QUEUE]: (j) => runContractJob(restarted, j) }), 1);
    } finally {
      await sql2.end();
    }
    const done = (await poll(t.s.url, t.admin, r.body.transactionId)).body;
    assert.equal(done.status, "COMPLETED");
    assert.equal(done.result.summary.financing.type, entry("03-ppa-clean").summary.financing.type);
  } finally {
    await t.close();
  }
});

Deno.test("Gemini adapter: the contract goes inline with the JSON schema; an outage is retried, then the answer is judged", async () => {
  const t = await setup();
  const g = startGeminiDouble();
  try {
    override(
      t.p,
      "contractAnalyser",
      new GeminiContractAnalyser(
        new GeminiClient({ apiKey: "test-key", baseUrl: g.url, model: "gemini-2.5-flash" }),
      ),
    );
    const c = entry("04-purchase-unsigned_customer");
    g.script({ status: 503 }, JSON.stringify(c.summary));
    const r = await upload(t.s.url, t.admin, "/analyze-contract", {}, c.files[0]);
    assert.equal(await work(t.p), 1);
    const mid = (await poll(t.s.url, t.admin, r.body.transactionId)).body;
    assert.equal(mid.status, "IN_PROGRESS");
    assert.match(mid.message, /retrying/);
    await t.p.sql`update queue.jobs set run_at = now() where queue = ${CONTRACT_QUEUE}`;
    assert.equal(await work(t.p), 1);
    const done = (await poll(t.s.url, t.admin, r.body.transactionId)).body;
    assert.equal(done.status, "COMPLETED");
    assert.equal(done.result.model, "gemini-2.5-flash");
    assert.equal(done.result.approvalStatus, "REJECTED");
    const req = g.requests[1].body;
    assert.equal(req.generationConfig.responseMimeType, "application/json");
    assert.ok(req.generationConfig.responseJsonSchema.properties.signatures);
    assert.equal(req.contents[0].parts[1].inlineData.mimeType, "application/pdf");

    g.script("{not json", "{not json", "{not json");
    const bad = await upload(t.s.url, t.admin, "/analyze-contract", {}, c.files[0]);
    await work(t.p);
    const failed = (await poll(t.s.url, t.admin, bad.body.transactionId)).body;
    assert.equal(failed.status, "FAILED");
    assert.match(failed.message, /could not be analyzed/);
  } finally {
    await g.close();
    await t.close();
  }
});

Deno.test("a scanned contract (JPEG page) is read through OCR and judged", async () => {
  const t = await setup();
  try {
    const scan = corpus.find((c) => c.id === "contract-05-loan-unsigned_customer-scan");
    const r = await upload(t.s.url, t.admin, "/analyze-contract", {}, scan.files[0]);
    assert.equal(r.status, 202);
    await work(t.p);
    const done = (await poll(t.s.url, t.admin, r.body.transactionId)).body;
    assert.equal(done.result.approvalStatus, "REJECTED");
    assert.deepEqual(done.result.reasons.map((x: any) => x.code), ["customer_signature_missing"]);
    assert.equal(done.result.summary.totalPrice, scan.summary.totalPrice);
    assert.equal(done.result.summary.systemSizeKw, scan.summary.systemSizeKw);
  } finally {
    await t.close();
  }
});

Deno.test("analyze-contract-bill takes an earlier bill extraction by its transactionId (404 unknown, 409 unfinished)", async () => {
  const t = await setup();
  try {
    await upsertSubscription(t.p.sql, t.admin.orgId);
    const billTx = crypto.randomUUID();
    await processBill(t.p, {
      auth: await verifyIdToken(t.p, t.admin.idToken),
      files: [{
        filename: "fpl-01.pdf",
        bytes: await Deno.readFile(new URL("../bills/synthetic/fpl-01.pdf", fixtures)),
      }],
      transactionId: billTx,
      transactionGroupId: crypto.randomUUID(),
      mode: "sync",
    });
    const c = entry("02-loan-clean");
    const r = await upload(
      t.s.url,
      t.admin,
      "/analyze-contract-bill",
      { billTransactionId: billTx },
      c.files[0],
    );
    assert.equal(r.status, 202, JSON.stringify(r.body));
    await work(t.p);
    const done = (await poll(t.s.url, t.admin, r.body.transactionId)).body.result;
    // KEVIN NGUYEN's FPL bill in Sarasota is not this customer's.
    assert.equal(done.billCheck.nameMatches, false);
    assert.equal(done.billCheck.addressMatches, false);
    assert.equal(done.approvalStatus, "NEEDS_REVIEW");

    assert.equal(
      (await upload(
        t.s.url,
        t.admin,
        "/analyze-contract-bill",
        { billTransactionId: crypto.randomUUID() },
        c.files[0],
      )).body.error.code,
      "bill_not_found",
    );
    const other = await tokensFor(t.p);
    const foreign = await upload(
      t.s.url,
      other,
      "/analyze-contract-bill",
      { billTransactionId: billTx },
      c.files[0],
    );
    assert.equal(foreign.status, 404);
    const pending = crypto.randomUUID();
    await t.p
      .sql`insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode, object_paths, filenames)
      values (${t.admin.orgId}, ${pending}, ${crypto.randomUUID()}, 'async', '{bills/x.pdf}', '{x.pdf}')`;
    const notReady = await upload(
      t.s.url,
      t.admin,
      "/analyze-contract-bill",
      { billTransactionId: pending },
      c.files[0],
    );
    assert.equal(notReady.status, 409);
    assert.equal(notReady.body.error.code, "bill_not_ready");
  } finally {
    await t.close();
  }
});

Deno.test("a corrupt PDF (valid magic bytes, broken structure) fails on the first attempt with the reason, not after retries", async () => {
  const t = await setup();
  try {
    const broken = new Blob([new TextEncoder().encode("%PDF-1.4\nthis is not really a PDF\n%%EOF\n")], {
      type: "application/pdf",
    });
    const r = await upload(t.s.url, t.admin, "/analyze-contract", {
      files: new File([broken], "broken.pdf", { type: "application/pdf" }),
    });
    assert.equal(r.status, 202, JSON.stringify(r.body));
    assert.equal(await work(t.p), 1);
    const done = (await poll(t.s.url, t.admin, r.body.transactionId)).body;
    assert.equal(done.status, "FAILED", JSON.stringify(done));
    assert.match(done.message, /could not be read/);
    assert.doesNotMatch(done.message, /^retrying/);
  } finally {
    await t.close();
  }
});

Deno.test("CONTRACT_MODEL=gemini without GEMINI_API_KEY: uploads are 503 not_configured; a queued job fails at once, not after retries", async () => {
  const t = await setup();
  const saved = { model: Deno.env.get("CONTRACT_MODEL"), key: Deno.env.get("GEMINI_API_KEY") };
  try {
    // Queued while the server could still analyse contracts.
    const queued = await upload(t.s.url, t.admin, "/analyze-contract", {}, entry("clean").files[0]);
    assert.equal(queued.status, 202, JSON.stringify(queued.body));

    Deno.env.set("CONTRACT_MODEL", "gemini");
    Deno.env.delete("GEMINI_API_KEY");
    const misconfigured = createPlatform(t.p.sql, t.p.config);
    const s2 = serveApp(createApp(misconfigured).fetch);
    try {
      const r = await upload(s2.url, t.admin, "/analyze-contract", {}, entry("clean").files[0]);
      assert.equal(r.status, 503, JSON.stringify(r.body));
      assert.equal(r.body.error.code, "not_configured");
      assert.doesNotMatch(
        JSON.stringify(r.body),
        /GEMINI_API_KEY/,
        "the variable is named in the server log only",
      );
    } finally {
      await s2.close();
    }
    const [n] = await t.p
      .sql`select count(*)::int as n from public.contract_analyses where organization_id = ${t.admin.orgId}`;
    assert.equal(n.n, 1, "nothing is stored for the refused upload");

    assert.equal(
      await runReadyJobs(misconfigured.sql, { [CONTRACT_QUEUE]: (j) => runContractJob(misconfigured, j) }),
      1,
    );
    const done = (await poll(t.s.url, t.admin, queued.body.transactionId)).body;
    assert.equal(done.status, "FAILED", JSON.stringify(done));
    assert.match(done.message, /not configured/);
    const [job] = await t.p.sql`select attempts, status from queue.jobs where queue = ${CONTRACT_QUEUE}`;
    assert.deepEqual([job.attempts, job.status], [1, "done"]);
  } finally {
    for (const [k, v] of [["CONTRACT_MODEL", saved.model], ["GEMINI_API_KEY", saved.key]] as const) {
      v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
    }
    await t.close();
  }
});
