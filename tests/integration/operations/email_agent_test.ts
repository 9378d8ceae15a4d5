import assert from "node:assert/strict";
import nodemailer from "nodemailer";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/email-agent/app.ts";
import { startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";
import { ImapInbox } from "../../../shared/inbox/imap.ts";
import { override } from "../../../shared/platform.ts";
import { imapClient, startDovecot } from "./dovecot.ts";
import { checkInbox } from "../../../shared/email-agent/check.ts";
import { orgSlug, seedProperty } from "./helpers.ts";
import { runCheckInboxJob } from "../../../shared/email-agent/jobs.ts";
import { withInbox } from "./inbox_world.ts";

const json = { "Content-Type": "application/json" };

Deno.test("embedded inbox: mail sent over SMTP is classified, routed, linked by account number, recorded once", async () => {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p);
    const slug = await orgSlug(p, admin.orgId);
    const { propertyId, contactId } = await seedProperty(p, admin.orgId, { accountNumber: "9988776655" });
    const mailer = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    const to = `bills+${slug}@inbox.local`;
    await mailer.sendMail({
      from: "billing@utility.example",
      to,
      subject: "Thank you for your payment",
      text: "We received your payment of $88.10 for account number 9988-776-655.",
      messageId: "<pay-1@utility.example>",
    });
    await mailer.sendMail({
      from: "friend@example.com",
      to,
      subject: "Lunch?",
      text: "Friday at noon",
      messageId: "<lunch@example.com>",
    });
    await mailer.sendMail({
      from: "alerts@utility.example",
      to: "nobody@inbox.local",
      subject: "Past due notice",
      text: "Your account is past due.",
      messageId: "<late@utility.example>",
    });
    mailer.close();

    const call = (path: string, body: unknown = {}) =>
      fetch(`${s.url}/email-agent${path}`, {
        method: "POST",
        headers: { ...admin.headers, ...json },
        body: JSON.stringify(body),
      });
    const res = await call("/check-inbox");
    assert.equal(res.status, 200, await res.clone().text());
    const r = await res.json();
    assert.equal(r.inbox, "embedded");
    // The admin's counts are their own partner's messages (security pass 12): the past-due notice, routed to no
    // partner, is recorded but not counted for them.
    assert.equal(r.fetched, 2);
    assert.equal(r.recorded, 2);
    assert.equal(r.billing, 1);
    const [{ n }] = await p.sql`select count(*)::int as n from public.email_messages`;
    assert.equal(n, 3);
    // Only this partner's messages come back (the past-due notice could not be routed).
    assert.equal(r.messages.length, 2);
    const pay = r.messages.find((m: any) => m.message_id === "<pay-1@utility.example>");
    assert.equal(pay.category, "payment_confirmation");
    assert.equal(pay.status, "linked");
    assert.equal(pay.linked_by, "account_number");
    assert.equal(pay.property_uuid, propertyId);
    assert.equal(pay.contact_uuid, contactId);
    assert.equal(r.messages.find((m: any) => m.subject === "Lunch?").status, "ignored");

    // Nothing new; and the same Message-ID delivered again is recorded once.
    assert.equal((await (await call("/check-inbox")).json()).fetched, 0);
    const again = nodemailer.createTransport({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      ignoreTLS: true,
    });
    await again.sendMail({
      from: "billing@utility.example",
      to,
      subject: "Thank you for your payment",
      text: "dup",
      messageId: "<pay-1@utility.example>",
    });
    again.close();
    const dup = await (await call("/check-inbox")).json();
    assert.equal(dup.fetched, 1);
    assert.equal(dup.duplicates, 1);
    assert.equal(dup.recorded, 0);
    assert.equal((await p.sql`select count(*)::int n from public.email_messages`)[0].n, 3);

    // Tracking: billing messages only, filters, manual update; another partner sees none of them.
    const tracked = await (await call("/track-billing-email-messages")).json();
    assert.deepEqual(tracked.messages.map((m: any) => m.category), ["payment_confirmation"]);
    const linked = await (await call("/track-billing-email-messages", { filters: { linked: false } })).json();
    assert.equal(linked.count, 0);
    const upd = await call("/track-billing-email-messages", {
      updates: [{ message_uuid: pay.message_uuid, notes: "Customer paid by phone" }],
      filters: { category: ["payment_confirmation"] },
    });
    assert.equal(upd.status, 200);
    assert.equal((await upd.json()).messages[0].notes, "Customer paid by phone");
    const other = await tokensFor(p);
    const foreign = await fetch(`${s.url}/email-agent/track-billing-email-messages`, {
      method: "POST",
      headers: { ...other.headers, ...json },
      body: JSON.stringify({}),
    });
    assert.equal((await foreign.json()).count, 0);
    const steal = await fetch(`${s.url}/email-agent/track-billing-email-messages`, {
      method: "POST",
      headers: { ...other.headers, ...json },
      body: JSON.stringify({ updates: [{ message_uuid: pay.message_uuid, status: "ignored" }] }),
    });
    assert.equal(steal.status, 403);
    const bad = await call("/track-billing-email-messages", { filters: { status: ["bogus"] } });
    assert.equal(bad.status, 400);
  } finally {
    await s.close();
    await smtp.close();
    await p.close();
  }
});

