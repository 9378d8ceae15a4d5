import assert from "node:assert/strict";
import { contact, widgetEnv } from "./helpers.ts";
import { type Job, runReadyJobs } from "../../../shared/queue/queue.ts";
import { crmJobHandlers } from "../../../shared/crm/sync.ts";
import { widgetJobHandlers } from "../../../shared/widget/savings.ts";
import { deliverReport } from "../../../shared/savings/delivery.ts";
import { DELIVERY_QUEUE as DELIVERY_QUEUE_NAME } from "../../../shared/savings/pipeline.ts";
import { listOutbox } from "../../../shared/email/index.ts";
import { REPORT_BUCKET } from "../../../shared/savings/delivery.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import { Buffer } from "node:buffer";

const encodeBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

const usage = [
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
]
  .map((month, i) => ({ month, year: 2025, value: 600 + (i >= 5 && i <= 8 ? 400 : 0), unit: "kWh" }));

Deno.test("process-widget-savings-info: one report per lead, emailed to the homeowner and attached to the lead", async () => {
  const e = await widgetEnv();
  try {
    const address = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };
    const prop = await e.call(e.widget, "POST", "/property", { address });
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "savings-lead-1",
      contact,
      address,
      property_id: prop.json.data.property_uuid,
      consent: true,
    });
    const body = { lead_id: lead.json.data.id, usage_by_month: usage };
    const [a, b] = await Promise.all([
      e.call(e.widget, "POST", "/process-widget-savings-info", body),
      e.call(e.widget, "POST", "/process-widget-savings-info", body),
    ]);
    assert.equal(a.status, 200, JSON.stringify(a.json));
    assert.equal(b.status, 200, JSON.stringify(b.json));
    assert.equal(a.json.data.transactionId, b.json.data.transactionId, "a double click makes one report");
    const s = a.json.data;
    assert.equal(s.annualKwh, usage.reduce((n, u) => n + u.value, 0));
    assert.ok(s.systemKw > 1 && s.systemKw < 20);
    assert.ok(
      Math.abs(s.netCost - (s.grossCost - s.federalCredit)) < 0.05 && s.credit.pct === 0,
      "no §25D credit after 2025",
    );
    assert.equal(s.emailSentTo, "jane@example.com");
    const [{ n }] = await e.p
      .sql`select count(*)::int as n from public.savings_reports where organization_id = ${e.admin.orgId}`;
    assert.equal(n, 1);

    const handlers = {
      ...crmJobHandlers(e.p),
      ...widgetJobHandlers(e.p),
      [DELIVERY_QUEUE_NAME]: (job: Job) => deliverReport(e.p, job as Job<{ reportId: string }>),
    };
    for (let i = 0; i < 4; i++) {
      await e.p.sql`update queue.jobs set run_at = now() where status = 'queued'`;
      await runReadyJobs(e.p.sql, handlers);
    }
    const mail = await listOutbox(e.p.sql, { to: "jane@example.com" });
    assert.equal(mail.length, 1, "the report was emailed once");
    const [l] = await e.p
      .sql`select status, report_bucket, report_path, report_transaction_id from public.leads where id = ${lead.json.data.id}`;
    assert.equal(l.status, "report_sent", "the report sets report_sent; qualifying is the partner's call");
    assert.equal(l.report_transaction_id, s.transactionId);
    assert.ok(l.report_path, "the PDF is attached to the lead");
    const [doc] = await e.p
      .sql`select kind, size_bytes from public.property_documents where property_id = ${prop.json.data.property_uuid}`;
    assert.equal(doc.kind, "report");
    assert.ok((doc.size_bytes as number) > 1000);

    const missing = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      lead_id: lead.json.data.id,
    });
    assert.equal(missing.status, 400);
    assert.equal((await e.call(e.other, "POST", "/process-widget-savings-info", body)).status, 403);
  } finally {
    await e.close();
  }
});

