import assert from "node:assert/strict";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { extension } from "../../../shared/stack/extensions/notifications.ts";
import type { DemoContext } from "../../../shared/stack/extension.ts";
import { emailProvider } from "../../../shared/email/index.ts";
import { publishEvent } from "../../../shared/events/publish.ts";
import { notificationHarness } from "./harness.ts";

Deno.test("local stack: published job.assigned reaches the dev mailbox; attachments download; webhook buttons update the log", async () => {
  const h = await notificationHarness();
  // The stack's whole handler on a real port, with the notifications extension (mailbox + push loop).
  const handler = createStackHandler(h.p, [extension]);
  const stack = serveApp(handler);
  const port = Deno.env.get("PORT");
  Deno.env.set("PORT", String(stack.port));
  h.cfg.serviceUrl = `${stack.url}/functions/v1/notification-service`;
  h.cfg.push.audiences = [`${h.cfg.serviceUrl}/events/push`];
  let stop: (() => Promise<void>) | undefined;
  try {
    // The notification seed reads the organisation and its admin; the rest of the demo is the stack's.
    const demo: DemoContext = {
      orgId: h.org.id,
      orgSlug: "notifications-test",
      adminUserId: h.contact.id,
      adminEmail: h.contact.email,
      adminPassword: "",
      widgetUserId: h.contact.id,
      partnerToken: "",
    };
    await extension.seed!(h.p, demo);
    stop = await extension.start!(h.p);
    const [tech] = await h.p.sql`select id from public.users where email = 'tech@demo-solar.test'`;

    const started = performance.now();
    const pub = await publishEvent(h.p, {
      event_type: "job.assigned",
      source: "appointment-handling-service",
      payload: { job_id: "JOB-DEMO-1" },
    });
    let mails: any[] = [];
    while (performance.now() - started < 5000) {
      mails = (await (await fetch(`${stack.url}/dev/mailbox.json?to=tech@demo-solar.test`)).json()).emails;
      if (mails.length && mails[0].logStatus) break; // the email, then its log row (send, then log)
      await new Promise((r) => setTimeout(r, 10));
    }
    const latency = performance.now() - started;
    console.log(`publish → dev mailbox (HTTP poll): ${latency.toFixed(0)} ms`);
    assert.equal(mails.length, 1);
    assert.equal(mails[0].subject, "New job assigned");
    assert.ok(latency < 5000);
    const row = (await h.logRows()).find((r) => String(r.idempotency_key).startsWith(pub.messageId))!;
    assert.equal(row.recipient_user_id, tech.id);

    // The savings team's report: an attachment through the email seam, downloadable from the mailbox.
    const pdf = new TextEncoder().encode("%PDF-1.7 test report");
    const { id } = await emailProvider(h.p).send({
      from: "reports@example.test",
      to: ["homeowner@example.test"],
      subject: "Your solar savings report",
      html: "<p>Attached</p>",
      text: "Attached",
      attachments: [{ filename: "savings-report.pdf", contentType: "application/pdf", content: pdf }, {
        filename: "note.html",
        contentType: "text/html",
        content: new TextEncoder().encode("<script>alert(1)</script>"),
      }],
    }, { idempotencyKey: "report-1" });
    const { listOutbox } = await import("../../../shared/email/outbox.ts");
    const forHomeowner = await listOutbox(h.p.sql, { to: "HOMEOWNER@example.test" });
    assert.deepEqual(forHomeowner.map((m) => [m.id, m.attachments[0]]), [[id, {
      position: 0,
      filename: "savings-report.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    }]]);
    assert.equal(
      (await listOutbox(h.p.sql, { to: "homeowner@example.test", since: new Date(Date.now() + 60_000) }))
        .length,
      0,
    );
    const page = await (await fetch(`${stack.url}/dev/mailbox/${id}`)).text();
    assert.match(page, /savings-report\.pdf/);
    const dl = await fetch(`${stack.url}/dev/mailbox/${id}/attachments/0`);
    assert.equal(dl.headers.get("content-type"), "application/pdf");
    assert.match(dl.headers.get("content-disposition")!, /attachment; filename="savings-report.pdf"/);
    assert.deepEqual(new Uint8Array(await dl.arrayBuffer()), pdf);
    assert.equal(dl.headers.get("content-security-policy"), null, "a PDF opens in the browser's viewer");
    const html = await fetch(`${stack.url}/dev/mailbox/${id}/attachments/1?inline=1`);
    assert.equal(
      html.headers.get("content-security-policy"),
      "sandbox",
      "an HTML attachment cannot run as the stack",
    );
    await html.body?.cancel();
    for (const bad of ["2", "x", "-1"]) {
      const r = await fetch(`${stack.url}/dev/mailbox/${id}/attachments/${bad}`);
      assert.equal(r.status, 404, bad);
      await r.body?.cancel();
    }
    const list = await (await fetch(`${stack.url}/dev/mailbox`)).text();
    assert.match(list, /Your solar savings report/);
    assert.match(list, /New job assigned/);

    // Buttons fire signed webhooks at the service (their forms carry the stack's token: security pass 10).
    const token = (await (await fetch(`${stack.url}/dev/mailbox/${mails[0].id}`)).text())
      .match(/name="dev_token" value="([^"]+)"/)![1];
    const fire = await fetch(`${stack.url}/dev/mailbox/${mails[0].id}/events/bounced`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ dev_token: token }),
    });
    assert.equal(fire.status, 303);
    assert.match(decodeURIComponent(fire.headers.get("location")!), /email\.bounced → 200/);
    await fire.body?.cancel();
    const [after] = await h.p
      .sql`select status, error_message from public.notification_log where provider_email_id = ${
      mails[0].id
    }`;
    assert.equal(after.status, "bounced");
    assert.match(after.error_message, /does not exist/);
    const bad = await fetch(`${stack.url}/dev/mailbox/${mails[0].id}/events/exploded`, {
      method: "POST",
      body: new URLSearchParams({ dev_token: token }),
    });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
  } finally {
    await stop?.();
    if (port === undefined) Deno.env.delete("PORT");
    else Deno.env.set("PORT", port);
    await stack.close();
    await h.close();
  }
});
