// Security pass 6, log injection: every service took the caller's `X-Request-Id` as the request's identity, echoed it
// and wrote it to each log line of the request, whatever it held (spaces, quotes, braces, Latin-1 bytes, another
// request's id with a tail). Now only a plain token (letters, digits, `._:-`, at most 64) is kept; anything else gets
// a fresh id. Over real HTTP, on the widget's service.
import assert from "node:assert/strict";
import { widgetEnv } from "../widget/helpers.ts";
import { requestIdOf } from "../../../shared/http/headers.ts";

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

Deno.test("X-Request-Id: a plain token is kept; any other text is replaced by a fresh id", async () => {
  const e = await widgetEnv();
  try {
    const idOf = async (given: string) => {
      const r = await fetch(`${e.s.url}/widget-service/widget-info`, {
        headers: { ...e.widget.headers, "x-request-id": given },
      });
      await r.body?.cancel();
      assert.equal(r.status, 200);
      return r.headers.get("x-request-id") ?? "";
    };
    assert.equal(await idOf("req-123"), "req-123");
    assert.equal(await idOf("01M87ZEHNF0FNZFQ7ZAYJQG99P"), "01M87ZEHNF0FNZFQ7ZAYJQG99P");
    for (const hostile of ['a" "level":"error', "id with spaces", "{}", "x".repeat(65), "caf\u00e9", "a,b"]) {
      assert.match(await idOf(hostile), ULID, hostile);
    }
  } finally {
    await e.close();
  }
});

Deno.test("requestIdOf: absent or empty gets a fresh id", () => {
  assert.equal(requestIdOf(undefined, () => "fresh"), "fresh");
  assert.equal(requestIdOf("", () => "fresh"), "fresh");
  assert.equal(requestIdOf("a:b.c_d-e", () => "fresh"), "a:b.c_d-e");
});
