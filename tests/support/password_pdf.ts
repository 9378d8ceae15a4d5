// Test input: a bill PDF locked with a password (tests/integration/bills, tests/e2e/widget).
import { pdfOf } from "./pdf_objects.ts";

/** A one-page PDF that opens only with a password (Standard security handler, a user password that is not ""). */
export function passwordPdf(): Uint8Array<ArrayBuffer> {
  const hex = (n: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, "0")).join("");
  const stream = "BT /F1 12 Tf 72 700 Td (Electric bill) Tj ET";
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -4 >>`,
  ];
  const id = hex(16);
  return pdfOf(objs, { version: "1.4", trailerExtra: `/Encrypt 5 0 R /ID [<${id}><${id}>]` });
}
