import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { BILL_QUEUE, runBillJob } from "../../../shared/bills/jobs.ts";
import { runTrackJob, TRACK_QUEUE } from "../../../shared/email-agent/jobs.ts";
import { seedProperty } from "./helpers.ts";
import { withInbox } from "./inbox_world.ts";

// A synthetic FPL bill of the bills area (tests/fixtures/bills/synthetic/manifest.json "fpl-01"):
// KEVIN NGUYEN, account 8292614357, 7661 Lakeview Ct, Sarasota FL 34232.
const billPdf = Buffer.from(
  await Deno.readFile(new URL("../../fixtures/bills/synthetic/fpl-01.pdf", import.meta.url)),
);

Deno.test("a bill mailed to the embedded inbox is extracted and the tracked message is linked to the customer", () =>
  withInbox({ subscription: true }, async ({ p, url, admin, slug, send }) => {
    // The customer is known by address only (no account number on file): the link is made by the address the bill states.
    const { propertyId, contactId } = await seedProperty(p, admin.orgId, {
      line1: "7661 Lakeview Court",
      city: "Sarasota",
      state: "FL",
      zip: "34232",
      accountNumber: "",
    });
    await send({
      from: "Kevin Nguyen <kevin@example.com>",
      to: `bills+${slug}@inbox.local`,
      subject: "Fwd: my FPL bill",
      text: "Here is my electric bill for the solar quote.",
      attachments: [{ filename: "FPL statement.pdf", content: billPdf, contentType: "application/pdf" }],
    });

    const h = { ...admin.headers, "Content-Type": "application/json" };
    const checked =
      await (await fetch(`${url}/email-agent/check-inbox`, { method: "POST", headers: h, body: "{}" }))
        .json();
    assert.equal(checked.recorded, 1);
    assert.equal(checked.extractionsStarted, 1);
    const m = checked.messages[0];
    assert.equal(m.category, "utility_bill");
    assert.equal(m.status, "extracting");
    assert.ok(m.bill_transaction_id);
    assert.deepEqual(m.attachments.map((a: any) => [a.filename, a.bill, a.extracted]), [[
      "FPL statement.pdf",
      true,
      true,
    ]]);

    // The bill worker runs the extraction the hand-off queued; the tracking job then links the message.
    const handlers = { [BILL_QUEUE]: (j: any) => runBillJob(p, j) };
    for (let i = 0; i < 5 && (await runReadyJobs(p.sql, handlers)) === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    await p.sql`update queue.jobs set run_at = now() where queue = ${TRACK_QUEUE}`;
    assert.equal(await runReadyJobs(p.sql, { [TRACK_QUEUE]: (j) => runTrackJob(p, j) }), 1);

    const tracked = await (await fetch(`${url}/email-agent/track-billing-email-messages`, {
      method: "POST",
      headers: h,
      body: JSON.stringify({ filters: { linked: true } }),
    })).json();
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
  }));

Deno.test("without a bill subscription the hand-off fails visibly and the message is kept", () =>
  withInbox({ subscription: false }, async ({ url, admin, slug, send }) => {
    await send({
      from: "a@example.com",
      to: `${slug}@inbox.local`,
      subject: "My electric bill",
      text: "attached",
      attachments: [{ filename: "bill.pdf", content: billPdf }],
    });
    const r =
      await (await fetch(`${url}/email-agent/check-inbox`, { method: "POST", headers: admin.headers }))
        .json();
    assert.equal(r.recorded, 1);
    assert.equal(r.extractionsStarted, 0);
    assert.equal(r.messages[0].status, "failed");
    assert.match(r.messages[0].error, /subscription/i);
  }));

Deno.test("a bill mailed as photographed pages is extracted as one document; an inline logo is left out", () =>
  withInbox({ subscription: true }, async ({ p, url, admin, slug, send }) => {
    const image = async (name: string) =>
      Buffer.from(await Deno.readFile(new URL(`../../fixtures/bills/synthetic/${name}`, import.meta.url)));
    await send({
      from: "David Patel <david@example.com>",
      to: `${slug}@inbox.local`,
      subject: "Photos of my ComEd bill",
      html: `<p>Here are both pages of my electric bill.</p><img src="cid:logo@example.com">`,
      attachments: [
        // Any PNG shown inline by the HTML (a signature logo) is not a page of the bill.
        {
          filename: "signature-logo.png",
          content: await image("aps-04.png"),
          cid: "logo@example.com",
          contentType: "image/png",
        },
        { filename: "IMG_0001.png", content: await image("comed-04-p1.png"), contentType: "image/png" },
        { filename: "IMG_0002.png", content: await image("comed-04-p2.png"), contentType: "image/png" },
      ],
    });

    const checked =
      await (await fetch(`${url}/email-agent/check-inbox`, { method: "POST", headers: admin.headers }))
        .json();
    assert.equal(checked.extractionsStarted, 1, JSON.stringify(checked));
    const m = checked.messages[0];
    assert.deepEqual(m.attachments.map((a: any) => [a.filename, a.extracted]), [
      ["signature-logo.png", false],
      ["IMG_0001.png", true],
      ["IMG_0002.png", true],
    ]);
    const [x] = await p
      .sql`select object_paths, filenames from public.bill_extractions where transaction_id = ${m.bill_transaction_id}`;
    assert.equal(x.object_paths.length, 2, "both pages, in order, make one document");
    assert.deepEqual(x.filenames.map((f: string) => f.replace(/^\d+-/, "")), [
      "IMG_0001.png",
      "IMG_0002.png",
    ]);
  }));
