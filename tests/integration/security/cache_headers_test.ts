// Answers that carry homeowners' personal data (the lead list, one lead, the CSV export, the widget's own lead) had
// no Cache-Control: a browser or a proxy in between could keep a copy (a shared computer's disk cache, a corporate
// proxy) after the partner signed out (docs/security.md "Fourth pass"). Over real HTTP: every service answer says
// `no-store` and `nosniff` unless the route sets its own (a downloaded file: `private, no-store`).
import assert from "node:assert/strict";
import { partnerEnv, SF } from "../partner/helpers.ts";

Deno.test("private answers are not cacheable and not sniffed", async () => {
  const env = await partnerEnv();
  try {
    const lead = await env.lead("Ann", SF);
    const anon = { headers: {} } as typeof env.admin;
    const answers = [
      ["lead list", await env.call(env.admin, "GET", "/partner-service/leads")],
      ["one lead", await env.call(env.admin, "GET", `/partner-service/leads/${lead}`)],
      ["CSV export", await env.call(env.user, "GET", "/partner-service/leads.csv")],
      ["settings", await env.call(env.admin, "GET", "/partner-service/settings")],
      ["widget info", await env.call(env.widget, "GET", "/widget-service/widget-info")],
      [
        "unknown lead (404)",
        await env.call(env.admin, "GET", `/partner-service/leads/${crypto.randomUUID()}`),
      ],
      ["no token (401)", await env.call(anon, "GET", "/partner-service/leads")],
      ["bad body (400)", await env.call(env.admin, "PUT", "/partner-service/settings", { phone: 1 })],
    ] as const;
    for (const [what, r] of answers) {
      assert.equal(r.headers.get("cache-control"), "no-store", `${what} (${r.status})`);
      assert.equal(r.headers.get("x-content-type-options"), "nosniff", `${what} (${r.status})`);
    }
    assert.ok(
      answers[0][1].text.includes("ann@example.com") && answers[2][1].text.includes("ann@example.com"),
    );
  } finally {
    await env.close();
  }
});