Deno.test("process-widget-savings-info creates the lead from contact + address + the bill extraction item", async () => {
  const e = await widgetEnv();
  try {
    const address = { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
    const r = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      idempotency_key: "savings-lead-2",
      contact,
      address,
      consent: true,
      bill: {
        electricityUsage: { usageByMonth: usage.map((u, i) => (i < 3 ? { ...u, estimated: true } : u)) },
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const [rep] = await e.p
      .sql`select figures from public.savings_reports where id = ${r.json.data.transactionId}`;
    assert.ok(
      (rep.figures as { flags: string[] }).flags.includes("extrapolated_months"),
      "months the bill estimated stay flagged in the report",
    );
    const [l] = await e.p
      .sql`select email, report_transaction_id from public.leads where id = ${r.json.data.leadId}`;
    assert.equal(l.email, "jane@example.com");
    assert.equal(l.report_transaction_id, r.json.data.transactionId);
    const away = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      idempotency_key: "savings-lead-3",
      contact,
      address: { line1: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" },
      usage_by_month: usage,
    });
    assert.equal(away.status, 400);
    assert.equal(away.json.error.code, "out_of_area");
  } finally {
    await e.close();
  }
});

Deno.test("process-widget-savings-info: transaction_id must be one of the partner's own bill extractions (404 otherwise, nothing created)", async () => {
  const { createExtraction } = await import("../../../shared/bills/store.ts");
  const e = await widgetEnv();
  try {
    const billTx = crypto.randomUUID();
    await createExtraction(e.p.sql, {
      orgId: e.widget.orgId,
      transactionId: billTx,
      transactionGroupId: crypto.randomUUID(),
      mode: "upload",
      objectPaths: [],
      filenames: [],
      widgetSession: e.widget.widgetSession,
    });
    const floridaAddress = { line1: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" };
    const stolen = await e.call(e.other, "POST", "/process-widget-savings-info", {
      idempotency_key: "other-partner-1",
      contact,
      address: floridaAddress,
      consent: true,
      transaction_id: billTx,
      usage_by_month: usage,
    });
    assert.equal(stolen.status, 404, JSON.stringify(stolen.json));
    assert.equal(stolen.json.error.code, "not_found");
    const [{ n }] = await e.p
      .sql`select count(*)::int as n from public.leads where organization_id = ${e.other.orgId}`;
    assert.equal(n, 0, "no lead was created");
    const own = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      idempotency_key: "own-partner-1",
      contact,
      address: { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" },
      consent: true,
      transaction_id: billTx,
      usage_by_month: usage,
    });
    assert.equal(own.status, 200, JSON.stringify(own.json));
    const [l] = await e.p.sql`select savings from public.leads where id = ${own.json.data.leadId}`;
    assert.equal((l.savings as { billTransactionId: string }).billTransactionId, billTx);
  } finally {
    await e.close();
  }
});

Deno.test("the partner's report logo (set with PUT /widget-config) is on the cover of the emailed savings report", async () => {
  const e = await widgetEnv();
  try {
    const png = await Deno.readFile(new URL("../../fixtures/widget/partner-logo.png", import.meta.url));
    const logo = `data:image/png;base64,${encodeBase64(png)}`;
    const config = {
      serving_states: ["CA", "NY", "TX"],
      roof_types: ["Shingle"],
      widget_info: "",
      theme: {},
    };
    // Bad logos are 400 naming the field: not a data URI, or bytes that are not an image.
    for (
      const report_logo of [
        "https://cdn.example/logo.png",
        `data:image/png;base64,${encodeBase64(new TextEncoder().encode("%PDF-1.7 not an image"))}`,
      ]
    ) {
      const bad = await e.call(e.admin, "PUT", "/widget-config", { ...config, report_logo });
      assert.equal(bad.status, 400, report_logo);
      assert.match(bad.json.error.message, /report_logo/);
    }
    const put = await e.call(e.admin, "PUT", "/widget-config", { ...config, report_logo: logo });
    assert.equal(put.status, 200, JSON.stringify(put.json));
    assert.equal(put.json.data.report_logo, true);
    // A later PUT without the field keeps the logo; the widget never receives the image itself.
    const again = await e.call(e.admin, "PUT", "/widget-config", { ...config, widget_info: "<p>New</p>" });
    assert.equal(again.json.data.report_logo, true);
    const info = await e.call(e.widget, "GET", "/widget-info");
    assert.equal(info.json.data.report_logo, true);
    assert.doesNotMatch(JSON.stringify(info.json), /base64/);

    const address = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };
    const r = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      contact,
      address,
      usage_by_month: usage,
      consent: true,
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const handlers = {
      [DELIVERY_QUEUE_NAME]: (job: Job) => deliverReport(e.p, job as Job<{ reportId: string }>),
    };
    assert.equal(await runReadyJobs(e.p.sql, handlers), 1);
    const [rep] = await e.p
      .sql`select pdf_path from public.savings_reports where id = ${r.json.data.transactionId}`;
    const pdf = await objectStore(e.p).get(REPORT_BUCKET, rep.pdf_path as string);
    const doc = await PDFDocument.load(pdf!.bytes);
    const cover = doc.getPage(0).node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
    const images = cover
      ? cover.keys().map((k) => cover.lookup(k, PDFStream)).filter((x) =>
        x.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")
      )
      : [];
    assert.equal(images.length, 1, "the logo is an image on the cover");
    assert.equal(String(images[0].dict.get(PDFName.of("Width"))), "120");

    // null removes it.
    const removed = await e.call(e.admin, "PUT", "/widget-config", { ...config, report_logo: null });
    assert.equal(removed.json.data.report_logo, false);
  } finally {
    await e.close();
  }
});
