// The bill reader's parser runs in the service's process on the text layer a stranger's PDF chose (the public
// widget's upload). Before the fifth pass (docs/security.md "Pass 5"): a 330 KB page of 8,000 one-word lines held
// the event loop for 8 s (every word searched every line above it), and a page 2·10⁹ units wide with a few words
// far apart held it for 23 s per few lines (the page-column search stepped every 2 units across it; at 10¹⁸ it
// never ended). Over real HTTP: the first is 422 document_too_complex, the second is read, and `/health` of the
// same process answers meanwhile.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";
import { BILL_WORDS as billWords, textPdf } from "../../support/limit_bill.ts";

Deno.test("bill upload: hostile text layers cost bounded time, and the process keeps answering", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    const upload = async (what: string, pdf: Uint8Array) => {
      const form = new FormData();
      form.append("files", new File([pdf as BlobPart], "bill.pdf", { type: "application/pdf" }));
      const started = performance.now();
      // /health of the same process every 100 ms while the upload runs: the longest time between two answers (a
      // blocked event loop delays the timer as well as the answer)
      let done = false, slowest = 0, last = performance.now();
      const probe = (async () => {
        while (!done) {
          await (await fetch(`${s.url}/utility-bill-service/health`)).body?.cancel();
          slowest = Math.max(slowest, performance.now() - last);
          last = performance.now();
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const r = await fetch(`${s.url}/utility-bill-service/upload`, {
        method: "POST",
        headers: widget.headers,
        body: form,
      });
      const body = await r.json();
      done = true;
      slowest = Math.max(slowest, performance.now() - last);
      await probe;
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${what}: ${r.status} in ${seconds.toFixed(1)} s, /health at most ${slowest.toFixed(0)} ms apart`,
      );
      return { status: r.status, body, seconds, slowestHealthMs: slowest };
    };

    // 8,000 one-word lines on one page (a page 40,000 points tall): 422 before the parser
    const lines = Array.from({ length: 8000 }, (_, i): [number, number, string] => [
      20,
      5 + i * 5,
      ["Jan 123", "kWh 45", "$4.50", "Amount Due", "01/02/24"][i % 5],
    ]);
    const tall = await upload(
      "8,000 lines",
      textPdf(
        [...billWords.map((t, i): [number, number, string] => [20, 40_050 + i * 10, t]), ...lines],
        612,
        40_100,
      ),
    );
    assert.ok(tall.slowestHealthMs < 5000, `/health waited ${tall.slowestHealthMs.toFixed(0)} ms`);
    assert.deepEqual(
      [tall.status, tall.body.error?.code],
      [422, "document_too_complex"],
      JSON.stringify(tall),
    );
    assert.match(tall.body.error.message, /8004 lines of text; a bill has at most 2000/);

    // twelve lines, every other word 10⁹ points to the right on a page 2·10⁹ wide: read (whatever it finds)
    const wide = await upload(
      "a page 2·10⁹ wide",
      textPdf(
        Array.from(
          { length: 12 },
          (_, i): [number, number, string] => [i % 2 ? 1e9 : 20, 700 - i * 10, billWords[i % 4]],
        ),
        2e9,
        792,
      ),
    );
    assert.ok(wide.status < 500, JSON.stringify(wide));
    assert.ok(wide.seconds < 15, `the wide page took ${wide.seconds.toFixed(1)} s`);
    assert.ok(wide.slowestHealthMs < 5000, `/health waited ${wide.slowestHealthMs.toFixed(0)} ms`);
  } finally {
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
});
