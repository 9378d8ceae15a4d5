import assert from "node:assert/strict";
import nodemailer from "nodemailer";
import { Buffer } from "node:buffer";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/email-agent/app.ts";
import { startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { BILL_QUEUE, runBillJob } from "../../../shared/bills/jobs.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { runTrackJob, TRACK_QUEUE } from "../../../shared/email-agent/jobs.ts";
import { orgSlug, seedProperty } from "./helpers.ts";

// A synthetic FPL bill of the bills area (tests/fixtures/bills/synthetic/manifest.json "fpl-01"):
// KEVIN NGUYEN, account 8292614357, 7661 Lakeview Ct, Sarasota FL 34232.
const billPdf = Buffer.from(await Deno.readFile(new URL("../../fixtures/bills/synthetic/fpl-01.pdf", import.meta.url)));

Deno.test("a bill mailed to the embedded inbox is extracted and the tracked message is linked to the customer", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p);
    await upsertSubscription(p.sql, admin.orgId);
    const slug = await orgSlug(p, admin.orgId);
    // The customer is known by address only (no account number on file): the link is made by the address the bill states.
    const { propertyId, contactId } = await seedProperty(p, admin.orgId, { line1: "7661 Lakeview Court", city: "Sarasota", state: "FL", zip: "34232", accountNumber: "" });
    const mailer = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
    await mailer.sendMail({
      from: "Kevin Nguyen <kevin@example.com>", to: `bills+${slug}@inbox.local`, subject: "Fwd: my FPL bill",
      text: "Here is my electric bill for the solar quote.", attachments: [{ filename: "FPL statement.pdf", content: billPdf, contentType: "application/pdf" }],
    });
    mailer.close();

    const h = { ...admin.headers, "Content-Type": "application/json" };
    const checked = await (await fetch(`${s.url}/email-agent/check-inbox`, { method: "POST", headers: h, body: "{}" })).json();
    assert.equal(checked.recorded, 1);
    assert.equal(checked.extractionsStarted, 1);
    const m = checked.messages[0];
    assert.equal(m.category, "utility_bill");
    assert.equal(m.status, "extracting");
    assert.ok(m.bill_transaction_id);
    assert.deepEqual(m.attachments.map((a: any) => [a.filename, a.bill]), [["FPL statement.pdf", true]]);

    // The bill worker runs the extraction the hand-off queued; the tracking job then links the message.
    const handlers = { [BILL_QUEUE]: (j: any) => runBillJob(p, j) };
    for (let i = 0; i < 5 && (await runReadyJobs(p.sql, handlers)) === 0; i++) await new Promise((r) => setTimeout(r, 200));
    await p.sql`update queue.jobs set run_at = now() where queue = ${TRACK_QUEUE}`;
    assert.equal(await runReadyJobs(p.sql, { [TRACK_QUEUE]: (j) => runTrackJob(p, j) }), 1);

    const tracked = await (await fetch(`${s.url}/email-agent/track-billing-email-messages`, { method: "POST", headers: h, body: JSON.stringify({ filters: { linked: true } }) })).json();
    assert.equal(tracked.count, 1, JSON.stringify(tracked));
    const t = tracked.messages[0];
    assert.equal(t.status, "linked");
    assert.equal(t.linked_by, "address");
    assert.equal(t.property_uuid, propertyId);
    assert.equal(t.contact_uuid, contactId);
    assert.equal(t.account_number, "8292614357");
    assert.equal(t.amount_due, "241.84");
    assert.match(t.customer_name, /KEVIN NGUYEN/i);
    const [{ status }] = await p.sql`select status from queue.jobs where queue = ${TRACK_QUEUE}`;
    assert.equal(status, "done");
  } finally {
    await s.close();
    await smtp.close();
    await p.close();
  }
});

Deno.test("without a bill subscription the hand-off fails visibly and the message is kept", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p);
    const slug = await orgSlug(p, admin.orgId);
    const mailer = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
    await mailer.sendMail({ from: "a@example.com", to: `${slug}@inbox.local`, subject: "My electric bill", text: "attached", attachments: [{ filename: "bill.pdf", content: billPdf }] });
    mailer.close();
    const r = await (await fetch(`${s.url}/email-agent/check-inbox`, { method: "POST", headers: admin.headers })).json();
    assert.equal(r.recorded, 1);
    assert.equal(r.extractionsStarted, 0);
    assert.equal(r.messages[0].status, "failed");
    assert.match(r.messages[0].error, /subscription/i);
  } finally {
    await s.close();
    await smtp.close();
    await p.close();
  }
});
