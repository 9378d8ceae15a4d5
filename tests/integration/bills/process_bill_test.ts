import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { closeOcr } from "../../../shared/documents/ocr.ts";

const fixture = (name: string) => Deno.readFile(new URL(`../../fixtures/bills/${name}`, import.meta.url));

function form(files: { name: string; bytes: Uint8Array; type?: string }[], fields: Record<string, string>) {
  const f = new FormData();
  for (const file of files) {
    f.append(
      "files",
      new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/pdf" }),
    );
  }
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

Deno.test("process-bill: subscription, magic bytes, extraction envelope, stored row and object", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user" });
    const url = `${s.url}/utility-bill-service/process-bill`;
    const bill = await fixture("real/bge_Powercon_Example_1.pdf");
    const ids = { transactionId: crypto.randomUUID(), transactionGroupId: crypto.randomUUID() };

    // no subscription yet: 400 before any work
    let r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "bill.pdf", bytes: bill }], ids),
    });
    assert.equal(r.status, 400);
    assert.equal((await r.json()).error.code, "subscription_inactive");
    await upsertSubscription(p.sql, id.orgId, { startsOn: "2020-01-01", endsOn: "2021-01-01" });
    r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "bill.pdf", bytes: bill }], ids),
    });
    assert.equal(r.status, 400);
    assert.match((await r.json()).error.message, /ended on 2021-01-01/);
    await upsertSubscription(p.sql, id.orgId, {});

    // a text file named .pdf is refused by its bytes
    r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "bill.pdf", bytes: new TextEncoder().encode("hello, not a pdf") }], ids),
    });
    assert.equal(r.status, 400);
    assert.equal((await r.json()).error.code, "invalid_file_type");

    // right magic bytes, broken image: still bad input (400), never a 500
    const png = await Deno.readFile(new URL("../../fixtures/bills/synthetic/aps-04.png", import.meta.url));
    r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "scan.png", bytes: png.slice(0, 3000), type: "image/png" }], {
        ...ids,
        transactionId: crypto.randomUUID(),
      }),
    });
    assert.equal(r.status, 400);
    assert.equal((await r.json()).error.code, "invalid_file_type");

    r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "bill.pdf", bytes: bill }], { ...ids, transactionId: "nope" }),
    });
    assert.equal(r.status, 400);
    assert.match((await r.json()).error.message, /transactionId/);

    r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "bill.pdf", bytes: bill }], ids),
    });
    const body = await r.json();
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.equal(body.transactionId, ids.transactionId);
    assert.equal(body.apiVersion, "1.0");
    assert.deepEqual(body.fileStatus, [{ filename: "bill.pdf", status: "success" }]);
    const item = body.data.items[0];
    assert.equal(item.customerInformation.customerName, "Powercon Corp");
    assert.equal(item.customerInformation.accountNumber, "5291961000");
    assert.equal(item.billingInformation.amountDue, "1228.94");
    assert.equal(item.electricityUsage.supplyRatePerKwh, "0.056435");
    assert.equal(item.electricityUsage.usageByMonth.length, 12);
    // read from the bar labels of the bill's usage chart: the 12 most recent of 13, none estimated
    assert.deepEqual(item.electricityUsage.usageByMonth[0], {
      month: "August",
      year: 2020,
      value: 6294,
      unit: "kWh",
    });
    assert.deepEqual(item.electricityUsage.usageByMonth.at(-1), {
      month: "July",
      year: 2021,
      value: 9467,
      unit: "kWh",
    });
    assert.ok(
      item.electricityUsage.usageByMonth.every((m: { estimated?: boolean }) => m.estimated === undefined),
    );
    // the reader's per-field confidence travels with the item (optional, additive)
    assert.ok(
      item.confidence.customerName >= 0.5 && item.confidence.customerName <= 1,
      JSON.stringify(item.confidence),
    );
    assert.ok(item.confidence.amountDue >= 0.5 && item.confidence.usageByMonth >= 0.5);

    const [row] = await p
      .sql`select * from public.bill_extractions where transaction_id = ${ids.transactionId}`;
    assert.equal(row.status, "COMPLETED");
    assert.equal(row.external_id, id.email);
    assert.equal(row.model, "embedded-parser-1");
    assert.equal(row.attempts.length, 1, "12 months read on the first attempt: no retry");
    const [bucket, ...rest] = row.object_paths[0].split("/");
    const stored = await objectStore(p).get(bucket, rest.join("/"));
    assert.equal(stored?.bytes.length, bill.length);

    // the same transactionId again is a conflict, not a second extraction
    r = await fetch(url, {
      method: "POST",
      headers: id.headers,
      body: form([{ name: "bill.pdf", bytes: bill }], ids),
    });
    assert.equal(r.status, 409);
    await r.body?.cancel();
  } finally {
    await closeOcr();
    await s.close();
    await p.close();
  }
});
