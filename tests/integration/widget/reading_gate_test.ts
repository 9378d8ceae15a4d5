// The plausibility gate through the widget-service (issue 11 §2): what was read and what needs confirming;
// no report from an implausible reading nobody confirmed; the lead records what was read and corrected.
import assert from "node:assert/strict";
import { address, contact, storeExtraction, widgetEnv } from "./helpers.ts";

import { sfMisreading, TYPICAL as typical, usage } from "../../support/bill_reading.ts";

// The misreading: a meter reading taken for January, the correspondence box taken for the name.
const misread = usage([27415, ...typical.slice(1)]);

const item = sfMisreading;

Deno.test("POST /bill-reading: what was read, the failed checks, and the lines to confirm; corrections clear them", async () => {
  const e = await widgetEnv();
  try {
    const tx = await storeExtraction(e, item());
    const r = await e.call(e.widget, "POST", "/bill-reading", { transaction_id: tx, address_state: "CA" });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const d = r.json.data;
    assert.equal(d.read.customerName, "Correspond With Duke Energy");
    assert.equal(d.read.utilityProviderName, "Pacific Gas & Electric");
    assert.equal(d.read.usageByMonth[0].value, 27415);
    assert.deepEqual(d.needsConfirmation, ["name", "usage"]);
    assert.deepEqual(d.unconfirmed, ["name", "usage"]);
    assert.deepEqual(d.checks.map((c: { code: string }) => c.code), [
      "name_not_a_person",
      "month_usage_out_of_range",
      "monthly_shape",
    ]);

    const fixed = await e.call(e.widget, "POST", "/bill-reading", {
      transaction_id: tx,
      address_state: "CA",
      values: { customer_name: "Jane Doe", usage_by_month: usage(typical) },
    });
    assert.deepEqual(fixed.json.data.needsConfirmation, []);
    assert.deepEqual(Object.keys(fixed.json.data.corrections).sort(), ["name", "usage"]);

    const elsewhere = await e.call(e.widget, "POST", "/bill-reading", {
      transaction_id: tx,
      address_state: "NY",
      confirmed: ["name"],
    });
    assert.deepEqual(elsewhere.json.data.needsConfirmation, ["name", "address", "usage"]);
    assert.deepEqual(elsewhere.json.data.unconfirmed, ["address", "usage"]);

    const spec = await (await fetch(`${e.s.url}/widget-service/openapi.json`)).json();
    assert.ok(
      spec.paths["/widget-service/bill-reading"] ?? spec.paths["/bill-reading"],
      "documented in OpenAPI",
    );

    // another partner's extraction is not found; a bad group is a 400 naming the field
    assert.equal((await e.call(e.other, "POST", "/bill-reading", { transaction_id: tx })).status, 404);
    const bad = await e.call(e.widget, "POST", "/bill-reading", {
      transaction_id: tx,
      confirmed: ["everything"],
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /confirmed/);
  } finally {
    await e.close();
  }
});

Deno.test("process-widget-savings-info refuses an unconfirmed implausible reading (400 with the reasons), then reports on the corrected one", async () => {
  const e = await widgetEnv();
  try {
    const tx = await storeExtraction(e, item());
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "gate-lead-1",
      contact,
      address,
      consent: true,
    });
    const leadId = lead.json.data.id;
    const refused = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      lead_id: leadId,
      transaction_id: tx,
      usage_by_month: misread,
    });
    assert.equal(refused.status, 400);
    assert.equal(refused.json.error.code, "needs_confirmation");
    assert.match(refused.json.error.message, /27,415 kWh/);
    assert.deepEqual(
      refused.json.error.details.needsConfirmation,
      ["usage"],
      "the lead's name (Jane Doe) is the homeowner's own",
    );
    const [none] = await e.p
      .sql`select count(*)::int as n from public.savings_reports where organization_id = ${e.admin.orgId}`;
    assert.equal(none.n, 0, "no report was made");

    // usage corrected on the confirm step: the report uses the corrected months
    const ok = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      lead_id: leadId,
      transaction_id: tx,
      usage_by_month: usage(typical),
      reading: { utility: "PG&E" },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    assert.equal(ok.json.data.annualKwh, typical.reduce((a, b) => a + b, 0));
    const [l] = await e.p.sql`select bill_reading, bill_corrections from public.leads where id = ${leadId}`;
    const reading = l.bill_reading as {
      transactionId: string;
      read: { customerName: string; annualKwh: number };
      confirmed: string[];
    };
    assert.equal(reading.transactionId, tx);
    assert.equal(reading.read.customerName, "Correspond With Duke Energy");
    const corr = l.bill_corrections as Record<string, { read: unknown; corrected: unknown }>;
    assert.deepEqual(Object.keys(corr).sort(), ["name", "usage", "utility"]);
    assert.deepEqual(corr.name, { read: "Correspond With Duke Energy", corrected: "Jane Doe" });
    assert.equal((corr.usage.read as { value: number }[])[0].value, 27415);
    assert.equal((corr.usage.corrected as { value: number }[])[0].value, 980);
    assert.deepEqual(corr.utility, { read: "Pacific Gas & Electric", corrected: "PG&E" });
  } finally {
    await e.close();
  }
});

