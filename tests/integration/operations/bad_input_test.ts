import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp as appointments } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { createApp as contracts } from "../../../supabase/functions/contract-approval-service/app.ts";
import { createApp as emailAgent } from "../../../supabase/functions/email-agent/app.ts";

// Malformed requests are 4xx with the one error shape, never 500 and never a stack trace.
Deno.test("malformed bodies, wrong roles and missing tokens are clean 4xx answers on all three services", async () => {
  const p = await testPlatform();
  const servers = [
    serveApp(appointments(p).fetch),
    serveApp(contracts(p).fetch),
    serveApp(emailAgent(p).fetch),
  ];
  try {
    const admin = await tokensFor(p);
    const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
    const [a, c, e] = servers.map((s) => s.url);
    const json = { ...admin.headers, "Content-Type": "application/json" };
    const cases: [string, RequestInit, number][] = [
      [`${a}/appointment-handling-service/create-appointment`, {
        method: "POST",
        headers: json,
        body: "{not json",
      }, 400],
      [`${a}/appointment-handling-service/create-appointment`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ property_uuid: crypto.randomUUID(), slot: { start: "tomorrow" } }),
      }, 400],
      [`${a}/appointment-handling-service/create-appointment`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          property_uuid: crypto.randomUUID(),
          slot: { start: "2030-01-01T10:00:00Z" },
          notes: "x".repeat(3000),
        }),
      }, 400],
      [`${a}/appointment-handling-service/create-appointment`, {
        method: "POST",
        headers: json,
        body: "x".repeat(20_000),
      }, 413],
      [`${a}/appointment-handling-service/available-slots/not-a-uuid`, { headers: admin.headers }, 400],
      [`${a}/appointment-handling-service/available-slots/${admin.orgId}`, {}, 401],
      [`${c}/contract-approval-service/poll-contract-approval-status`, {
        method: "POST",
        headers: json,
        body: "[]",
      }, 400],
      [`${c}/contract-approval-service/poll-contract-approval-status`, {
        method: "POST",
        headers: json,
        body: "{",
      }, 400],
      [`${c}/contract-approval-service/analyze-contract`, {
        method: "POST",
        headers: { ...widget.headers },
        body: new FormData(),
      }, 403],
      [`${e}/email-agent/check-inbox`, { method: "POST", headers: json, body: "{oops" }, 400],
      [`${e}/email-agent/check-inbox`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ limit: 5000 }),
      }, 400],
      [`${e}/email-agent/check-inbox`, { method: "POST", headers: { ...widget.headers } }, 403],
      [`${e}/email-agent/track-billing-email-messages`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ filters: { since: "yesterday" } }),
      }, 400],
      [`${e}/email-agent/track-billing-email-messages`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ updates: [{ message_uuid: crypto.randomUUID() }] }),
      }, 404],
    ];
    for (const [url, init, status] of cases) {
      const res = await fetch(url, init);
      const text = await res.text();
      assert.equal(res.status, status, `${init.method ?? "GET"} ${url}: ${text}`);
      const body = JSON.parse(text);
      assert.equal(typeof body.error.code, "string", text);
      assert.ok(!/\n\s+at /.test(text), `no stack trace: ${text}`);
    }
  } finally {
    for (const s of servers) await s.close();
    await p.close();
  }
});
