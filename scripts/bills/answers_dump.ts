// deno run -A scripts/bills/answers_dump.ts OUT.json [--texts DIR] [--no-ocr]: every corpus bill's answer from the embedded
// reader's parse (readBillText), for checking that a change to the parser's cost changes no answer: dump before and
// after, then diff the two files. Real bills (text PDFs and photos) are also read with their utility's rules off
// (the leave-one-out reading). Each document's text (text layer / OCR) is read once and kept in DIR (default
// $TMPDIR/bill-texts), so the second dump parses the same text without OCR. Sealed layouts (SEALED_LAYOUTS) are
// written as a hash of the answer only: never looked at, only compared.
// --no-ocr: image bills whose text is not in DIR yet are skipped (OCR takes minutes a page on a loaded machine).
import { basename, join } from "node:path";
import { billDocument } from "../../shared/bills/document.ts";
import { loadBillLimits } from "../../shared/bills/limits.ts";
import { readBillText } from "../../shared/bills/read_bill_text.ts";
import type { DocumentText } from "../../shared/documents/document_text.ts";
import { closeDocumentEngine } from "../../shared/documents/engine/index.ts";
import { type Case, realCases, syntheticCases } from "./accuracy.ts";
import { SEALED_LAYOUTS } from "./layouts_heldout.ts";

const out = Deno.args[0];
const at = Deno.args.indexOf("--texts");
const dir = at >= 0 ? Deno.args[at + 1] : join(Deno.env.get("TMPDIR") ?? "/tmp", "bill-texts");
const noOcr = Deno.args.includes("--no-ocr");
await Deno.mkdir(dir, { recursive: true });

async function textOf(c: Case, group: string): Promise<DocumentText | undefined> {
  const file = join(dir, `${group}-${c.id}.json`);
  try {
    return JSON.parse(await Deno.readTextFile(file));
  } catch {
    if (noOcr && c.kind === "image") return undefined;
    const files = await Promise.all(
      c.paths.map(async (p) => ({ filename: basename(p), bytes: await Deno.readFile(p) })),
    );
    const t = await (await billDocument(files, loadBillLimits())).text(); // as the service and the bench read it
    await Deno.writeTextFile(file, JSON.stringify(t));
    return t;
  }
}

async function sha(s: string) {
  const d = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s));
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const groups: [string, Case[], boolean][] = [
  ["real", await realCases("tests/fixtures/bills/real"), true],
  ["synthetic", await syntheticCases("tests/fixtures/bills/synthetic"), false],
  ["phone", await syntheticCases("tests/fixtures/bills/photos_synthetic"), false],
];
const answers: Record<string, unknown> = {};
let ms = 0, skipped = 0;
try {
  for (const [group, cases, loo] of groups) {
    for (const c of cases) {
      const text = await textOf(c, group);
      if (!text) {
        skipped++;
        continue;
      }
      const t0 = performance.now();
      const reads = {
        all: readBillText(text),
        ...loo ? { loo: readBillText(text, { withoutRulesShapedBy: [c.utility] }) } : {},
      };
      ms += performance.now() - t0;
      answers[`${group}/${c.id}`] = SEALED_LAYOUTS.includes(c.utility)
        ? await sha(JSON.stringify(reads))
        : reads;
    }
  }
} finally {
  await closeDocumentEngine();
}
await Deno.writeTextFile(out, JSON.stringify(answers, null, 1));
console.log(
  `${Object.keys(answers).length} bills (${skipped} images not in DIR skipped), parse ${
    ms.toFixed(0)
  } ms in all`,
);