Deno.test("IMAP inbox (real dovecot): unseen messages are fetched, recorded, flagged seen; unreachable server is 502", async () => {
  const p = await testPlatform();
  const d = await startDovecot();
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p);
    const slug = await orgSlug(p, admin.orgId);
    const c = await imapClient(d);
    await c.append(
      "INBOX",
      [
        `From: "City Power" <ebill@citypower.example>`,
        `To: ${slug}@bills.example`,
        "Subject: Your electric bill is ready",
        "Message-ID: <stmt-77@citypower.example>",
        "Date: Sat, 21 Nov 2026 10:00:00 +0000",
        "",
        "Your energy statement is available. Amount due: $142.17",
        "",
      ].join("\r\n"),
    );
    await c.logout();
    override(
      p,
      "inbox",
      new ImapInbox({
        host: d.host,
        port: d.port,
        secure: false,
        user: d.user,
        password: d.password,
        mailbox: "INBOX",
      }),
    );
    const res = await fetch(`${s.url}/email-agent/check-inbox`, { method: "POST", headers: admin.headers });
    assert.equal(res.status, 200, await res.clone().text());
    const r = await res.json();
    assert.match(r.inbox, /^imap:bills@127\.0\.0\.1/);
    assert.equal(r.recorded, 1);
    assert.equal(r.messages[0].category, "billing_statement");
    assert.equal(r.messages[0].amount_due, "142.17");
    assert.equal(r.messages[0].status, "unmatched");

    const c2 = await imapClient(d);
    const lock = await c2.getMailboxLock("INBOX");
    const unseen = await c2.search({ seen: false });
    lock.release();
    await c2.logout();
    assert.deepEqual(unseen, []);

    override(
      p,
      "inbox",
      new ImapInbox({
        host: "127.0.0.1",
        port: 1,
        secure: false,
        user: "x",
        password: "y",
        mailbox: "INBOX",
      }),
    );
    const down = await fetch(`${s.url}/email-agent/check-inbox`, { method: "POST", headers: admin.headers });
    assert.equal(down.status, 502);
    assert.equal((await down.json()).error.code, "inbox_unavailable");
  } finally {
    await s.close();
    await d.stop();
    await p.close();
  }
});

Deno.test("IMAP: a message whose handling fails stays unseen and is offered again", async () => {
  const d = await startDovecot();
  try {
    const c = await imapClient(d);
    await c.append("INBOX", "From: a@b.test\r\nSubject: x\r\nMessage-ID: <x@b.test>\r\n\r\nbody\r\n");
    await c.logout();
    const inbox = new ImapInbox({
      host: d.host,
      port: d.port,
      secure: false,
      user: d.user,
      password: d.password,
      mailbox: "INBOX",
    });
    await assert.rejects(
      inbox.receive(10, () => Promise.reject(new Error("database down"))),
      /database down/,
    );
    let again = 0;
    assert.equal(
      await inbox.receive(10, () => {
        again++;
        return Promise.resolve();
      }),
      1,
    );
    assert.equal(again, 1);
  } finally {
    await d.stop();
  }
});

