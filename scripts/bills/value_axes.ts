// deno run -A scripts/bills/value_axes.ts DIR…: which PDFs of the given folders print a chart's value axis
// ("0 kWh … 1,950 kWh", shared/documents/pdf_shapes.ts printsValueAxis), i.e. the pages whose filled shapes the text
// reader reads for bar charts without values (docs/bills.md "Charts without values"), with their boxes' and stroked
// paths' counts (a line chart drawn without markers: "Charts, pass 3").
import { extractPdfText } from "../../shared/documents/pdf_text.ts";

let n = 0;
const hits: string[] = [];
for (const dir of Deno.args) {
  for await (const e of Deno.readDir(dir)) {
    if (!e.name.endsWith(".pdf")) continue;
    n++;
    const pages = (await extractPdfText(await Deno.readFile(`${dir}/${e.name}`))).pages.filter((p) =>
      p.boxes.length || p.strokes.length
    );
    if (pages.length) {
      hits.push(
        `${dir}/${e.name}: ${
          pages.map((p) => `page ${p.page}, ${p.boxes.length} boxes, ${p.strokes.length} strokes`).join("; ")
        }`,
      );
    }
  }
}
console.log(`${n} PDFs, ${hits.length} with a value axis (shapes read)`);
for (const h of hits.sort()) console.log(`  ${h}`);
