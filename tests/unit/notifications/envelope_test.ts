import assert from "node:assert/strict";
import { ulid } from "ulid";
import { findPersonalData, InvalidEnvelopeError, parseEnvelope } from "../../../shared/events/envelope.ts";
import {
  EVENT_TYPES,
  isAuthEvent,
  NOTIFIED_EVENT_TYPES,
  templateSlug,
  topicFor,
} from "../../../shared/events/catalogue.ts";
import { buildEnvelope } from "../../../shared/events/publish.ts";

const good = () => ({
  event_id: ulid(),
  event_type: "job.assigned",
  source: "appointment-handling-service",
  created_at: "2026-11-22T10:00:00.000Z",
  payload: { job_id: "JOB-1" },
});

Deno.test("envelope: a valid one parses; each rule of the spec is enforced", () => {
  assert.equal(parseEnvelope(good()).event_type, "job.assigned");
  assert.equal(
    parseEnvelope({ ...good(), created_at: "2026-11-22T10:00:00+00:00" }).source,
    "appointment-handling-service",
  );
  const bad: [string, Record<string, unknown>][] = [
    ["event_id", { event_id: "not-a-ulid" }],
    ["event_id", { event_id: ulid().toLowerCase() }],
    ["event_type", { event_type: "job.exploded" }],
    ["event_type", { event_type: "jobassigned" }],
    ["source", { source: "Appointment Service" }],
    ["source", { source: "" }],
    ["created_at", { created_at: "2026-11-22T10:00:00+02:00" }],
    ["created_at", { created_at: "yesterday" }],
    ["created_at", { created_at: "2026-13-45T10:00:00Z" }],
    ["payload", { payload: "x" }],
    ["payload", { payload: { recipient_ids: ["nope"] } }],
    ["payload", { payload: { job_id: "JOB 1; drop table" } }],
    ["payload", { payload: { customer_email: "x" } }],
    ["payload", { payload: { note: "reach me at jane.doe@example.com" } }],
    ["payload", { payload: { nested: [{ deep: "x@y.io" }] } }],
    ["envelope", { extra: 1 }],
  ];
  for (const [field, patch] of bad) {
    assert.throws(
      () => parseEnvelope({ ...good(), ...patch }),
      (e) => e instanceof InvalidEnvelopeError && e.message.includes(field),
      `${field}: ${JSON.stringify(patch)}`,
    );
  }
  assert.throws(() => parseEnvelope({ ...good(), payload: { blob: "x".repeat(20_000) } }), /larger than/);
});

Deno.test("personal data detection: emails anywhere, personal keys; identifiers and URLs pass", () => {
  assert.equal(
    findPersonalData({
      job_id: "JOB-1",
      recipient_ids: [crypto.randomUUID()],
      invite_url: "https://p.example/i/abc",
    }),
    null,
  );
  assert.equal(findPersonalData({ a: { b: ["ok", "ann@example.org"] } }), "payload.a.b[1]");
  assert.equal(findPersonalData({ full_name: "Ann" }), "payload.full_name");
  assert.equal(findPersonalData({ phone: "1" }), "payload.phone");
});

Deno.test("catalogue: topic routing per the spec table; auth events; template slugs", () => {
  assert.equal(EVENT_TYPES.length, 12);
  assert.equal(NOTIFIED_EVENT_TYPES.length, 11);
  assert.ok(!new Set<string>(NOTIFIED_EVENT_TYPES).has("invoice.overdue"));
  const routes = Object.fromEntries(EVENT_TYPES.map((t) => [t, topicFor(t)]));
  assert.deepEqual(routes, {
    "job.assigned": "platform.jobs",
    "job.status_changed": "platform.jobs",
    "job.completed": "platform.jobs",
    "job.cancelled": "platform.jobs",
    "invoice.created": "platform.invoices",
    "invoice.sent": "platform.invoices",
    "invoice.paid": "platform.invoices",
    "invoice.overdue": "platform.invoices",
    "auth.invite_sent": "platform.auth",
    "auth.password_reset": "platform.auth",
    "auth.account_locked": "platform.auth",
    "lead.created": "platform.leads",
  });
  assert.ok(isAuthEvent("auth.password_reset") && !isAuthEvent("job.assigned"));
  assert.equal(templateSlug("job.status_changed"), "job_status_changed");
});

Deno.test("buildEnvelope: fresh ULID and UTC timestamp", () => {
  const a = buildEnvelope({ event_type: "invoice.paid", source: "portal", payload: { invoice_id: "INV-1" } });
  const b = buildEnvelope({ event_type: "invoice.paid", source: "portal", payload: { invoice_id: "INV-1" } });
  assert.notEqual(a.event_id, b.event_id);
  assert.match(a.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.ok(Math.abs(Date.parse(a.created_at) - Date.now()) < 5000);
});
