// Issue 12: malformed input is a 400 (or, for a bus push, a permanent `failed` the bus does not retry),
// never a 500: NUL characters, unpaired surrogates, bodies nested thousands deep, year-0000 dates.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { notificationHarness } from "../notifications/harness.ts";
import { widgetEnv } from "../widget/helpers.ts";
import { publishEvent } from "../../../shared/events/publish.ts";
import { InvalidEnvelopeError } from "../../../shared/events/envelope.ts";
import { inspectJsonText } from "../../../shared/http/json_guard.ts";
import { tally } from "./helpers.ts";
import { createApp as emailAgentApp } from "../../../supabase/functions/email-agent/app.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { tokensFor } from "../../support/auth.ts";

const deep = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const enc = (text: string) => Buffer.from(text).toString("base64");

Deno.test("json guard: NUL, unpaired surrogates and depth are found before parsing; valid text passes", () => {
  assert.equal(inspectJsonText('{"a":"b\\u0000"}')?.code, "invalid_text");
  assert.equal(inspectJsonText('{"a":"\\ud800x"}')?.code, "invalid_text");
  assert.equal(inspectJsonText('{"a":"\\udc00"}')?.code, "invalid_text");
  assert.equal(inspectJsonText(deep(7000))?.code, "too_deeply_nested");
  assert.equal(inspectJsonText(deep(33), 32)?.code, "too_deeply_nested");
  assert.equal(inspectJsonText(deep(32), 32), null);
  assert.equal(
    inspectJsonText('{"a":"\\\\u0000 is text, [[[[ in a string", "e":"😀 \\ud83d\\ude00"}', 2),
    null,
  );
});

Deno.test("widget surface: NUL or surrogates in contact/lead text, deep nesting and NUL in a query are 400, never 500", async () => {
  const w = await widgetEnv();
  try {
    const contact = { first_name: "Jane", last_name: "Doe", email: "jane@example.com" };
    const post = (path: string, text: string) =>
      fetch(`${w.s.url}/widget-service${path}`, {
        method: "POST",
        headers: { ...w.widget.headers, "content-type": "application/json" },
        body: text,
      });
    const cases: [string, string, string][] = [
      ["/contact", JSON.stringify({ ...contact, first_name: "Ja\u0000ne" }), "invalid_text"],
      ["/contact", JSON.stringify({ ...contact, last_name: "\ud800" }), "invalid_text"],
      ["/create-lead", JSON.stringify({ contact: { ...contact, last_name: "Doe\u0000" } }), "invalid_text"],
      ["/create-lead", `{"contact":${deep(7000)}}`, "too_deeply_nested"],
      ["/contact", deep(7000), "too_deeply_nested"],
    ];
    for (const [path, body, code] of cases) {
      const res = await post(path, body);
      assert.equal(res.status, 400, `${path} ${body.slice(0, 60)}`);
      assert.equal((await res.json()).error.code, code);
    }
    const q = await fetch(`${w.s.url}/widget-service/address-autocomplete?q=12%00Main`, {
      headers: w.widget.headers,
    });
    assert.equal(q.status, 400);
    assert.equal((await q.json()).error.code, "invalid_text");
    // The same request without the bad character is fine.
    const ok = await post("/contact", JSON.stringify(contact));
    assert.equal(ok.status, 201);
    await ok.body?.cancel();
  } finally {
    await w.close();
  }
});

Deno.test("malformed pushes (NUL in a text field, 7,000 deep, year 0000) are a permanent failed, never 500", async () => {
  const h = await notificationHarness();
  try {
    const valid = h.envelope("job.assigned", { job_id: h.jobId });
    const json = JSON.stringify(valid);
    const bodies: Record<string, string> = {
      "NUL in event_type": json.replace('"job.assigned"', '"job.assigned\\u0000"'),
      "NUL in event_id": json.replace(/"event_id":"[^"]+"/, '"event_id":"\\u0000"'),
      "NUL in a payload text": JSON.stringify({
        ...valid,
        payload: { job_id: h.jobId, old_status: "x\u0000" },
      }),
      "raw NUL byte": json.replace("test-suite", "test\u0000suite"),
      "lone surrogate": JSON.stringify({ ...valid, payload: { job_id: h.jobId, old_status: "\udc00" } }),
      "payload 7,000 deep": json.replace(/"payload":\{/, `"payload":{"extra":${deep(7000)},`),
      "envelope 7,000 deep": deep(7000),
      "year 0000": JSON.stringify({ ...valid, created_at: "0000-01-01T00:00:00Z" }),
      "year 9999": JSON.stringify({ ...valid, created_at: "9999-12-31T23:59:59Z" }),
    };
    const statuses: number[] = [];
    let i = 0;
    for (const [name, text] of Object.entries(bodies)) {
      const messageId = `res-${i++}`;
      const res = await h.pushRaw({ message: { messageId, data: enc(text) }, subscription: "s" });
      statuses.push(res.status);
      const body = await res.json();
      assert.equal(res.status, 200, `${name}: ${JSON.stringify(body)}`);
      assert.equal(body.status, "failed", name);
      const [row] = await h.p
        .sql`select status from public.notification_log where idempotency_key = ${messageId}`;
      assert.equal(row?.status, "failed", `${name}: failed row`);
    }
    // A push body that is itself deeply nested (outside message.data) is also acknowledged as failed.
    const outer = await h.pushRaw(
      `{"message":{"messageId":"res-outer","data":"${enc(json)}","attributes":${deep(7000)}}}`,
    );
    statuses.push(outer.status);
    assert.equal(outer.status, 200);
    await outer.body?.cancel();
    console.log(`malformed pushes: ${JSON.stringify(tally(statuses))}`);
    assert.equal(await h.emails().then((e) => e.length), 1, "only the one valid envelope was mailed");
  } finally {
    await h.close();
  }
});

Deno.test("the publisher refuses NUL, deep payloads and out-of-range dates", async () => {
  const h = await notificationHarness();
  try {
    const bad: Record<string, unknown>[] = [
      { job_id: h.jobId, old_status: "a\u0000b" },
      { job_id: h.jobId, old_status: "\ud800" },
      { job_id: h.jobId, extra: JSON.parse(deep(50)) },
    ];
    for (const payload of bad) {
      await assert.rejects(
        publishEvent(h.p, { event_type: "job.assigned", source: "resilience", payload }),
        InvalidEnvelopeError,
      );
    }
    const rows = await h.p.sql`select count(*)::int as n from bus.messages`;
    assert.equal(rows[0].n, 0, "nothing reached the bus");
  } finally {
    await h.close();
  }
});

Deno.test("a value PostgreSQL refuses (a year-0000 date filter) is 400 invalid_value, never 500", async () => {
  const p = await testPlatform();
  const s = serveApp(emailAgentApp(p).fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const res = await fetch(`${s.url}/email-agent/track-billing-email-messages`, {
      method: "POST",
      headers: { ...admin.headers, "content-type": "application/json" },
      body: JSON.stringify({ filters: { since: "0000-01-01T00:00:00Z" }, refresh: false }),
    });
    const body = await res.json();
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(body.error.code, "invalid_value", JSON.stringify(body));
  } finally {
    await s.close();
    await p.close();
  }
});
