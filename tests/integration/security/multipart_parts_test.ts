// The bill upload takes the public widget token and bodies up to 26 MB. A body of that size made of hundreds of
// thousands of empty form fields was parsed whole before any check: 17.5 MB of 300,000 fields held the event loop
// for 4 s (every other request of the process, /health included, waited; docs/security.md "Fourth pass"). Over real
// HTTP: such a body is 400 too_many_parts before it is parsed, and an upload of ten files still reaches the handler.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";

Deno.test("multipart: more parts than MAX_MULTIPART_PARTS is 400 too_many_parts; ten files still pass", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    const fields = Array.from({ length: 100_000 }, (_, i) =>
      `--XX\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n\r\n`).join("") + "--XX--\r\n";
    for (const type of ["multipart/form-data; boundary=XX", 'multipart/form-data; boundary="XX"']) {
      const started = performance.now();
      const r = await fetch(`${s.url}/utility-bill-service/upload`, {
        method: "POST",
        headers: { ...widget.headers, "content-type": type },
        body: fields,
      });
      const body = await r.json();
      assert.deepEqual([r.status, body.error?.code], [400, "too_many_parts"], JSON.stringify(body));
      assert.match(body.error.message, /at most 64 parts/);
      assert.ok(performance.now() - started < 5_000);
    }
    // Ten files and the two ids (12 parts) are parsed and reach the reader, which refuses what is not a bill.
    const form = new FormData();
    for (let i = 0; i < 10; i++) {
      form.append("files", new File([`not a bill ${i}`], `page-${i}.pdf`));
    }
    form.append("transactionId", crypto.randomUUID());
    form.append("transactionGroupId", crypto.randomUUID());
    const r = await fetch(`${s.url}/utility-bill-service/upload`, {
      method: "POST",
      headers: widget.headers,
      body: form,
    });
    const body = await r.json();
    assert.deepEqual([r.status, body.error?.code], [400, "invalid_file_type"], JSON.stringify(body));
  } finally {
    await s.close();
    await p.close();
  }
});
