// The PDF preflight checks an image's size before any decoder sees it, from the image dictionary's /Width and
// /Height. A size given as an indirect reference (`/Width 6 0 R`) was read as the object number (6), and a JPEG
// (DCTDecode) is decoded at the size of its own header whatever the dictionary says: a 700-byte PDF holding a
// 60000×60000 JPEG went to the worker's decoder, stopped only by its memory watchdog (400 after 2.5 s of a document
// worker; docs/security.md "Fourth pass"). Over real HTTP, on the public widget's bill upload: 422
// document_too_complex naming the image's size, before decoding.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";

const enc = new TextEncoder();
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** A one-page PDF drawing one image XObject (`dict` without /Length, `data` its stream), `extra` objects appended. */
function pdfWithImage(dict: string, data: Uint8Array, extra: string[] = []): Uint8Array {
  const content = "q 612 0 0 792 0 0 cm /Im0 Do Q";
  const objects: (string | Uint8Array)[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    new Uint8Array([
      ...latin1(`<< ${dict} /Length ${data.length} >>\nstream\n`),
      ...data,
      ...latin1("\nendstream"),
    ]),
    ...extra,
  ];
  const parts: Uint8Array[] = [latin1("%PDF-1.7\n")];
  let size = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(size);
    const body = typeof o === "string" ? enc.encode(o) : o;
    const bytes = new Uint8Array([...latin1(`${i + 1} 0 obj\n`), ...body, ...latin1("\nendobj\n")]);
    parts.push(bytes);
    size += bytes.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")
  }trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  parts.push(latin1(xref));
  return new Uint8Array(parts.flatMap((p) => [...p]));
}

/** A JPEG of nothing but a header declaring `w`×`h` (SOI, SOF0 with three components, EOI). */
const jpegHeader = (w: number, h: number) =>
  new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0,
    17,
    8,
    h >> 8,
    h & 255,
    w >> 8,
    w & 255,
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    0,
    3,
    0x11,
    0,
    0xff,
    0xd9,
  ]);

Deno.test("PDF images: sizes by indirect reference and a JPEG's own header are checked before decoding (422)", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    await upsertSubscription(p.sql, widget.orgId);
    const upload = async (pdf: Uint8Array) => {
      const form = new FormData();
      form.append("files", new File([pdf as BlobPart], "bill.pdf", { type: "application/pdf" }));
      form.append("transactionId", crypto.randomUUID());
      form.append("transactionGroupId", crypto.randomUUID());
      const r = await fetch(`${s.url}/utility-bill-service/upload`, {
        method: "POST",
        headers: widget.headers,
        body: form,
      });
      return { status: r.status, body: await r.json() };
    };
    const rgb = "/Type /XObject /Subtype /Image /ColorSpace /DeviceRGB /BitsPerComponent 8";
    const cases: [string, Uint8Array, RegExp][] = [
      [
        "sizes by reference, a JPEG saying 60000×60000",
        pdfWithImage(`${rgb} /Width 6 0 R /Height 6 0 R /Filter /DCTDecode`, jpegHeader(60000, 60000), [
          "60000",
        ]),
        /60000×60000/,
      ],
      [
        "100×100 in the dictionary, a JPEG saying 60000×60000",
        pdfWithImage(`${rgb} /Width 100 /Height 100 /Filter /DCTDecode`, jpegHeader(60000, 60000)),
        /60000×60000/,
      ],
      [
        "a run-length image of 100000×100000 by reference",
        pdfWithImage(
          "/Type /XObject /Subtype /Image /ColorSpace /DeviceGray /BitsPerComponent 8 /Width 6 0 R /Height 7 0 R /Filter /RunLengthDecode",
          new Uint8Array([0x81, 0, 0x80]),
          ["100000", "100000"],
        ),
        /100000×100000/,
      ],
    ];
    for (const [what, pdf, size] of cases) {
      const r = await upload(pdf);
      assert.deepEqual(
        [r.status, r.body.error?.code],
        [422, "document_too_complex"],
        `${what}: ${JSON.stringify(r.body)}`,
      );
      assert.match(r.body.error.message, size, what);
    }
  } finally {
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
});
