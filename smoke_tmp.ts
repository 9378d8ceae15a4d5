import { limitBillPdf } from "./tests/support/limit_bill.ts";
import { billDocument } from "./shared/bills/document.ts";
import { EmbeddedBillModel } from "./shared/bills/embedded_model.ts";
import { readBillText } from "./shared/bills/read_bill_text.ts";
import { closeDocumentEngine } from "./shared/documents/engine/index.ts";
const doc = await billDocument([{ filename: "b.pdf", bytes: limitBillPdf() }], { maxFiles: 5, maxFileBytes: 1e8, maxTotalBytes: 1e8, maxPages: 10 } as any);
const text = await doc.text();
let last = performance.now(), gap = 0;
const iv = setInterval(() => { gap = Math.max(gap, performance.now() - last); last = performance.now(); }, 5);
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  readBillText(text);
  console.log("readBillText ms", Math.round(performance.now() - t));
  await new Promise((r) => setTimeout(r, 50));
}
const t = performance.now();
const out = await new EmbeddedBillModel().extract(doc);
console.log("model.extract ms", Math.round(performance.now() - t), out.ok);
await new Promise((r) => setTimeout(r, 50));
clearInterval(iv);
console.log("max gap", Math.round(gap));
await closeDocumentEngine();
