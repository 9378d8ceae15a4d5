import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { ulid } from "ulid";
import { decodePush, UndecodablePush } from "../../../shared/notifications/decode.ts";

const env = {
  event_id: ulid(),
  event_type: "job.assigned",
  source: "portal",
  created_at: new Date().toISOString(),
  payload: { job_id: "J-1", recipient_ids: ["3f0c9f5e-8a43-4a43-9f0c-8a4f3b2c1d0e"] },
};
const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64");

Deno.test("decodePush: Pub/Sub push body → message id and envelope", () => {
  const d = decodePush({
    message: { data: b64(env), messageId: "123", publishTime: "x" },
    subscription: "s",
    deliveryAttempt: 2,
  });
  assert.equal(d.messageId, "123");
  assert.equal(d.envelope.event_id, env.event_id);
  assert.equal(d.deliveryAttempt, 2);
  assert.equal(decodePush({ message: { data: b64(env), message_id: "456" } }).messageId, "456");
  // The subscription's own name (the embedded bus's deliveries are keyed by it), or none.
  assert.equal(d.subscription, "s");
  const named = (subscription: unknown) =>
    decodePush({ message: { data: b64(env), messageId: "1" }, subscription }).subscription;
  assert.equal(named("projects/local/subscriptions/notification-service.jobs"), "notification-service.jobs");
  assert.equal(named("projects/p/subscriptions/"), undefined);
  assert.equal(named(42), undefined);
  assert.equal(named(undefined), undefined);
});

Deno.test("decodePush: each malformation is a permanent error carrying what could be read", () => {
  const reason = (body: unknown) => {
    try {
      decodePush(body);
    } catch (e) {
      assert.ok(e instanceof UndecodablePush);
      return e;
    }
    assert.fail("decoded");
  };
  assert.equal(reason(null).messageId, undefined);
  assert.equal(reason({ message: { data: b64(env) } }).message, "message.messageId is missing or invalid");
  assert.equal(reason({ message: { data: b64(env), messageId: "a\u0000b" } }).messageId, undefined);
  assert.match(reason({ message: { messageId: "m" } }).message, /data is missing/);
  assert.match(reason({ message: { messageId: "m", data: "a b c" } }).message, /not valid base64/);
  assert.match(reason({ message: { messageId: "m", data: "abc" } }).message, /not valid base64/);
  assert.match(
    reason({ message: { messageId: "m", data: Buffer.from([0xff, 0xfe, 0x00]).toString("base64") } }).message,
    /not UTF-8/,
  );
  assert.match(reason({ message: { messageId: "m", data: b64("{oops") } }).message, /not valid JSON/);
  const unknown = reason({ message: { messageId: "m", data: b64({ ...env, event_type: "job.exploded" }) } });
  assert.match(unknown.message, /unknown event type job\.exploded/);
  assert.equal(unknown.eventType, "job.exploded");
  assert.equal(unknown.recipientId, env.payload.recipient_ids[0]);
  const malformed = reason({ message: { messageId: "m", data: b64({ ...env, created_at: "now" }) } });
  assert.match(malformed.message, /malformed envelope: created_at/);
  assert.equal(malformed.eventId, env.event_id);
});
