// npm run bench:pdf-forms [-- N] (deno run -A scripts/bench/pdf_forms.ts [N] [--forms rotated,turned,…])
// Issue #11 (docs/documents.md "PDFs whose text layer lies"): N synthetic text-PDF bills (non-sealed layouts, one
// per layout in turn, default 8) each turned into the forms of tests/support/pdf_forms.ts (rotated, turned, scanned
// under a text stamp, reprinted, private-use ToUnicode, outlined text) and read like the original; reports the fields
// right and wrong per form beside the original text PDF's.
import { basename, join } from "node:path";
import { EmbeddedBillModel } from "../../shared/bills/embedded_model.ts";
import { closeOcr } from "../../shared/documents/ocr.ts";
import { PDF_FORMS, type PdfForm, pdfForm } from "../../tests/support/pdf_forms.ts";
import { type Case, runCase, score, type Scored, syntheticCases } from "../bills/accuracy.ts";
import { emptyItem } from "../../shared/bills/schema.ts";
import { DomainError } from "../../shared/errors.ts";
import { SEALED_LAYOUTS } from "../bills/layouts_heldout.ts";

const n = Number(Deno.args.find((a) => /^\d+$/.test(a)) ?? 8);
const at = Deno.args.indexOf("--forms");
const forms = (at >= 0 ? Deno.args[at + 1].split(",") : PDF_FORMS) as PdfForm[];
const all = (await syntheticCases("tests/fixtures/bills/synthetic")).filter((c) =>
  c.kind === "pdf" && c.paths.length === 1 && !SEALED_LAYOUTS.includes(c.utility)
);
// one bill per layout in turn (the layouts' first bills, then their second …), so N bills span N layouts
const byLayout = Map.groupBy(all, (c) => c.utility);
const picked = [];
for (let i = 0; picked.length < n && i < 50; i++) {
  for (const cs of byLayout.values()) if (cs[i] && picked.length < n) picked.push(cs[i]);
}
const dir = await Deno.makeTempDir({ prefix: "pdfforms-bench-" });
const model = new EmbeddedBillModel();
/** A form read to no text is refused (422 processing_failed): every field it should have is empty. */
async function read(c: Case): Promise<Scored> {
  try {
    return await runCase(model, c);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const s = score(c.truth, emptyItem());
    return { id: c.id, utility: c.utility, kind: c.kind, pages: 0, ocrPages: 0, ms: 0, refused: true, ...s };
  }
}
const results = new Map<string, Scored[]>();
try {
  for (const c of picked) {
    const bytes = await Deno.readFile(c.paths[0]);
    for (const form of ["original", ...forms] as const) {
      const path = join(dir, `${form}-${basename(c.paths[0])}`);
      await Deno.writeFile(path, form === "original" ? bytes : await pdfForm(form, bytes));
      const r = await read({ ...c, paths: [path] });
      results.set(form, [...results.get(form) ?? [], r]);
    }
  }
  console.log(`${picked.length} bills: ${picked.map((c) => c.id).join(" ")}`);
  console.log("form          right/total      wrong  empty  ocr pages  ms/bill");
  for (const [form, rs] of results) {
    const sum = (f: (r: Scored) => number) => rs.reduce((s, r) => s + f(r), 0);
    const right = sum((r) => r.right), total = sum((r) => r.total);
    console.log(
      `${form.padEnd(12)}  ${`${right}/${total}`.padEnd(9)} ${
        (100 * right / total).toFixed(1).padStart(5)
      } %` +
        `  ${String(sum((r) => r.filledWrong)).padStart(5)}  ${String(sum((r) => r.empty)).padStart(5)}` +
        `  ${String(sum((r) => r.ocrPages)).padStart(9)}  ${
          Math.round(sum((r) => r.ms) / rs.length).toString().padStart(7)
        }`,
    );
  }
} finally {
  await closeOcr();
  await Deno.remove(dir, { recursive: true });
}
