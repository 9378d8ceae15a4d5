import assert from "node:assert/strict";
import { createPlatform } from "../../../shared/platform.ts";
import { connect } from "../../../shared/db/client.ts";
import { createApp as appointments } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { createApp as contracts } from "../../../supabase/functions/contract-approval-service/app.ts";
import { createApp as emailAgent } from "../../../supabase/functions/email-agent/app.ts";

// SPEC's paths and methods, exactly; each documented in the service's OpenAPI document. Beyond SPEC: the homeowner's
// confirmation link of a widget booking (docs/security.md, pass 7), public, its page (GET) and its button (POST).
const spec = {
  "appointment-handling-service": [
    ["get", "/available-slots/{organization_uuid}"],
    [
      "post",
      "/create-appointment",
    ],
    ["get", "/confirm-appointment"],
    ["post", "/confirm-appointment"],
  ],
  "contract-approval-service": [["post", "/analyze-contract"], ["post", "/analyze-contract-bill"], [
    "post",
    "/poll-contract-approval-status",
  ]],
  "email-agent": [["post", "/check-inbox"], ["post", "/track-billing-email-messages"]],
} as const;

Deno.test("the three services document exactly the spec's paths in their OpenAPI documents", async () => {
  const sql = connect("postgres://postgres@127.0.0.1:5432/postgres", { max: 1 });
  try {
    const p = createPlatform(sql);
    const apps = {
      "appointment-handling-service": appointments(p),
      "contract-approval-service": contracts(p),
      "email-agent": emailAgent(p),
    };
    for (const [service, routes] of Object.entries(spec)) {
      const res = await apps[service as keyof typeof apps].fetch(
        new Request(`http://local/${service}/openapi.json`),
      );
      assert.equal(res.status, 200);
      const doc = await res.json();
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops as object).map((m) => `${m} ${path}`)
      ).sort();
      assert.deepEqual(documented, routes.map(([m, path]) => `${m} /${service}${path}`).sort(), service);
      for (const [m, path] of routes) {
        assert.ok(doc.paths[`/${service}${path}`][m].responses, `${service} ${path} responses`);
      }
    }
    const c = await (await apps["contract-approval-service"].fetch(
      new Request("http://local/contract-approval-service/openapi.json"),
    )).json();
    assert.ok(c.components.schemas.ContractAnalysisStatus.properties.result, "contract result documented");
    const health = await apps["email-agent"].fetch(new Request("http://local/email-agent/health"));
    assert.deepEqual(await health.json(), { status: "ok" });
  } finally {
    await sql.end();
  }
});
