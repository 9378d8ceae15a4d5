// deno run -A scripts/bench/filter_bombs.ts [decoded bytes, default 1.5e9] [name prefix]
// The PDF bombs of security pass 12 through the document engine's text operation (the bill reader's), one at a time:
// the filter-chain bombs (tests/support/filter_bombs.ts: one page whose content stream decodes to that many spaces
// through ASCIIHex + Flate, ASCII85 + Flate, Flate + Flate, LZW or RunLength; RunLength left out when its file is over
// the 10 MB upload limit) and a page that leaves 10,000 graphics states open (`q`, 20 KB). For each: the answer, its
// time, and the peak RSS of this process's tree (this process, which built the bombs, and the engine's workers).
// Prints the load average first.
import { filterBombs, pdfWithContent } from "../../tests/support/filter_bombs.ts";
import { closeDocumentEngine, documentEngine } from "../../shared/documents/engine/index.ts";
import { mb, treeRss } from "./proc.ts";

const n = Number(Deno.args[0] ?? 1.5e9);
const only = Deno.args[1];
const bombs = {
  ...await filterBombs(n),
  // pdf.js's text read is quadratic in the graphics states left open (`q` without `Q`).
  "q ×10,000 unclosed": pdfWithContent(new TextEncoder().encode("q ".repeat(10_000)), []),
};
const engine = documentEngine();
console.log(`load ${Deno.loadavg().map((x) => x.toFixed(1)).join(" ")}; ${n} bytes decoded each`);
for (const [name, pdf] of Object.entries(bombs)) {
  if ((only && !name.startsWith(only)) || pdf.length > 10 << 20) continue;
  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, treeRss(Deno.pid))), 20);
  const t0 = performance.now();
  let answer: string;
  try {
    await engine.text([{ filename: "bill.pdf", bytes: pdf }]);
    answer = "read";
  } catch (e) {
    answer = `${(e as { code?: string }).code ?? (e as Error).name}: ${(e as Error).message}`.slice(0, 120);
  }
  clearInterval(sample);
  console.log(
    `${name} (${(pdf.length / 1024).toFixed(0)} KB): ${answer} | ${
      Math.round(performance.now() - t0)
    } ms, tree peak ${mb(peak)}`,
  );
}
await closeDocumentEngine();
