// npm run bench:extract [-- --verbose] [--synthetic DIR] [--model embedded|gemini|openai]
//   (DIR: another generated corpus, e.g. a held-out seed; --model: the same harness against a real model when
//   its key/endpoint is set, see scripts/bench/model_option.ts; without it a clear message and nothing is run)
// Field-level exact-match accuracy of the embedded extraction engine, per field and overall, on the fixed
// synthetic corpus and on the real bills (truths written by reading them), and time per bill for text
// PDFs and per page for images. Targets: >= 97% synthetic, >= 90% real, <= 300 ms per text PDF, <= 3 s per image page.
import { benchModel } from "./model_option.ts";
import { closeOcr } from "../../shared/documents/ocr.ts";
import { family, realCases, runCase, type Scored, syntheticCases } from "../bills/accuracy.ts";

const verbose = Deno.args.includes("--verbose");
const chosen = benchModel(Deno.args);
if ("error" in chosen) {
  console.error(chosen.error);
  Deno.exit(2);
}
const model = chosen.model;

function report(title: string, results: Scored[]) {
  const right = results.reduce((s, r) => s + r.right, 0);
  const total = results.reduce((s, r) => s + r.total, 0);
  const byField = new Map<string, { right: number; total: number }>();
  for (const r of results) {
    for (const c of r.checked) {
      const f = byField.get(family(c.field)) ?? { right: 0, total: 0 };
      f.total++;
      if (c.ok) f.right++;
      byField.set(family(c.field), f);
    }
  }
  console.log(`\n== ${title}: ${results.length} bills, ${right}/${total} fields = ${(100 * right / total).toFixed(2)}%`);
  for (const [k, v] of [...byField.entries()].sort()) console.log(`  ${k.padEnd(28)} ${(100 * v.right / v.total).toFixed(1).padStart(6)}%  (${v.right}/${v.total})`);
  const pdf = results.filter((r) => r.kind === "pdf" && r.ocrPages === 0);
  const scannedPdf = results.filter((r) => r.kind === "pdf" && r.ocrPages > 0);
  const img = results.filter((r) => r.kind === "image");
  if (pdf.length) {
    const ms = pdf.map((r) => r.ms).sort((a, b) => a - b);
    console.log(`  time per text PDF bill (${pdf.length}): mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(0)} ms, median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms`);
  }
  for (const r of scannedPdf) {
    console.log(`  ${r.id}: ${r.pages} pages of which ${r.ocrPages} without a text layer (OCR): ${r.ms.toFixed(0)} ms`);
  }
  if (img.length) {
    const perPage = img.map((r) => r.ms / r.pages).sort((a, b) => a - b);
    const acc = img.reduce((s, r) => s + r.right, 0) / img.reduce((s, r) => s + r.total, 0);
    console.log(`  time per image page: mean ${(perPage.reduce((a, b) => a + b, 0) / perPage.length / 1000).toFixed(2)} s, max ${(perPage[perPage.length - 1] / 1000).toFixed(2)} s; image-only accuracy ${(100 * acc).toFixed(2)}%`);
    const t = pdf.reduce((s, r) => s + r.right, 0) / Math.max(1, pdf.reduce((s, r) => s + r.total, 0));
    if (pdf.length) console.log(`  text-PDF-only accuracy ${(100 * t).toFixed(2)}%`);
  }
  if (verbose) for (const r of results) for (const w of r.wrong) console.log(`  ${r.id.padEnd(36)} ${w.field.padEnd(30)} want ${JSON.stringify(w.want)} got ${JSON.stringify(w.got)}`);
}

async function run(cases: Awaited<ReturnType<typeof syntheticCases>>) {
  const out: Scored[] = [];
  // warm-up (module loading, pdf.js and OCR start) is not billed to the first bill
  for (const kind of ["pdf", "image"]) {
    const c = cases.find((x) => x.kind === kind);
    if (c) await runCase(model, c);
  }
  for (const c of cases) out.push(await runCase(model, c));
  return out;
}

try {
  const at = Deno.args.indexOf("--synthetic");
  const synthDir = at >= 0 ? Deno.args[at + 1] : "tests/fixtures/bills/synthetic";
  const synthetic = await run(await syntheticCases(synthDir));
  report(`synthetic corpus (${synthDir})`, synthetic);
  const real = await run(await realCases("tests/fixtures/bills/real"));
  report("real bills", real);
} finally {
  await closeOcr();
}
