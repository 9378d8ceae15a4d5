import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { closeOcr } from "../../../shared/documents/ocr.ts";
import { passwordPdf } from "../../support/password_pdf.ts";

const fixture = (name: string) =>
  Deno.readFile(new URL(`../../fixtures/bills/synthetic/${name}`, import.meta.url));

Deno.test("widget upload: two page images are one document; the answer carries the ids and a 12-month summary", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    const form = new FormData();
    // ComEd bill scanned as two JPEG pages: details on page 2, stub on page 2, summary on page 1
    form.append(
      "files",
      new File([await fixture("comed-08-p1.jpg") as BlobPart], "page1.jpg", { type: "image/jpeg" }),
    );
    form.append(
      "files",
      new File([await fixture("comed-08-p2.jpg") as BlobPart], "page2.jpg", { type: "image/jpeg" }),
    );
    const lead = crypto.randomUUID();
    form.append("transactionGroupId", lead);
    form.append("transactionId", "not-a-uuid");
    const r = await fetch(`${s.url}/utility-bill-service/upload`, {
      method: "POST",
      headers: widget.headers,
      body: form,
    });
    const body = await r.json();
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.equal(body.transactionGroupId, lead);
    assert.match(body.transactionId, /^[0-9a-f-]{36}$/);
    assert.equal(body.data.items.length, 1, "several images = one document");
    assert.deepEqual(body.fileStatus.map((f: { filename: string }) => f.filename), [
      "page1.jpg",
      "page2.jpg",
    ]);
    const item = body.data.items[0];
    assert.equal(item.billingInformation.utilityProviderName, "ComEd");
    assert.ok(item.customerInformation.customerName.length > 3);
    assert.equal(body.summary.monthlyUsage.length, 12);
    assert.equal(
      body.summary.annualKwh,
      body.summary.monthlyUsage.reduce((a: number, m: { value: number }) => a + m.value, 0),
    );
    const [row] = await p
      .sql`select mode, status, array_length(object_paths, 1) as n from public.bill_extractions where transaction_id = ${body.transactionId}`;
    assert.deepEqual({ ...row }, { mode: "upload", status: "COMPLETED", n: 2 });

    // partner-only routes stay closed to the widget token
    const denied = await fetch(`${s.url}/utility-bill-service/process-utility-bill`, {
      method: "POST",
      headers: { ...widget.headers, "Content-Type": "application/json" },
      body: "{}",
    });
    assert.equal(denied.status, 403);
    await denied.body?.cancel();
  } finally {
    await closeOcr();
    await s.close();
    await p.close();
  }
});

Deno.test("process-bill and upload: a JSON or urlencoded body is 400 invalid_request (not a generic 415)", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const partner = await tokensFor(p);
    await upsertSubscription(p.sql, partner.orgId);
    for (const route of ["process-bill", "upload"]) {
      for (
        const [type, body] of [["application/json", "{}"], ["application/x-www-form-urlencoded", "files=x"], [
          "text/plain",
          "hello",
        ]]
      ) {
        const r = await fetch(`${s.url}/utility-bill-service/${route}`, {
          method: "POST",
          headers: { ...partner.headers, "Content-Type": type },
          body,
        });
        assert.equal(r.status, 400, `${route} ${type}`);
        const e = await r.json();
        assert.equal(e.error.code, "invalid_request");
        assert.match(e.error.message, /multipart\/form-data/);
      }
    }
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("upload: a malformed JPEG or PNG is 400 invalid_file_type, a PDF locked with a password 400 password_protected (named in the message), and the service keeps serving", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    for (
      const [name, bytes] of [["photo.jpg", [0xff, 0xd8, 0xff, 0xe0, 0x67, 0x61, 0x72]], ["scan.png", [
        0x89,
        0x50,
        0x4e,
        0x47,
        0x0d,
        0x0a,
        0x1a,
        0x0a,
        0x67,
        0x61,
        0x72,
      ]]] as const
    ) {
      const form = new FormData();
      form.append("files", new File([new Uint8Array(bytes)], name));
      const r = await fetch(`${s.url}/utility-bill-service/upload`, {
        method: "POST",
        headers: widget.headers,
        body: form,
      });
      assert.equal(r.status, 400, name);
      assert.equal((await r.json()).error.code, "invalid_file_type");
    }
    const locked = new FormData();
    locked.append("files", new File([passwordPdf()], "locked-bill.pdf"));
    const r = await fetch(`${s.url}/utility-bill-service/upload`, {
      method: "POST",
      headers: widget.headers,
      body: locked,
    });
    assert.equal(r.status, 400);
    const { error } = await r.json();
    assert.equal(error.code, "password_protected", "not 'not a readable PDF'");
    assert.match(error.message, /locked-bill\.pdf is protected by a password/);
    const health = await fetch(`${s.url}/utility-bill-service/health`);
    assert.equal(health.status, 200);
    await health.body?.cancel();
  } finally {
    await closeOcr();
    await s.close();
    await p.close();
  }
});
