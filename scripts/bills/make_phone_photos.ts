// The synthetic phone-photo corpus: `deno run -A scripts/bills/make_phone_photos.ts [OUT_DIR] [LAYOUTS] [SEED]`.
// Takes the first two text-PDF bills of each given dev layout of the synthetic corpus
// (tests/fixtures/bills/synthetic), renders each page at 200 dpi and makes it a phone photo (phone_photo.ts:
// perspective, a table around the page, uneven light, blur, JPEG), with the bill's truth in manifest.json
// (the same shape as the synthetic corpus's: `npm run bench:extract -- --phone-photos` scores it).
// Never a sealed layout (layouts_heldout.ts SEALED_LAYOUTS): their pages are not to be looked at. The one
// exception is `--sealed-heldout` (a held-out photo set scored by its totals only, never opened: photos18): the
// photos are written and nothing of their pages is printed.
import { join } from "node:path";
import { pdfPageCount, renderPdfPage } from "../../shared/documents/pdf_text.ts";
import { SEALED_LAYOUTS } from "./layouts_heldout.ts";
import type { CorpusEntry } from "./generate.ts";
import { phonePhoto } from "./phone_photo.ts";
import { rng } from "./random_bill.ts";

const src = "tests/fixtures/bills/synthetic";
const sealedHeldout = Deno.args.includes("--sealed-heldout");
const args = Deno.args.filter((a) => a !== "--sealed-heldout");
const out = args[0] ?? "tests/fixtures/bills/photos_synthetic";
const layouts = (args[1] ??
  "fpl,pge,coned,duke,comed,georgia,dominion,sce,dte,psegli,pepco,kmpud").split(",");
let seed = Number(args[2] ?? 20261124);
const sealed = layouts.filter((l) => SEALED_LAYOUTS.includes(l));
if (sealed.length && !sealedHeldout) {
  throw new Error(`sealed layouts are never photographed: ${sealed.join(", ")}`);
}
const corpus = JSON.parse(await Deno.readTextFile(join(src, "manifest.json"))) as CorpusEntry[];
await Deno.mkdir(out, { recursive: true });
const manifest: CorpusEntry[] = [];
for (const layout of layouts) {
  const bills = corpus.filter((e) => e.layout === layout && e.kind === "pdf").slice(0, 2);
  for (const bill of bills) {
    const pdf = await Deno.readFile(join(src, bill.files[0]));
    const pages = await pdfPageCount(pdf);
    const files: string[] = [];
    for (let p = 1; p <= pages; p++) {
      const file = `${bill.id}-p${p}.jpg`;
      await Deno.writeFile(
        join(out, file),
        await phonePhoto(await renderPdfPage(pdf, p, 200 / 72), rng(seed++)),
      );
      files.push(file);
    }
    manifest.push({ id: bill.id, layout, kind: "image", files, truth: bill.truth });
  }
}
await Deno.writeTextFile(join(out, "manifest.json"), JSON.stringify(manifest, null, 1) + "\n");
console.log(`${manifest.length} bills, ${manifest.reduce((n, m) => n + m.files.length, 0)} photos in ${out}`);
