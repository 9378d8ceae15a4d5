import assert from "node:assert/strict";
import { bearer, type Caller, partnerEnv } from "./helpers.ts";
import { identityProvider } from "../../../shared/identity/index.ts";

Deno.test("cross-origin preview: the console's draft colours and logo reach its own preview session's widget-info only", async () => {
  const e = await partnerEnv();
  try {
    const made = await e.call(e.user, "POST", "/partner-service/preview-token");
    assert.equal(made.status, 201);
    const { token, preview_id } = made.json.data;
    assert.match(preview_id, /^[0-9a-f-]{36}$/);
    const session = await identityProvider(e.p).refreshGrant(token);
    const preview = bearer(session.idToken);
    const info = async (who: Caller) => (await e.call(who, "GET", "/widget-service/widget-info")).json.data;
    assert.equal((await info(preview)).theme.primary, "#1d4ed8", "the saved colour before any draft");

    const draft = { theme: { primary: "#b91c1c" }, logo_url: "https://cdn.example/logo.png" };
    const put = await e.call(e.user, "PUT", `/partner-service/preview/${preview_id}`, draft);
    assert.equal(put.status, 200, put.text);
    const seen = await info(preview);
    assert.deepEqual([seen.theme.primary, seen.logo_url], ["#b91c1c", "https://cdn.example/logo.png"]);
    assert.deepEqual(seen.serving_states, ["CA", "NY"], "the rest is the saved configuration");

    // Nobody else sees the draft: the partner's real widget, its users, another partner.
    assert.equal((await info(e.widget)).theme.primary, "#1d4ed8");
    assert.equal((await info(e.admin)).theme.primary, "#1d4ed8");
    const [saved] = await e.p
      .sql`select theme->>'primary' as c from public.widget_configs where organization_id = ${e.admin.orgId}`;
    assert.equal(saved.c, "#1d4ed8", "nothing is saved");

    assert.equal((await e.call(e.other, "PUT", `/partner-service/preview/${preview_id}`, draft)).status, 404);
    assert.equal(
      (await e.call(e.widget, "PUT", `/partner-service/preview/${preview_id}`, draft)).status,
      403,
    );
    assert.equal(
      (await e.call(e.user, "PUT", `/partner-service/preview/${crypto.randomUUID()}`, draft)).status,
      404,
      "an unknown preview",
    );
    for (
      const bad of [{ theme: { primary: "red" } }, { logo_url: "javascript:alert(1)" }, {
        widget_info: "<b>",
      }]
    ) {
      const r = await e.call(e.user, "PUT", `/partner-service/preview/${preview_id}`, bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
    }
    // An expired preview token's draft is not served.
    await e.p.sql`update public.partner_widget_previews set expires_at = now() - interval '1 second'`;
    assert.equal((await info(preview)).theme.primary, "#1d4ed8");
  } finally {
    await e.close();
  }
});
