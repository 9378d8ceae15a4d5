// Typed text is never a link in the emails and PDFs the platform sends (docs/security.md, pass 15). Pass 13 refused web
// and email addresses in the widget's address lines; a phone number ("Call +1 900 555 0100") still reached a stranger's
// inbox on the partner's report, the staff route that emails the same report checked nothing in the address, and a
// bare domain ("evil.example") cannot be refused without refusing "St.Louis" or "P.O.Box": it is now drawn so that mail
// programs and PDF viewers do not link it. Over real HTTP with the delivery job run, the email and the PDF read back.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { queueHandlers } from "../../../shared/jobs/registry.ts";
import { DELIVERY_QUEUE } from "../../../shared/savings/pipeline.ts";
import { getOutboxAttachment, listOutbox } from "../../../shared/email/index.ts";
import { contact, widgetEnv } from "../widget/helpers.ts";
import { usageByMonth } from "../savings/fixtures.ts";

const home = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };

Deno.test("widget: a phone number in an address line, a city or a name is 400 on every route that takes one", async () => {
  const e = await widgetEnv();
  try {
    const call = (method: string, path: string, body: unknown) => e.call(e.widget, method, `/${path}`, body);
    for (const part of [{ line2: "Call +1 900 555 0100 for your rebate" }, { city: "(212) 555-0100" }]) {
      const address = { ...home, ...part };
      for (
        const [path, body] of [
          ["property", { address }],
          ["create-lead", { idempotency_key: crypto.randomUUID(), contact, address, consent: true }],
          ["process-widget-savings-info", { contact, address, consent: true, usage_by_month: usageByMonth }],
          ["bill-reading", { values: { service_address: address } }],
        ] as const
      ) {
        const r = await call("POST", path, body);
        assert.equal(r.status, 400, `${path} ${JSON.stringify(part)}: ${JSON.stringify(r.json)}`);
        assert.match(r.json.error.message, /without a web or email address or a phone number/);
      }
    }
    const named = await call("POST", "create-lead", {
      idempotency_key: crypto.randomUUID(),
      contact: { ...contact, last_name: "Call 555-0100" },
      address: home,
      consent: true,
    });
    assert.equal(named.status, 400, JSON.stringify(named.json));
    const real = await call("POST", "create-lead", {
      idempotency_key: crypto.randomUUID(),
      contact,
      address: { line1: "12345 67th Ave NE", line2: "Apt 4B", city: "Kirkland", state: "WA", zip: "98034" },
      consent: true,
    });
    assert.equal(real.status, 201, JSON.stringify(real.json));
  } finally {
    await e.close();
  }
});

Deno.test("staff report: a link or phone in the address is 400; a bare domain reaches neither the email nor the PDF as a link", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    // The partner's name (the organization's, as the operator recorded it) is in the email's subject and greeting and on
    // the PDF's cover.
    const staff = await tokensFor(p, { role: "partner_user", orgName: "Sunrise Solar (sunrise.example)" });
    const report = (address: unknown) =>
      fetch(`${s.url}/savings-insight-service/savings-insight-report`, {
        method: "POST",
        headers: { ...staff.headers, "content-type": "application/json" },
        body: JSON.stringify({ customerName: "Jane Doe", email: "jane@example.test", address, usageByMonth }),
      }).then(async (r) => ({ status: r.status, json: await r.json() }));
    for (
      const address of [
        "Claim your rebate at https://evil.example/claim, Austin, TX 78701",
        "Call 1-900-555-0100, Austin, TX 78701",
        { line1: "123 Main St", line2: "www.evil.example", city: "Austin", state: "TX", zip: "78701" },
        { line1: "123 Main St", city: "prizes@evil.example", state: "TX", zip: "78701" },
      ]
    ) {
      const r = await report(address);
      assert.equal(r.status, 400, `${JSON.stringify(address)}: ${JSON.stringify(r.json)}`);
    }
    assert.equal((await report("123 Main St, Austin, TX 78701-1234")).status, 200, "a ZIP+4 is no phone");

    const ok = await report("123 Main St (see evil.example), Austin, TX 78701");
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    await runReadyJobs(p.sql, queueHandlers(p, DELIVERY_QUEUE));
    await runReadyJobs(p.sql, queueHandlers(p, DELIVERY_QUEUE));
    const [sent] = await p
      .sql`select email_id from public.savings_reports where id = ${ok.json.transactionId}`;
    const mail = (await listOutbox(p.sql, { to: "jane@example.test" })).find((m) => m.id === sent.email_id);
    assert.ok(mail, "the report with the domain was emailed");
    const [full] = await p.sql`select subject, html, text_body from mail.outbox where id = ${mail.id}`;
    // The partner's configured name is its own: written as is in the email too (pass 17; pass 15 broke its dot).
    for (const part of [full.subject, full.html, full.text_body] as string[]) {
      assert.ok(
        part.includes("Sunrise Solar (sunrise.example)"),
        `the name as written: ${part.slice(0, 120)}`,
      );
      assert.ok(!part.includes("\u200C"), "nothing typed by a stranger in the report email to break");
    }
    const att = await getOutboxAttachment(p.sql, mail.id, mail.attachments[0].position);
    const { text } = await extractText(new Uint8Array(att!.content), { mergePages: true });
    assert.ok(text.includes("evil\u2024example"), "the PDF shows the address with the one-dot leader");
    assert.ok(!/evil\.example/.test(text), "no linkable typed domain in the PDF's text");
    // The partner's configured name is its own: drawn as written on the PDF (pass 16).
    assert.ok(text.includes("Sunrise Solar (sunrise.example)"), "the partner's name as configured");
  } finally {
    await s.close();
    await p.close();
  }
});
