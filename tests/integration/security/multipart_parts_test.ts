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
import { createApp as createWidgetApp } from "../../../supabase/functions/widget-service/app.ts";

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

// Security pass 7: the counter read the boundary with a regex, the parser as the MIME standard says, so a boundary
// with an escaped quote, a space, or a `boundary=` hidden in another parameter's quoted value was counted under another
// boundary (no parts) while the parser took every part: the limit did not apply on the routes that parse the form
// themselves (the widget's property upload, public token).
Deno.test("multipart: the part count uses the parser's boundary (escaped, spaced, hidden in another parameter)", async () => {
  const p = await testPlatform();
  const s = serveApp(createWidgetApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    const prop = await fetch(`${s.url}/widget-service/property`, {
      method: "POST",
      headers: { ...widget.headers, "content-type": "application/json" },
      body: JSON.stringify({
        address: { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" },
      }),
    }).then((r) => r.json());
    const upload = `${s.url}/widget-service/property/${prop.data.property_uuid}/upload`;
    for (
      const [type, boundary] of [
        ['multipart/form-data; boundary="X\\"X"', 'X"X'],
        ["multipart/form-data; boundary=X X", "X X"],
        ['multipart/form-data; note="a;boundary=Q"; boundary=XX', "XX"],
      ]
    ) {
      const fields = Array.from({ length: 20_000 }, (_, i) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n\r\n`).join("") +
        `--${boundary}--\r\n`;
      const r = await fetch(upload, {
        method: "POST",
        headers: { ...widget.headers, "content-type": type },
        body: fields,
      });
      const body = await r.json();
      assert.deepEqual(
        [r.status, body.error?.code],
        [400, "too_many_parts"],
        `${type}: ${JSON.stringify(body)}`,
      );
    }
  } finally {
    await s.close();
    await p.close();
  }
});
