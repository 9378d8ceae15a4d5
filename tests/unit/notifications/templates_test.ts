import assert from "node:assert/strict";
import { createPlatform } from "../../../shared/platform.ts";
import { loadCoreConfig } from "../../../shared/config.ts";
import { connect } from "../../../shared/db/client.ts";

// postgres.js connects on the first query, which these tests never send.
const NO_DATABASE = "postgres://127.0.0.1:1/unused";
import { templates } from "../../../shared/notifications/templates.ts";
import { NOTIFIED_EVENT_TYPES } from "../../../shared/events/catalogue.ts";

const p = createPlatform(connect(NO_DATABASE), loadCoreConfig());
await templates(p).load(); // Handlebars loads on first use (shared/email/template_set.ts)

Deno.test("templates: all eleven event types have subject, HTML and text; the layout is shared", () => {
  const ctx = {
    lead_name: "Jane Doe",
    job_id: "JOB-9",
    invoice_id: "INV-9",
    partner_name: "P",
    recipient_name: "R",
    user_id: "u",
    unsubscribe_url: "https://u/x?a=1&b=2",
    preferences_url: "https://p",
    event_label: "x",
  };
  const subjects = Object.fromEntries(
    NOTIFIED_EVENT_TYPES.map((t) => [t, templates(p).render(t, ctx).subject]),
  );
  assert.deepEqual(subjects, {
    "job.assigned": "New job assigned",
    "job.status_changed": "Job status update: JOB-9",
    "job.completed": "Job completed: JOB-9",
    "job.cancelled": "Job cancelled: JOB-9",
    "invoice.created": "New invoice generated",
    "invoice.sent": "Invoice sent to customer",
    "invoice.paid": "Invoice paid",
    "auth.invite_sent": "Invitation to the portal",
    "auth.password_reset": "Password reset",
    "auth.account_locked": "Account locked",
    "lead.created": "New lead: Jane Doe",
  });
  for (const t of NOTIFIED_EVENT_TYPES) {
    const r = templates(p).render(t, ctx);
    assert.match(r.html, /^<!doctype html>/, t);
    assert.match(r.html, /<meta name="viewport"/, t);
    assert.match(r.html, new RegExp(`<title>${r.subject}</title>`), t);
    assert.match(r.html, /Unsubscribe from these emails/, t);
    assert.ok(r.text.length > 20, t);
  }
});

Deno.test("templates: HTML is escaped in the HTML part, not in text; subjects are one line", () => {
  const r = templates(p).render("job.status_changed", {
    job_id: "J\r\nBcc: x@y",
    partner_name: "<b>Evil</b> & Co",
    old_status: "a",
    new_status: "b",
  });
  assert.match(r.html, /&lt;b&gt;Evil&lt;\/b&gt; &amp; Co/);
  assert.doesNotMatch(r.html, /<b>Evil/);
  assert.match(r.text, /<b>Evil<\/b> & Co/);
  assert.equal(r.subject, "Job status update: J Bcc: x@y");
  const auth = templates(p).render("auth.account_locked", { user_name: "Ann", support_url: "https://s" });
  assert.doesNotMatch(auth.html, /Unsubscribe/);
  assert.match(auth.html, /always sent/);
});
