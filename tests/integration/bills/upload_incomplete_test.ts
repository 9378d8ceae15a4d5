// A bill whose name line the reader refuses ("DIRECT PAYMENT PLAN" is not a person): the widget's /upload still
// answers what was read, with the name empty for the homeowner to give; the partner API's /process-bill keeps
// the spec's 400 incomplete_bill.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";
import { wrongReadingBill } from "../../e2e/widget/wrong_bill.ts";

Deno.test("a bill without a readable name: /upload answers the reading with the name empty, /process-bill is 400 incomplete_bill", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    const pdf = await wrongReadingBill();
    const form = () => {
      const f = new FormData();
      f.append("files", new File([pdf as BlobPart], "bill.pdf", { type: "application/pdf" }));
      f.append("transactionId", crypto.randomUUID());
      f.append("transactionGroupId", crypto.randomUUID());
      return f;
    };
    const up = await fetch(`${s.url}/utility-bill-service/upload`, {
      method: "POST",
      headers: widget.headers,
      body: form(),
    });
    const body = await up.json();
    assert.equal(up.status, 200, JSON.stringify(body));
    const item = body.data.items[0];
    assert.equal(
      item.customerInformation.customerName,
      "",
      "the plan's name is not taken for the homeowner's",
    );
    assert.equal(item.customerInformation.serviceAddress.line1, "7070 Elm St");
    assert.ok(item.electricityUsage.usageByMonth.length >= 12);

    const admin = await tokensFor(p, { role: "partner_admin", orgId: widget.orgId });
    const partner = await fetch(`${s.url}/utility-bill-service/process-bill`, {
      method: "POST",
      headers: admin.headers,
      body: form(),
    });
    const err = await partner.json();
    assert.equal(partner.status, 400);
    assert.equal(err.error.code, "incomplete_bill");
  } finally {
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
});
