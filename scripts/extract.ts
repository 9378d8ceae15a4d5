// npm run extract -- FILE...   Extracts one bill (several files = one document) and prints the envelope.
// Uses BILL_MODEL (embedded by default). Exit 2 with the error code on the spec's errors.
import { basename } from "node:path";
import { billDocument } from "../shared/bills/document.ts";
import { extractBill } from "../shared/bills/extract.ts";
import { loadBillLimits } from "../shared/bills/limits.ts";
import { makeBillModel } from "../shared/bills/models.ts";
import { envelopeFor } from "../shared/bills/envelope.ts";
import { closeOcr } from "../shared/documents/ocr.ts";
import { DomainError } from "../shared/errors.ts";

const args = Deno.args.filter((a) => a !== "--");
const lenient = args.includes("--allow-incomplete");
const paths = args.filter((a) => !a.startsWith("--"));
if (!paths.length) {
  console.error("usage: npm run extract -- [--allow-incomplete] FILE...");
  Deno.exit(64);
}
let code = 0;
try {
  const files = await Promise.all(
    paths.map(async (p) => ({ filename: basename(p), bytes: await Deno.readFile(p) })),
  );
  const doc = await billDocument(files, loadBillLimits());
  const result = await extractBill(makeBillModel(Deno.env.get("BILL_MODEL") || "embedded"), doc, {
    allowIncomplete: lenient,
  });
  const id = crypto.randomUUID();
  console.log(
    JSON.stringify(
      envelopeFor({
        id,
        transactionId: id,
        transactionGroupId: id,
        item: result.item,
        filenames: files.map((f) => f.filename),
      }),
      null,
      2,
    ),
  );
} catch (e) {
  if (e instanceof DomainError) {
    console.error(JSON.stringify({ error: { code: e.code, message: e.message, details: e.details } }));
    code = 2;
  } else {
    console.error(`extract failed: ${e instanceof Error ? e.message : e}`);
    code = 1;
  }
} finally {
  await closeOcr();
}
Deno.exit(code);
