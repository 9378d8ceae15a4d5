// End to end on the real local stack (scripts/start.ts, as `npm start` runs it): a bill mailed to the
// embedded inbox over SMTP is checked in, extracted by the stack's worker and linked to the customer; a
// booking emails the technician; a contract is analysed in the background.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import nodemailer from "nodemailer";
import { startStack } from "../../e2e/widget/stack.ts";
import { freePort } from "./helpers.ts";

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

Deno.test({
  name:
    "local stack: mailed bill -> check-inbox -> extraction -> linked customer; booking emails the technician; contract analysed",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const smtpPort = freePort();
  // The stack process inherits these (startStack passes its own variables on top of this environment).
  const saved = {
    INBOX_SMTP_PORT: Deno.env.get("INBOX_SMTP_PORT"),
    INBOX_CHECK_INTERVAL_SECONDS: Deno.env.get("INBOX_CHECK_INTERVAL_SECONDS"),
  };
  Deno.env.set("INBOX_SMTP_PORT", String(smtpPort));
  Deno.env.set("INBOX_CHECK_INTERVAL_SECONDS", "0");
  const stack = await startStack();
  try {
    const demo = JSON.parse(await Deno.readTextFile(stack.log().match(/Saved to\s+(\S+)/)![1]));
    const login = await (await fetch(`${stack.url}/v1/authenticator-service/get-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: demo.email, password: demo.password }),
    })).json();
    const h = { Authorization: `Bearer ${login.idToken}`, "Content-Type": "application/json" };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${stack.url}/v1/${path}`, {
        method: "POST",
        headers: h,
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };

    // The customer, through the widget-service's own routes.
    const contact = (await post("widget-service/contact", {
      first_name: "Kevin",
      last_name: "Nguyen",
      email: "kevin@example.com",
    })).body.data;
    const property = (await post("widget-service/property", {
      contact_id: contact.id,
      address: { line1: "7661 Lakeview Ct", city: "Sarasota", state: "FL", zip: "34232" },
    })).body.data;

    const mailer = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtpPort,
      secure: false,
      ignoreTLS: true,
    });
    await mailer.sendMail({
      from: "Kevin Nguyen <kevin@example.com>",
      to: "bills+demo-solar@inbox.local",
      subject: "My FPL electric bill",
      text: "Bill attached.",
      attachments: [{
        filename: "fpl-bill.pdf",
        content: Buffer.from(
          await Deno.readFile(new URL("../../fixtures/bills/synthetic/fpl-01.pdf", import.meta.url)),
        ),
      }],
    });
    mailer.close();
    const checked = await post("email-agent/check-inbox", {});
    assert.equal(checked.status, 200);
    assert.equal(checked.body.extractionsStarted, 1, JSON.stringify(checked.body));

    // The stack's worker runs the bill extraction and the tracking job; nothing here refreshes it.
    const linked = await until("the tracked message to be linked", async () => {
      const r = await post("email-agent/track-billing-email-messages", {
        refresh: false,
        filters: { linked: true },
      });
      return r.body.count ? r.body.messages[0] : undefined;
    });
    assert.equal(linked.property_uuid, property.property_uuid);
    assert.equal(linked.contact_uuid, contact.id);
    assert.equal(linked.account_number, "8292614357");

    const orgId = JSON.parse(atob(login.idToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).org_id;
    const slots =
      await (await fetch(`${stack.url}/v1/appointment-handling-service/available-slots/${orgId}`, {
        headers: h,
      })).json();
    // The demo partner has two crews; booking the slot twice takes both, one of them the technician with a login.
    const bookings = [];
    for (let i = 0; i < 2; i++) {
      const b = await post("appointment-handling-service/create-appointment", {
        property_uuid: property.property_uuid,
        slot: { start: slots.slots[0].start },
      });
      assert.equal(b.status, 201, JSON.stringify(b.body));
      bookings.push(b.body);
    }
    assert.equal(
      (await post("appointment-handling-service/create-appointment", {
        property_uuid: property.property_uuid,
        slot: { start: slots.slots[0].start },
      })).status,
      409,
    );
    const booked = bookings.find((b) => b.job_id)!;
    assert.ok(booked, "one booking assigned the technician with a login");
    const email = await until("the technician's job.assigned email", async () => {
      const box =
        await (await fetch(`${stack.url}/dev/mailbox.json?to=${encodeURIComponent(booked.technician.email)}`))
          .json();
      return box.emails.find((e: { subject: string }) => e.subject === "New job assigned");
    }, 15_000);
    assert.ok(email);

    const form = new FormData();
    form.append(
      "files",
      new Blob([
        await Deno.readFile(
          new URL("../../fixtures/contracts/contract-04-purchase-unsigned_customer.pdf", import.meta.url),
        ),
      ], { type: "application/pdf" }),
      "c.pdf",
    );
    const started = await (await fetch(`${stack.url}/v1/contract-approval-service/analyze-contract`, {
      method: "POST",
      headers: { Authorization: h.Authorization },
      body: form,
    })).json();
    const done = await until("the contract analysis", async () => {
      const r = await post("contract-approval-service/poll-contract-approval-status", {
        transactionId: started.transactionId,
      });
      return r.body.status === "COMPLETED" ? r.body : undefined;
    });
    assert.equal(done.result.approvalStatus, "REJECTED");
  } finally {
    await stack.stop();
    for (const [k, v] of Object.entries(saved)) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
  }
});
