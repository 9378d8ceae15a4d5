// A browser page on another origin calls the local stack's functions with supabase-js `functions.invoke`, the
// way a partner's front end would: the CORS preflight must allow the headers supabase-js sends (apikey,
// x-client-info, authorization, content-type).
import assert from "node:assert/strict";
import { launchBrowser } from "../e2e/widget/browser.ts";
import { startStack } from "../e2e/widget/stack.ts";
import { serveApp } from "../support/http.ts";

const supabaseJs = new URL("../../node_modules/@supabase/supabase-js/dist/umd/supabase.js", import.meta.url);

const PAGE = `<!doctype html><meta charset="utf-8"><title>partner app</title>
<script src="/supabase.js"></script>
<script>
  window.run = async (stackUrl, email, password) => {
    const client = supabase.createClient(stackUrl, "local-anon-key", { auth: { persistSession: false } });
    const login = await client.functions.invoke("authenticator-service/get-token", { body: { email, password } });
    if (login.error) return { step: "get-token", error: String(login.error), status: login.error.context?.status };
    const token = login.data.idToken ?? login.data.id_token ?? login.data.access_token ?? login.data.token;
    const slots = await client.functions.invoke("notification-service/health", { method: "GET" });
    const me = await client.functions.invoke("widget-service/widget-info", { method: "GET", headers: { Authorization: "Bearer " + token } });
    return { login: Object.keys(login.data), tokenFound: typeof token === "string", health: slots.data, widgetInfo: me.error ? me.error.context?.status : 200 };
  };
</script>`;

Deno.test({
  name:
    "supabase-js functions.invoke from a browser page on another origin reaches the functions (CORS preflight)",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const stack = await startStack();
    const page = serveApp(async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/supabase.js") {
        return new Response(await Deno.readFile(supabaseJs), {
          headers: { "Content-Type": "text/javascript" },
        });
      }
      return new Response(PAGE, { headers: { "Content-Type": "text/html" } });
    });
    const b = await launchBrowser();
    try {
      const login = stack.log().match(/Demo login\s+(\S+) \/ (\S+)/);
      assert.ok(login, "the stack printed the demo login");
      const demo = [login[1], login[2]];
      const tab = await b.browser.newPage();
      await tab.goto(page.url);
      // deno-lint-ignore no-explicit-any
      const result: any = await tab.evaluate(([u, e, p]) => (globalThis as any).run(u, e, p), [
        stack.url,
        demo[0],
        demo[1],
      ]);
      assert.equal(result.error, undefined, JSON.stringify(result));
      assert.equal(result.tokenFound, true, JSON.stringify(result));
      assert.equal(result.health.status, "ok");
      assert.ok([200, 404].includes(result.widgetInfo), JSON.stringify(result));
      // the preflight the browser sent (playwright does not surface CORS preflights as page requests)
      const pre = await fetch(`${stack.url}/functions/v1/authenticator-service/get-token`, {
        method: "OPTIONS",
        headers: {
          Origin: page.url,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization,apikey,content-type,x-client-info",
        },
      });
      await pre.body?.cancel();
      const allowed = (pre.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
      for (const h of ["authorization", "apikey", "x-client-info", "content-type", "idempotency-key"]) {
        assert.ok(allowed.includes(h), `preflight allows ${h}: ${allowed}`);
      }
    } finally {
      await b.close();
      await page.close();
      await stack.stop();
    }
  },
});
