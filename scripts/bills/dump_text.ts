import { documentText } from "../../shared/documents/document_text.ts";
const f = Deno.args[0];
const t = await documentText([{ filename: f, bytes: await Deno.readFile(f) }]);
for (const p of t.pages) {
  console.log(`---- page ${p.page} (${p.source})`);
  for (const l of p.lines) console.log(l);
}
