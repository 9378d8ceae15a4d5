// The bill reader's parse runs in a document worker (shared/bills/bill_parser.ts), not on the service's event loop:
// at the text bounds a parse takes seconds of CPU (docs/security.md "Pass 6"), during which /health and every other
// request of the service waited. Over real HTTP: /health answers while a limit-sized bill is being parsed; a
// runaway parse is killed at BILL_PARSE_TIMEOUT_SECONDS and answered 422 with the bill stored and its extraction
// FAILED; a full engine answers 503 busy with Retry-After.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { billRowWords, limitBillPdf } from "../../support/limit_bill.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { billTextParser } from "../../../shared/bills/bill_parser.ts";
import { makeBillModel } from "../../../shared/bills/models.ts";
import { override } from "../../../shared/platform.ts";
import { boundedBillText } from "../../../shared/bills/text_bounds.ts";
import { documentText } from "../../../shared/documents/document_text.ts";
import { closeDocumentEngine, documentEngine } from "../../../shared/documents/engine/index.ts";
import type { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { objectStore } from "../../../shared/storage/index.ts";

async function withService(
  env: Record<string, string>,
  run: (
    s: {
      url: string;
      widget: Awaited<ReturnType<typeof tokensFor>>;
      p: Awaited<ReturnType<typeof testPlatform>>;
    },
  ) => Promise<void>,
) {
  await closeDocumentEngine();
  const p = await testPlatform(env);
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    await run({ url: s.url, widget, p });
  } finally {
    for (const k of Object.keys(env)) Deno.env.delete(k);
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
}

const upload = (url: string, headers: HeadersInit, pdf: Uint8Array<ArrayBuffer>, transactionId?: string) => {
  const form = new FormData();
  form.append("files", new File([pdf], "bill.pdf", { type: "application/pdf" }));
  if (transactionId) form.append("transactionId", transactionId);
  return fetch(`${url}/utility-bill-service/upload`, { method: "POST", headers, body: form });
};

const limitText = async (pdf: Uint8Array) =>
  boundedBillText(await documentText([{ filename: "bill.pdf", bytes: pdf }]));

Deno.test("bill parse: /health of the service answers while a limit-sized bill is being parsed", async () => {
  await withService({}, async ({ url, widget }) => {
    const text = await limitText(limitBillPdf());
    assert.ok(text.pages[0].lines.length > 1800 && text.text.length > 89_000, "not a limit-sized bill");
    // the service's own parser, as its upload route calls it
    let parsed = false;
    const parsing = billTextParser()(text, {}).finally(() => parsed = true);
    // five /health round trips one after the other, each started only once the one before answered: on an
    // event loop held by the parse, none could complete before the parse did
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await fetch(`${url}/utility-bill-service/health`);
      await r.body?.cancel();
      answers.push(r.status);
    }
    const healthFirst = !parsed;
    const answer = await parsing;
    assert.deepEqual(answers, [200, 200, 200, 200, 200]);
    assert.ok(healthFirst, "/health completed only after the parse: the parse held the event loop");
    assert.equal(answer.isElectricityBill, true);

    // and end to end: the limit-sized bill over the widget's upload route is read
    const r = await upload(url, widget.headers, limitBillPdf());
    const body = await r.json();
    assert.equal(r.status, 200, JSON.stringify(body).slice(0, 300));
  });
});

Deno.test("bill parse: a runaway parse is killed at its deadline: 422, the bill stays stored, its extraction FAILED", async () => {
  await withService({ BILL_PARSE_TIMEOUT_SECONDS: "0.05" }, async ({ url, widget, p }) => {
    // 1,800 lines of history and meter rows: 27 s of the reader's CPU before its parse was made linear, about a
    // second at load 15 since (docs/documents.md "The bill reader's parse"): a deadline of 50 ms is past
    const transactionId = crypto.randomUUID();
    const r = await upload(url, widget.headers, limitBillPdf(1800, billRowWords), transactionId);
    const body = await r.json();
    assert.deepEqual(
      [r.status, body.error?.code],
      [422, "document_too_complex"],
      JSON.stringify(body).slice(0, 300),
    );
    assert.match(body.error.message, /longer than 0\.05 s/);
    assert.doesNotMatch(JSON.stringify(body), /\bat \S+\.ts:\d+/, "a stack trace in the body");
    const pool = documentEngine().transport as SubprocessPool;
    assert.ok(pool.stats.killed >= 1, "no worker was killed");

    // nothing lost: the upload is in the store, its extraction FAILED with the reason
    const status = await fetch(`${url}/utility-bill-service/poll-utility-bill-status`, {
      method: "POST",
      headers: { ...widget.headers, "content-type": "application/json" },
      body: JSON.stringify({ transactionId }),
    });
    const polled = await status.json();
    assert.equal(polled.status, "FAILED", JSON.stringify(polled));
    const [row] = await p.sql<{ error_code: string; object_paths: string[] }[]>`
      select error_code, object_paths from public.bill_extractions where transaction_id = ${transactionId}`;
    assert.equal(row.error_code, "document_too_complex");
    const [bucket, ...path] = row.object_paths[0].split("/");
    assert.ok(await objectStore(p).get(bucket, path.join("/")), "the upload is not in the store");

    // the next bill gets a new worker and is read (the deadline is a platform setting, read once: a platform made
    // with the default deadline)
    Deno.env.delete("BILL_PARSE_TIMEOUT_SECONDS");
    override(p, "billModel", makeBillModel("embedded", Deno.env, billTextParser()));
    const next = await upload(url, widget.headers, limitBillPdf(40));
    assert.equal(next.status, 200, await next.text());
  });
});

Deno.test("bill parse: with every document worker busy and no waiting room, a bill upload is 503 busy with Retry-After", async () => {
  await withService({ DOCUMENT_WORKERS: "1", DOCUMENT_QUEUE_MAX: "0" }, async ({ url, widget }) => {
    const text = await limitText(limitBillPdf());
    const parsing = billTextParser()(text, {});
    const r = await upload(url, widget.headers, limitBillPdf(40));
    const body = await r.json();
    assert.deepEqual([r.status, body.error?.code], [503, "busy"], JSON.stringify(body).slice(0, 300));
    assert.ok(Number(r.headers.get("retry-after")) >= 1, `Retry-After: ${r.headers.get("retry-after")}`);
    assert.equal((await parsing).isElectricityBill, true);
    // the line is free again: the same upload is read
    const again = await upload(url, widget.headers, limitBillPdf(40));
    assert.equal(again.status, 200, await again.text());
  });
});
