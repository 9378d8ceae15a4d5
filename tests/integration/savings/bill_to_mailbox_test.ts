// End to end on the local stack (the real stack handler and queue worker, over HTTP): a bill is extracted
// by utility-bill-service, its result goes to savings-insight-service, and the customer's email with the
// PDF report appears in the dev mailbox.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { queueHandlers } from "../../../shared/jobs/registry.ts";
import { DELIVERY_QUEUE } from "../../../shared/savings/pipeline.ts";
import { startWorker } from "../../../shared/queue/worker.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";

Deno.test("bill extraction result -> savings report -> PDF in the dev mailbox", async () => {
  const p = await testPlatform();
  const { extensions } = await import("../../../shared/stack/extensions/index.ts");
  const s = serveApp(createStackHandler(p, extensions));
  const stopWorker = startWorker(p, queueHandlers(p, DELIVERY_QUEUE), { pollMs: 100 });
  try {
    const id = await tokensFor(p, { role: "partner_admin", orgName: "Desert Sun Solar" });
    await upsertSubscription(p.sql, id.orgId);
    const form = new FormData();
    const bill = await Deno.readFile(new URL("../../fixtures/bills/synthetic/aps-01.pdf", import.meta.url));
    form.append("files", new File([bill as BlobPart], "aps-01.pdf", { type: "application/pdf" }));
    form.append("transactionId", crypto.randomUUID());
    form.append("transactionGroupId", crypto.randomUUID());
    const extracted = await fetch(`${s.url}/v1/utility-bill-service/process-bill`, {
      method: "POST",
      headers: id.headers,
      body: form,
    });
    assert.equal(extracted.status, 200, await extracted.clone().text());
    const envelope = await extracted.json();
    const item = envelope.data.items[0];
    const customerName = item.customerInformation.customerName;
    const email = `e2e-${crypto.randomUUID().slice(0, 8)}@example.test`;

    const res = await fetch(`${s.url}/v1/savings-insight-service/savings-insight-report`, {
      method: "POST",
      headers: { ...id.headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        customerName,
        email,
        address: item.customerInformation.serviceAddress,
        usageByMonth: item.electricityUsage.usageByMonth,
        transactionId: envelope.transactionId,
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const report = await res.json();
    assert.equal(report.transactionId, envelope.transactionId);
    assert.equal(report.data.items[0].address.state, item.customerInformation.serviceAddress.state);
    const f = report.data.items[0].figures;
    const billKwh = item.electricityUsage.usageByMonth.reduce(
      (a: number, m: { value: number }) => a + m.value,
      0,
    );
    assert.ok(Math.abs(f.annualKwh - billKwh) <= 12, `${f.annualKwh} vs ${billKwh}`);

    let mail:
      | { id: string; subject: string; attachments: { position: number; contentType: string }[] }
      | undefined;
    for (let i = 0; i < 300 && !mail; i++) { // up to 30 s on a loaded machine
      const box = await (await fetch(`${s.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
      mail = box.emails[0];
      if (!mail) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(mail, "the report email reached the dev mailbox");
    assert.match(mail.subject, /Desert Sun Solar/);
    const a = mail.attachments[0];
    assert.equal(a.contentType, "application/pdf");
    const pdf = new Uint8Array(
      await (await fetch(`${s.url}/dev/mailbox/${mail.id}/attachments/${a.position}`)).arrayBuffer(),
    );
    const { text } = await extractText(pdf, { mergePages: true });
    for (
      const t of [
        customerName,
        "Desert Sun Solar",
        "I. Executive Summary",
        "II. Usage Analysis",
        "III. Solar Recommendation and Financial Analysis",
      ]
    ) {
      assert.ok(text.includes(t), `PDF lacks "${t}"`);
    }
  } finally {
    await stopWorker();
    await s.close();
    await p.close();
  }
});
