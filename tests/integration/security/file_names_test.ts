// A homeowner names the bill they upload; the partner downloads it from the console with that name. A name beyond
// Latin-1 ("請求書.pdf", any emoji) made the download's Content-Disposition header invalid and the answer a 500
// (docs/security.md "Found and fixed"). Over real HTTP: the file comes back with an ASCII fallback name and the
// full name in filename*, and a stored content type that is not a header value is served without its parameters.
import assert from "node:assert/strict";
import { partnerEnv, SF } from "../partner/helpers.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { BILL_BUCKET } from "../../../shared/bills/service.ts";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp as emailAgentApp } from "../../../supabase/functions/email-agent/app.ts";

Deno.test("bill download: a file name beyond Latin-1 is served (filename*), never a 500", async () => {
  const env = await partnerEnv();
  try {
    const lead = await env.lead("Ann", SF);
    const tid = crypto.randomUUID();
    const names = ["請求書 2026年10月.pdf", 'bill"\r\nX-Evil: 1 😀.png'];
    const types = ["application/pdf", 'image/png; name="請求書"'];
    const paths: string[] = [];
    for (const i of names.keys()) {
      const path = `${env.admin.orgId}/${tid}/${i + 1}-file`;
      await objectStore(env.p).put(BILL_BUCKET, path, new TextEncoder().encode(`file ${i}`), types[i]);
      paths.push(`${BILL_BUCKET}/${path}`);
    }
    await env.p.sql`insert into public.bill_extractions
      (organization_id, transaction_id, transaction_group_id, mode, object_paths, filenames)
      values (${env.admin.orgId}, ${tid}, ${tid}, 'upload', ${paths}, ${names})`;
    await env.p.sql`update public.leads set bill_reading = ${
      env.p.sql.json({ transactionId: tid })
    } where id = ${lead}`;
    for (const [i, name] of names.entries()) {
      const r = await env.call(env.admin, "GET", `/partner-service/leads/${lead}/bill/${i}`);
      assert.equal(r.status, 200, `${name}: ${r.status} ${r.text.slice(0, 200)}`);
      assert.equal(r.text, `file ${i}`);
      const cd = r.headers.get("content-disposition") ?? "";
      assert.ok(!/[\r\n]/.test(cd) && r.headers.get("x-evil") === null, cd);
      const star = cd.match(/filename\*=UTF-8''(.*)$/)?.[1];
      assert.equal(decodeURIComponent(star ?? ""), name.replace(/[\r\n]/g, ""), cd);
      assert.equal(r.headers.get("content-security-policy"), "sandbox");
    }
    // A type with a parameter that is not a header value: served without its parameters (pass 9: the type's essence).
    const r = await env.call(env.admin, "GET", `/partner-service/leads/${lead}/bill/1`);
    assert.equal(r.headers.get("content-type"), "image/png");
  } finally {
    await env.close();
  }
});

// Security pass 7: a right-to-left override (or another invisible character) in the name of a homeowner's bill made
// "invoice\u202Efdp.exe" read "invoiceexe.pdf" in the console's list and in the saved download's name. The lead's
// file list and the download's Content-Disposition now carry the name without them.
Deno.test("bill files: bidi overrides and invisible characters are not in the names staff see or save", async () => {
  const env = await partnerEnv();
  try {
    const lead = await env.lead("Ann", SF);
    const tid = crypto.randomUUID();
    const name = "invoice\u202Efdp.exe\u200B\u2066";
    const path = `${env.admin.orgId}/${tid}/1-file`;
    await objectStore(env.p).put(BILL_BUCKET, path, new TextEncoder().encode("file"), "application/pdf");
    await env.p.sql`insert into public.bill_extractions
      (organization_id, transaction_id, transaction_group_id, mode, object_paths, filenames)
      values (${env.admin.orgId}, ${tid}, ${tid}, 'upload', ${[`${BILL_BUCKET}/${path}`]}, ${[name]})`;
    await env.p.sql`update public.leads set bill_reading = ${
      env.p.sql.json({ transactionId: tid })
    } where id = ${lead}`;
    const detail = await env.call(env.admin, "GET", `/partner-service/leads/${lead}`);
    assert.equal(detail.status, 200, detail.text.slice(0, 200));
    assert.deepEqual(JSON.parse(detail.text).data.bill_files.map((f: { name: string }) => f.name), [
      "invoicefdp.exe",
    ]);
    const r = await env.call(env.admin, "GET", `/partner-service/leads/${lead}/bill/0`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("content-disposition"), 'inline; filename="invoicefdp.exe"');
  } finally {
    await env.close();
  }
});

