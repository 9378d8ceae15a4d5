// Security pass 10: the HTML subset's depth and element limits (60 deep, 30,000 elements) were checked on the parsed
// tree, so the parse itself took the time: htmlparser2's work per tag grows with the open elements, and a partner user's
// 400 KB `<ul><li>` × 50,000 took 6 s, 1.1 MB of nested `<div>`s 22 s, of a document worker (2 by default, shared with
// bill reading) before the 400. The limits are now checked while the HTML is read. Real HTTP (pdf-generator-service).
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/pdf-generator-service/app.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";

Deno.test("deeply nested HTML is refused while it is read, in well under a second, not after seconds of parsing", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const user = await tokensFor(p, { role: "partner_user" });
    const post = async (html: string) => {
      const t0 = performance.now();
      const r = await fetch(`${s.url}/pdf-generator-service/generate-pdf-from-html`, {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json" },
        body: JSON.stringify({ html }),
      });
      return { status: r.status, json: await r.json().catch(() => null), ms: performance.now() - t0 };
    };
    for (
      const [what, html] of [
        ["<ul><li> × 50,000 (400 KB)", "<ul><li>".repeat(50_000) + "x"],
        ["<div> × 100,000, closed (1.1 MB)", "<div>".repeat(100_000) + "x" + "</div>".repeat(100_000)],
        ["<table><tr><td> × 40,000", "<table><tr><td>".repeat(40_000)],
      ]
    ) {
      const r = await post(html);
      console.log(`${what}: ${r.status} in ${r.ms.toFixed(0)} ms`);
      assert.equal(r.status, 400, `${what}: ${JSON.stringify(r.json)}`);
      assert.match(r.json.error.message, /nested more than 60 elements deep/);
      assert.ok(r.ms < 2000, `${what}: ${r.ms.toFixed(0)} ms`);
    }
    // Within the limits, a document still renders.
    const ok = await post("<div>".repeat(30) + "<ul><li>a</li><li>b</li></ul>" + "</div>".repeat(30));
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
  } finally {
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
});