Deno.test("IMAP: an oversized message is recorded as failed from its headers and not downloaded; the rest still flow", async () => {
  const p = await testPlatform();
  const d = await startDovecot();
  try {
    const c = await imapClient(d);
    await c.append(
      "INBOX",
      `From: a@utility.test\r\nTo: x@y.test\r\nSubject: Huge bill\r\nMessage-ID: <huge@utility.test>\r\n\r\n${
        "x".repeat(5000)
      }\r\n`,
    );
    await c.append(
      "INBOX",
      "From: a@utility.test\r\nTo: x@y.test\r\nSubject: Thank you for your payment\r\nMessage-ID: <small@utility.test>\r\n\r\nok\r\n",
    );
    await c.logout();
    override(
      p,
      "inbox",
      new ImapInbox({
        host: d.host,
        port: d.port,
        secure: false,
        user: d.user,
        password: d.password,
        mailbox: "INBOX",
        maxMessageBytes: 1000,
      }),
    );
    const r = await checkInbox(p);
    assert.equal(r.fetched, 2);
    const rows = await p
      .sql`select message_id, subject, status, error from public.email_messages order by message_id`;
    assert.equal(rows[0].message_id, "<huge@utility.test>");
    assert.equal(rows[0].subject, "Huge bill");
    assert.equal(rows[0].status, "failed");
    assert.match(rows[0].error as string, /over the inbox size limit/);
    assert.equal(rows[1].status, "unmatched");
  } finally {
    await d.stop();
    await p.close();
  }
});

Deno.test("unmatched billing mail is linked later, once the customer is added: by the tracking call and by the scheduled check", () =>
  withInbox({ subscription: false }, async ({ p, url, admin, slug, send }) => {
    const to = `bills+${slug}@inbox.local`;
    await send({
      from: "billing@utility.example",
      to,
      subject: "Thank you for your payment",
      text: "Payment received for account number 5566-778-899.",
      messageId: "<later-1@utility.example>",
    });
    await send({
      from: "billing@utility.example",
      to,
      subject: "Thank you for your payment",
      text: "Payment received for account number 1212-343-456.",
      messageId: "<later-2@utility.example>",
    });
    const call = (path: string, body: unknown = {}) =>
      fetch(`${url}/email-agent${path}`, {
        method: "POST",
        headers: { ...admin.headers, ...json },
        body: JSON.stringify(body),
      });
    const first = await (await call("/check-inbox")).json();
    assert.deepEqual(first.messages.map((m: any) => m.status), ["unmatched", "unmatched"], "no customer yet");

    // The partner adds the first customer: the next tracking call links that message, and only it.
    const { propertyId } = await seedProperty(p, admin.orgId, { accountNumber: "5566778899" });
    const tracked = await (await call("/track-billing-email-messages")).json();
    assert.equal(tracked.refreshed, 1, JSON.stringify(tracked));
    const byId = (id: string) => tracked.messages.find((m: any) => m.message_id === id);
    assert.deepEqual([
      byId("<later-1@utility.example>").status,
      byId("<later-1@utility.example>").property_uuid,
    ], ["linked", propertyId]);
    assert.equal(byId("<later-2@utility.example>").status, "unmatched");

    // The second customer is added; the scheduled inbox check (no HTTP call) links its message too.
    const second = await seedProperty(p, admin.orgId, { accountNumber: "1212343456", line1: "9 Oak Ave" });
    await runCheckInboxJob(p, {
      id: "scheduled",
      queue: "email-agent.check-inbox",
      payload: {},
      attempts: 1,
      max_attempts: 1,
    });
    const [m2] = await p
      .sql`select status, property_id, linked_by from public.email_messages where message_id = '<later-2@utility.example>'`;
    assert.deepEqual([m2.status, m2.property_id, m2.linked_by], [
      "linked",
      second.propertyId,
      "account_number",
    ]);
  }));
