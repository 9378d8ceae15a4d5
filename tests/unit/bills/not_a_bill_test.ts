import assert from "node:assert/strict";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { billDocument } from "../../../shared/bills/document.ts";
import { extractBill } from "../../../shared/bills/extract.ts";
import { loadBillLimits } from "../../../shared/bills/limits.ts";
import { EmbeddedBillModel } from "../../../shared/bills/embedded_model.ts";
import { DomainError } from "../../../shared/errors.ts";
import { statusOf } from "../../../shared/http/errors.ts";

async function pdfWith(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((l, i) => page.drawText(l, { x: 40, y: 740 - i * 14, size: 10, font }));
  return await doc.save();
}

Deno.test("a PDF that is not an electricity bill (a gas bill, a letter) is 400 invalid_file_type", async () => {
  const gas = await pdfWith([
    "Pacific Gas and Electric Company",
    "Gas Service Statement",
    "Account Number: 1234567890",
    "Statement Date: 03/05/2024",
    "Gas usage 42 therms",
    "Total Amount Due $61.20",
    "JANE DOE",
    "12 Main St",
    "Fresno, CA 93710",
  ]);
  const letter = await pdfWith([
    "Dear neighbour,",
    "Our spring newsletter is here. Electric vehicles are welcome at the community garage.",
  ]);
  for (const bytes of [gas, letter]) {
    const doc = await billDocument([{ filename: "doc.pdf", bytes }], loadBillLimits());
    await assert.rejects(
      extractBill(new EmbeddedBillModel(), doc),
      (e: unknown) =>
        e instanceof DomainError && e.code === "invalid_file_type" &&
        /not an electricity bill/.test(e.message),
    );
  }
});

Deno.test("limits: too many files and too many pages are 413, checked before any reading", async () => {
  const one = await pdfWith(["kWh"]);
  const limits = { ...loadBillLimits(), maxFiles: 2, maxPages: 2 };
  await assert.rejects(
    billDocument([1, 2, 3].map((i) => ({ filename: `${i}.pdf`, bytes: one })), limits),
    (e: unknown) => e instanceof DomainError && statusOf(e) === 413,
  );
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage();
  await assert.rejects(
    billDocument([{ filename: "long.pdf", bytes: await doc.save() }], limits),
    /At most 2 pages/,
  );
  await assert.rejects(
    billDocument([{ filename: "big.pdf", bytes: one }], { ...limits, maxFileBytes: 10 }),
    /larger than 10 bytes/,
  );
});
