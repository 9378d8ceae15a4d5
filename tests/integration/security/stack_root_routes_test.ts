// Security pass 10: the stack's own routes (the API docs' assets, the dev mailbox) are not services, so the hostile
// input sweep (hostile_input_sweep_test.ts) never called them. `GET /docs/assets/toString` (any key of
// Object.prototype: `in` sees it), a NUL in an email id or a recipient filter, an attachment position past PostgreSQL's
// integer: each a 500 in Hono's bare "Internal Server Error" text, unlogged. Real HTTP on 127.0.0.1.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { extension as notifications } from "../../../shared/stack/extensions/notifications.ts";

Deno.test("the stack's own routes answer hostile paths and queries with a JSON 4xx, never a 500", async () => {
  const p = await testPlatform();
  const stack = serveApp(createStackHandler(p, [notifications], "development"));
  try {
    const cases: [string, number, string][] = [
      ["/docs/assets/toString", 404, "not_found"],
      ["/docs/assets/constructor", 404, "not_found"],
      ["/docs/assets/__proto__", 404, "not_found"],
      ["/docs/assets/hasOwnProperty", 404, "not_found"],
      ["/dev/mailbox/%00", 400, "invalid_value"],
      ["/dev/mailbox/x/attachments/99999999999999999999", 404, "not_found"],
      ["/dev/mailbox/x/attachments/2147483648", 404, "not_found"],
      ["/dev/mailbox?to=%00", 400, "invalid_value"],
      ["/dev/mailbox.json?to=%00", 400, "invalid_value"],
      ["/dev/mailbox.json?to=a%00b&limit=1e400", 400, "invalid_value"],
    ];
    for (const [path, status, code] of cases) {
      const r = await fetch(`${stack.url}${path}`);
      const text = await r.text();
      assert.equal(r.status, status, `${path}: ${text}`);
      assert.match(r.headers.get("content-type") ?? "", /^application\/json/, path);
      assert.equal(JSON.parse(text).error.code, code, path);
      assert.doesNotMatch(text, /at \w+ \(|file:\/\/|select |postgres/i, path);
    }
    // The real assets still load.
    const css = await fetch(`${stack.url}/docs/assets/swagger-ui.css`);
    assert.equal(css.status, 200);
    await css.body?.cancel();
  } finally {
    await stack.close();
    await p.close();
  }
});
