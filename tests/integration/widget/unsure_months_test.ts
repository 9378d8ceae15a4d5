// A confidence per usage month and per meter, through the HTTP routes (issue #11): the utility-bill-service's
// /upload answers `monthConfidence` ("YYYY-MM" -> 0..1) and a `confidence` on each meter beside the item's
// `confidence`; the widget-service's gate marks the months under its limit to confirm (low_confidence_months,
// with the months), and the report uses such a month, kept as read, as the bill printed it (QA pass 10: it was
// counted among the estimated months).
import assert from "node:assert/strict";
import { contact, widgetEnv } from "./helpers.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";
import { wrongReadingBill } from "../../e2e/widget/wrong_bill.ts";

/** A 13-month history (Dec 2024 … Dec 2025) whose December, the bill's month, prints 905 kWh; the meter bills 990. */
const HISTORY = [1010, 1050, 880, 820, 790, 940, 1180, 1390, 1420, 1130, 900, 860, 905];

Deno.test("upload answers a confidence per month and per meter; the gate marks the unsure month; kept as read it is a printed month", async () => {
  const e = await widgetEnv();
  const bills = serveApp(createApp(e.p).fetch);
  try {
    await upsertSubscription(e.p.sql, e.widget.orgId);
    await saveWidgetConfig(e.p, e.admin.orgId, {
      serving_states: ["AZ"],
      roof_types: ["Shingle"],
      widget_info: "",
      theme: {},
    });
    const form = new FormData();
    const pdf = await wrongReadingBill({ name: "MARIA LOPEZ", history: HISTORY });
    form.append("files", new File([pdf as BlobPart], "bill.pdf", { type: "application/pdf" }));
    const r = await fetch(`${bills.url}/utility-bill-service/upload`, {
      method: "POST",
      headers: e.widget.headers,
      body: form,
    });
    const body = await r.json();
    assert.equal(r.status, 200, JSON.stringify(body));
    const item = body.data.items[0];
    // the whole history's confidence stays; each month read has its own, the bill's month (905 where the meter
    // bills 990) under the confirm step's 0.6; the months the completion estimated have none
    assert.equal(typeof item.confidence.usageByMonth, "number");
    assert.equal(item.monthConfidence["2025-12"], 0.55);
    assert.equal(item.monthConfidence["2025-11"], 0.75);
    assert.deepEqual(
      Object.keys(item.monthConfidence),
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`),
    );
    assert.equal(
      item.electricityUsage.usageByMonth.filter((u: { estimated?: boolean }) => u.estimated).length,
      0,
    );
    // each meter carries its confidence (990 kWh × 0.0847 is a charge the bill prints)
    assert.equal(item.electricityUsage.meters.length, 1);
    assert.equal(item.electricityUsage.meters[0].confidence, 0.9);

    const review = await e.call(e.widget, "POST", "/bill-reading", {
      transaction_id: body.transactionId,
      address_state: "AZ",
    });
    assert.equal(review.status, 200, JSON.stringify(review.json));
    const unsure = review.json.data.checks.filter((c: { code: string }) =>
      c.code === "low_confidence_months"
    );
    assert.deepEqual(unsure.map((c: { months: string[]; group: string }) => [c.group, c.months]), [
      ["usage", ["2025-12"]],
    ]);
    assert.deepEqual(review.json.data.needsConfirmation, ["usage"]);

    const report = async (key: string, usage: unknown[]) => {
      const lead = await e.call(e.widget, "POST", "/create-lead", {
        idempotency_key: key,
        contact: { ...contact, email: `${key}@example.com` },
        address: { line1: "7070 Elm St", city: "Tempe", state: "AZ", zip: "85281" },
        consent: true,
      });
      assert.equal(lead.status, 201, JSON.stringify(lead.json));
      const args = { lead_id: lead.json.data.id, transaction_id: body.transactionId, usage_by_month: usage };
      return [
        await e.call(e.widget, "POST", "/process-widget-savings-info", args),
        await e.call(e.widget, "POST", "/process-widget-savings-info", { ...args, confirmed: ["usage"] }),
      ];
    };
    const months = item.electricityUsage.usageByMonth as { month: string; value: number }[];
    // kept as read: to be confirmed first; once confirmed, December is the bill's printed figure, not an estimate
    const [refused, kept] = await report("unsure-kept", months);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.json.error.details.needsConfirmation, ["usage"]);
    assert.equal(kept.status, 200, JSON.stringify(kept.json));
    assert.deepEqual(kept.json.data.estimatedMonths, []);
    assert.equal(kept.json.data.monthlyKwh[11], 905);
    // typed over by the homeowner: their own figure, measured (and nothing left to confirm)
    const typed = months.map((m) => (m.month === "December" ? { ...m, value: 990 } : m));
    const [own] = await report("unsure-typed", typed);
    assert.equal(own.status, 200, JSON.stringify(own.json));
    assert.deepEqual(own.json.data.estimatedMonths, []);
  } finally {
    await bills.close();
    await e.close();
  }
});
