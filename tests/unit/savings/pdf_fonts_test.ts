import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";

Deno.test("text stays extractable across documents sharing the cached fonts (composite glyphs such as É)", async () => {
  const [a, b] = await Promise.all([
    renderHtmlToPdf("<h1>Énergie Élan</h1><p><strong>Éa</strong> <em>Écrit</em></p>"),
    renderHtmlToPdf("<h1>Executive Summary</h1><p><strong>Every Evening</strong></p>"),
  ]);
  const c = await renderHtmlToPdf(
    "<h1>Executive E</h1><p><strong>Every Evening Élan</strong> <em>Each</em></p>",
  );
  const text = async (pdf: Uint8Array) => (await extractText(pdf, { mergePages: true })).text;
  assert.equal(await text(a), "Énergie Élan\nÉa Écrit");
  assert.equal(await text(b), "Executive Summary\nEvery Evening");
  assert.equal(await text(c), "Executive E\nEvery Evening Élan Each");
});