Deno.test("inbox attachments: the tracked messages list names without bidi overrides or controls", async () => {
  const p = await testPlatform();
  const s = serveApp(emailAgentApp(p).fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    await p.sql`insert into public.email_messages (organization_id, message_id, inbox, category, attachments)
      values (${admin.orgId}, '<rlo@example.test>', 'embedded', 'utility_bill', ${
      p.sql.json([{ filename: "bill\u202Efdp.exe\r\n", contentType: "application/pdf", size: 4, bill: true }])
    })`;
    const r = await fetch(`${s.url}/email-agent/track-billing-email-messages`, {
      method: "POST",
      headers: { ...admin.headers, "content-type": "application/json" },
      body: "{}",
    });
    const body = await r.json();
    assert.equal(r.status, 200, JSON.stringify(body));
    assert.deepEqual(body.messages.map((m: any) => m.attachments[0].filename), ["billfdp.exe"]);
  } finally {
    await s.close();
    await p.close();
  }
});

// Security pass 9: a stored file's type is the uploader's word (an inbox attachment's declared type, a row a partner's
// user wrote on the Data API). Served as `text/html` or `image/svg+xml`, the `sandbox` policy kept it from running as
// the API's origin, but the console fetches files and opens them as `blob:` URLs of its own origin, where that header
// no longer applies. Only PDFs and raster images are served as themselves; anything else is a download.
Deno.test("lead files: only PDFs and raster images are served as their type, anything else as octet-stream", async () => {
  const env = await partnerEnv();
  try {
    const lead = await env.lead("Ann", SF);
    const tid = crypto.randomUUID();
    const types = [
      "text/html",
      "image/svg+xml",
      "text/xml",
      "application/xhtml+xml",
      "TEXT/HTML; charset=utf-8",
      "application/pdf",
      "Image/PNG; x=1",
    ];
    const paths: string[] = [];
    for (const [i, type] of types.entries()) {
      const path = `${env.admin.orgId}/${tid}/${i + 1}-file`;
      const body = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>`;
      await objectStore(env.p).put(BILL_BUCKET, path, new TextEncoder().encode(body), type);
      paths.push(`${BILL_BUCKET}/${path}`);
    }
    await env.p.sql`insert into public.bill_extractions
      (organization_id, transaction_id, transaction_group_id, mode, object_paths, filenames)
      values (${env.admin.orgId}, ${tid}, ${tid}, 'upload', ${paths}, ${types.map((_, i) => `f${i}.pdf`)})`;
    await env.p.sql`update public.leads set bill_reading = ${
      env.p.sql.json({ transactionId: tid })
    } where id = ${lead}`;
    const served = [];
    for (const i of types.keys()) {
      const r = await env.call(env.admin, "GET", `/partner-service/leads/${lead}/bill/${i}`);
      assert.equal(r.status, 200);
      served.push(r.headers.get("content-type"));
    }
    assert.deepEqual(served, [
      "application/octet-stream",
      "application/octet-stream",
      "application/octet-stream",
      "application/octet-stream",
      "application/octet-stream",
      "application/pdf",
      "image/png",
    ]);
  } finally {
    await env.close();
  }
});
