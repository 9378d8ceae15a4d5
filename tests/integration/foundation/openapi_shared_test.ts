// The OpenAPI pieces every service shares are declared once (shared/http/openapi.ts): each service's document
// answers its errors with the one `Error` component and its bearer routes with the one `bearer` scheme.
import assert from "node:assert/strict";
import { createPlatform } from "../../../shared/platform.ts";
import { connect } from "../../../shared/db/client.ts";
import { ErrorSchema } from "../../../shared/http/openapi.ts";
import { createApp as appointments } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { createApp as authenticator } from "../../../supabase/functions/authenticator-service/app.ts";
import { createApp as contracts } from "../../../supabase/functions/contract-approval-service/app.ts";
import { createApp as emailAgent } from "../../../supabase/functions/email-agent/app.ts";
import { createApp as notifications } from "../../../supabase/functions/notification-service/app.ts";
import { createApp as partner } from "../../../supabase/functions/partner-service/app.ts";
import { createApp as pdf } from "../../../supabase/functions/pdf-generator-service/app.ts";
import { createApp as savings } from "../../../supabase/functions/savings-insight-service/app.ts";
import { createApp as bills } from "../../../supabase/functions/utility-bill-service/app.ts";
import { createApp as widget } from "../../../supabase/functions/widget-service/app.ts";

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};

Deno.test("every service documents its errors with the one Error component and its routes with the bearer scheme", async () => {
  // Building the apps and their documents sends no query.
  const sql = connect("postgres://127.0.0.1:1/unused", { max: 1 });
  const p = createPlatform(sql);
  const apps = {
    "appointment-handling-service": appointments(p),
    "authenticator-service": authenticator(p),
    "contract-approval-service": contracts(p),
    "email-agent": emailAgent(p),
    "notification-service": notifications(p),
    "partner-service": partner(p),
    "pdf-generator-service": pdf(p),
    "savings-insight-service": savings(p),
    "utility-bill-service": bills(p),
    "widget-service": widget(p),
  };
  const errorShape = ErrorSchema.parse({ error: { code: "not_found", message: "m" } });
  assert.deepEqual(errorShape, { error: { code: "not_found", message: "m" } });
  let errorResponses = 0, bearerRoutes = 0;
  for (const [service, app] of Object.entries(apps)) {
    const res = await app.fetch(new Request(`http://local/${service}/openapi.json`));
    assert.equal(res.status, 200, service);
    const doc = await res.json();
    assert.deepEqual(doc.components.securitySchemes.bearer, {
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
    const ops = Object.entries(doc.paths as Record<string, Record<string, Operation>>)
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([m, op]) => [`${m} ${path}`, op] as const)
      );
    assert.ok(ops.length, `${service} documents its routes`);
    for (const [route, op] of ops) {
      for (const s of op.security ?? []) {
        assert.deepEqual(Object.keys(s), ["bearer"], `${service} ${route}: one security scheme`);
        bearerRoutes++;
      }
      for (const [status, r] of Object.entries(op.responses)) {
        const schema = r.content?.["application/json"]?.schema;
        if (Number(status) < 400 || !schema) continue;
        assert.equal(schema.$ref, "#/components/schemas/Error", `${service} ${route} ${status}`);
        errorResponses++;
      }
    }
    if (doc.components.schemas?.Error) {
      assert.deepEqual(doc.components.schemas.Error.required, ["error"], `${service}: the Error component`);
    }
  }
  assert.ok(errorResponses > 50, `error responses documented: ${errorResponses}`);
  assert.ok(bearerRoutes > 40, `bearer routes: ${bearerRoutes}`);
});
