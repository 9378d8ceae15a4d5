// Fifth pass (docs/security.md "Pass 5"): the public widget token's document routes (the bill upload: OCR of up to
// ten pages and, in production, a paid model call; the PDF renderers) were limited only by the widget bucket, 600 a
// minute per address: one address kept the document engine (two workers by default) busy for every partner. They
// have a bucket of their own, `documents` (RATE_LIMIT_DOCUMENTS_PER_IP, 20 a minute; per partner 600). The PDF
// renderers were taken from the widget token in pass 6 (403), so only the uploads count there now.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { override } from "../../../shared/platform.ts";
import { bucketsFor, rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";

// the default figures, in a day-long window so the burst never straddles two windows
const defaults = { ...rateLimitPolicyFromEnv(), windowSeconds: 86400 };

Deno.test("bill uploads with the public widget token from one address stop at the documents bucket (429)", async () => {
  const p = await testPlatform();
  override(p, "rateLimitPolicy", defaults);
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    const upload = async (headers: Record<string, string>) => {
      const form = new FormData();
      // not a bill (400 invalid_file_type): the limit runs before the body is read, so it counts all the same
      form.append("files", new File(["not a pdf"], "bill.pdf", { type: "application/pdf" }));
      const r = await fetch(`${s.url}/utility-bill-service/upload`, { method: "POST", headers, body: form });
      const body = await r.json();
      return r.status === 429 ? `429 ${body.error.code}` : String(r.status);
    };
    const n = defaults.documentsPerIp.max + 5;
    const answers: string[] = [];
    for (let i = 0; i < n; i++) answers.push(await upload(widget.headers));
    const counts: Record<string, number> = {};
    for (const a of answers) counts[a] = (counts[a] ?? 0) + 1;
    console.log(`${n} widget bill uploads from one address: ${JSON.stringify(counts)}`);
    assert.deepEqual(counts, { "400": defaults.documentsPerIp.max, "429 rate_limited": 5 });
    // a partner's staff is not counted in the widget's buckets
    const admin = await tokensFor(p, { role: "partner_admin", orgId: widget.orgId });
    assert.equal(await upload(admin.headers), "400");
  } finally {
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
  // the widget's property document upload counts in the same bucket; reading an extraction's status does not (the
  // PDF renderers are the staff's since pass 6: 403 to a widget token, tests/integration/security/widget_token_scope_test.ts)
  const facts = { ip: "203.0.113.9", role: "widget", orgId: "o", method: "POST" };
  for (
    const [service, path] of [
      ["utility-bill-service", "/upload"],
      ["widget-service", "/property/4b7e1c1e-8d1a-4a55-9a57-0c1d2e3f4a5b/upload"],
    ]
  ) {
    const keys = bucketsFor(defaults, { ...facts, service, path }).map((b) => b.key);
    assert.ok(
      keys.includes("documents:ip:203.0.113.9") && keys.includes("documents:org:o"),
      `${path}: ${keys}`,
    );
  }
  assert.ok(
    !bucketsFor(defaults, { ...facts, service: "utility-bill-service", path: "/poll-utility-bill-status" })
      .some((b) => b.key.startsWith("documents:")),
  );
});
