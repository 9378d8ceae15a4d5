// Security pass 14: the widget page was served with `frame-ancestors *`, so any site could frame a partner's widget
// and overlay the homeowner's consent and upload (clickjacking). Its `frame-ancestors` now names the platform's own
// origins and the origins of the partner whose widget token is in the URL: those its admin registered
// (PUT /partner-service/settings `widget_origins`) and its website's. Real HTTP: the partner-service and the stack's
// widget route on one test platform.
import assert from "node:assert/strict";
import { partnerEnv } from "../partner/helpers.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { extension as widget } from "../../../shared/stack/extensions/widget.ts";
import { issueWidgetToken, revokeRefreshToken } from "../../../shared/identity/refresh_tokens.ts";
import { links } from "../../../shared/urls.ts";

function ancestors(csp: string | null): string[] {
  const d = (csp ?? "").split(";").map((s) => s.trim()).find((s) => s.startsWith("frame-ancestors "));
  assert.ok(d, `a frame-ancestors directive: ${csp}`);
  return d.split(/\s+/).slice(1);
}

Deno.test("the widget page may be framed by its partner's registered origins and website only", async () => {
  const env = await partnerEnv();
  const mode = Deno.env.get("STACK_MODE");
  Deno.env.set("STACK_MODE", "production");
  const stack = serveApp(createStackHandler(env.p, [widget], "production"));
  try {
    const saved = await env.call(env.admin, "PUT", "/partner-service/settings", {
      website_url: "https://www.sunny-roofs.example/solar?utm=x",
      widget_origins: [
        "https://Landing.Sunny-Roofs.example/",
        "http://localhost:8080",
        "https://landing.sunny-roofs.example",
      ],
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.json.data.widget_origins, [
      "https://landing.sunny-roofs.example",
      "http://localhost:8080",
    ]);
    // A save without the list (the console's settings form) keeps it.
    const kept = await env.call(env.admin, "PUT", "/partner-service/settings", {
      website_url: "https://www.sunny-roofs.example/solar",
      phone: "+1 415 555 0100",
    });
    assert.deepEqual(kept.json.data.widget_origins, [
      "https://landing.sunny-roofs.example",
      "http://localhost:8080",
    ]);

    const own = [
      "'self'",
      new URL(env.p.config.publicUrl).origin,
      ...new Set([new URL(links(env.p).consoleUrl).origin]),
    ].filter((o, i, a) => a.indexOf(o) === i);
    const page = async (query: string) => {
      const r = await fetch(`${stack.url}/widget/${query}`);
      await r.body?.cancel();
      assert.equal(r.status, 200, query);
      return ancestors(r.headers.get("content-security-policy"));
    };
    const token = await issueWidgetToken(env.p.sql, env.widget.userId);
    assert.deepEqual(await page(`?token=${token}`), [
      ...own,
      "https://landing.sunny-roofs.example",
      "http://localhost:8080",
      "https://www.sunny-roofs.example",
    ]);
    // Another partner's token: that partner's origins (none), not these.
    const otherWidget = await env.p.sql`insert into public.users (email, full_name, organization_id, role)
      values (${`w-${
      crypto.randomUUID().slice(0, 8)
    }@example.test`}, 'W', ${env.other.orgId}, 'widget') returning id`;
    const otherToken = await issueWidgetToken(env.p.sql, otherWidget[0].id as string);
    assert.deepEqual(await page(`?token=${otherToken}`), own);
    // No token, a made-up one, garbage: the platform's origins only, never `*`.
    assert.deepEqual(await page(""), own);
    assert.deepEqual(await page(`?token=wgt_${"A".repeat(43)}`), own);
    assert.deepEqual(await page(`?token=${encodeURIComponent("x'; script-src *")}`), own);
    // A revoked token frames nowhere else any more.
    await revokeRefreshToken(env.p.sql, token);
    assert.deepEqual(await page(`?token=${token}`), own);
    // The scripts and styles are not documents: no partner lookup, no `*`.
    const js = await fetch(`${stack.url}/widget/app.js?token=${otherToken}`);
    await js.body?.cancel();
    assert.deepEqual(ancestors(js.headers.get("content-security-policy")), ["'self'"]);
  } finally {
    if (mode === undefined) Deno.env.delete("STACK_MODE");
    else Deno.env.set("STACK_MODE", mode);
    await stack.close();
    await env.close();
  }
});

Deno.test("widget origins: anything but a bare http(s) origin is 400, never a 500", async () => {
  const env = await partnerEnv();
  try {
    for (
      const bad of [
        ["https://evil.example; script-src *"],
        ["https://a.example 'unsafe-inline'"],
        ["https://*.sunny-roofs.example"],
        ["https://sunny-roofs.example/embed"],
        ["https://user@sunny-roofs.example"],
        ["javascript:alert(1)"],
        ["*"],
        ["'self'"],
        [""],
        [42],
        "https://a.example",
        Array.from({ length: 21 }, (_, i) => `https://s${i}.example`),
      ]
    ) {
      const r = await env.call(env.admin, "PUT", "/partner-service/settings", { widget_origins: bad });
      assert.equal(r.status, 400, `${JSON.stringify(bad)}: ${r.status} ${r.text}`);
      assert.equal(r.json.error.code, "invalid_request", JSON.stringify(bad));
    }
    // A partner's user may not change them (settings are the admin's).
    const user = await env.call(env.user, "PUT", "/partner-service/settings", {
      widget_origins: ["https://a.example"],
    });
    assert.equal(user.status, 403, user.text);
    const read = await env.call(env.admin, "GET", "/partner-service/settings");
    assert.deepEqual(read.json.data.widget_origins, []);
  } finally {
    await env.close();
  }
});