Deno.test("a homeowner who confirms an unusual but true reading gets the report; a bill for another state must be confirmed", async () => {
  const e = await widgetEnv();
  try {
    const big = usage(Array(12).fill(5200));
    const tx = await storeExtraction(
      e,
      item({ name: "Jane Doe", values: Array(12).fill(5200), state: "NV" }),
    );
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "gate-lead-2",
      contact,
      address,
      consent: true,
    });
    const body = { lead_id: lead.json.data.id, transaction_id: tx, usage_by_month: big };
    const refused = await e.call(e.widget, "POST", "/process-widget-savings-info", body);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.json.error.details.needsConfirmation, ["address", "usage"]);
    assert.deepEqual(refused.json.error.details.checks.map((c: { code: string }) => c.code), [
      "state_mismatch",
      "annual_usage_out_of_range",
    ]);
    const ok = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      ...body,
      confirmed: ["address", "usage"],
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    const [l] = await e.p.sql`select bill_reading from public.leads where id = ${lead.json.data.id}`;
    assert.deepEqual((l.bill_reading as { confirmed: string[] }).confirmed, ["address", "usage"]);

    // typed usage without a bill is checked too
    const lead3 = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "gate-lead-3",
      contact,
      address,
      consent: true,
    });
    const typed = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      lead_id: lead3.json.data.id,
      usage_by_month: usage(Array(12).fill(90000)),
    });
    assert.equal(typed.status, 400);
    assert.equal(typed.json.error.code, "needs_confirmation");
    assert.match(typed.json.error.message, /^Confirm or correct the usage given before a report is made: /);
  } finally {
    await e.close();
  }
});

Deno.test("a bill from another utility than the one chosen for the home must be confirmed before a report", async () => {
  const e = await widgetEnv();
  try {
    const tx = await storeExtraction(
      e,
      item({ name: "Jane Doe", values: typical, utility: "Sacramento Municipal Utility District" }),
    );
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "gate-lead-utility",
      contact,
      address,
      utility_provider: "Pacific Gas & Electric Company",
      consent: true,
    });
    const body = { lead_id: lead.json.data.id, transaction_id: tx, usage_by_month: usage(typical) };
    const refused = await e.call(e.widget, "POST", "/process-widget-savings-info", body);
    assert.equal(refused.status, 400, JSON.stringify(refused.json));
    assert.deepEqual(refused.json.error.details.needsConfirmation, ["utility"]);
    assert.match(
      refused.json.error.message,
      /Sacramento Municipal Utility District.*Pacific Gas & Electric Company/,
    );
    // the confirm step asks the same question when told the chosen utility
    const review = await e.call(e.widget, "POST", "/bill-reading", {
      transaction_id: tx,
      address_state: "CA",
      utility_provider: "Pacific Gas & Electric Company",
    });
    assert.deepEqual(review.json.data.needsConfirmation, ["utility"]);
    const ok = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      ...body,
      confirmed: ["utility"],
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
  } finally {
    await e.close();
  }
});

Deno.test("an unknown month or a unit other than kWh is a 400 before any lead is recorded", async () => {
  const e = await widgetEnv();
  try {
    const leads = async () =>
      (await e.p.sql`select count(*)::int as n from public.leads where organization_id = ${e.admin.orgId}`)[0]
        .n;
    const before = await leads();
    for (
      const month of [
        { month: "Smarch", year: 2025, value: 900 },
        { month: 13, year: 2025, value: 900 },
        { month: "January", year: 2025, value: 900, unit: "therms" },
      ]
    ) {
      const r = await e.call(e.widget, "POST", "/process-widget-savings-info", {
        contact,
        address,
        consent: true,
        usage_by_month: [month, ...usage(typical).slice(1)],
      });
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.match(JSON.stringify(r.json.error), /usage_by_month/);
    }
    assert.equal(await leads(), before, "no lead was recorded");
  } finally {
    await e.close();
  }
});
