// Generates the fixed synthetic corpus: `deno run -A scripts/bills/generate.ts [OUT_DIR] [PER_LAYOUT] [SEED] [ONLY]`.
// ONLY (comma-separated layouts) writes just those layouts' files and keeps every other entry of the existing
// manifest.json as it is (seeds advance as in a full run, so the bills are the same bytes a full run writes).
// The committed corpus uses the default seed; another seed gives a fresh held-out set of the same layouts.
// Each layout gets PER_LAYOUT bills; every fourth is also delivered as scanned-looking image(s)
// (one image per page, alternating PNG and JPEG). Writes the files and manifest.json (ground truths).
import { join } from "node:path";
import { LAYOUTS } from "./layouts.ts";
import { rng } from "./random_bill.ts";
import { scanPage } from "./scan.ts";
import { pdfPageCount } from "../../shared/documents/pdf_text.ts";
import type { BillItem } from "../../shared/bills/schema.ts";

export interface CorpusEntry {
  id: string;
  layout: string;
  kind: "pdf" | "image";
  files: string[];
  truth: BillItem;
}

const out = Deno.args[0] ?? "tests/fixtures/bills/synthetic";
const perLayout = Number(Deno.args[1] ?? 8);
await Deno.mkdir(out, { recursive: true });
const manifest: CorpusEntry[] = [];
let seed = Number(Deno.args[2] ?? 20261122);
let images = 0;
const only = Deno.args[3] ? Deno.args[3].split(",") : null;
const kept: CorpusEntry[] = only
  ? JSON.parse(await Deno.readTextFile(join(out, "manifest.json"))) as CorpusEntry[]
  : [];
for (const [name, make] of Object.entries(LAYOUTS)) {
  if (only && !only.includes(name)) {
    seed += perLayout;
    images += Math.floor(perLayout / 4);
    manifest.push(...kept.filter((e) => e.layout === name));
    continue;
  }
  for (let i = 1; i <= perLayout; i++) {
    const r = rng(seed++);
    const g = await make(r);
    const id = `${name}-${String(i).padStart(2, "0")}`;
    if (i % 4 === 0) {
      const format = images++ % 2 ? "jpeg" : "png";
      const pages = await pdfPageCount(g.pdf);
      const files: string[] = [];
      for (let pg = 1; pg <= pages; pg++) {
        const file = `${id}${pages > 1 ? `-p${pg}` : ""}.${format === "png" ? "png" : "jpg"}`;
        await Deno.writeFile(join(out, file), await scanPage(g.pdf, pg, r, format));
        files.push(file);
      }
      manifest.push({ id, layout: name, kind: "image", files, truth: g.truth });
    } else {
      await Deno.writeFile(join(out, `${id}.pdf`), g.pdf);
      manifest.push({ id, layout: name, kind: "pdf", files: [`${id}.pdf`], truth: g.truth });
    }
  }
}
await Deno.writeTextFile(join(out, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(
  `${manifest.length} bills (${manifest.filter((m) => m.kind === "image").length} as images) in ${out}`,
);
