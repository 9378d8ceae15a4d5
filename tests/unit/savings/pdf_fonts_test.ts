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

Deno.test("Latin text skips OpenType shaping (same glyphs and widths as shaped), other scripts are still shaped", async () => {
  const { PDFDocument } = await import("pdf-lib");
  const { FontSet } = await import("../../../shared/pdf/fonts.ts");
  const doc = await PDFDocument.create();
  const fonts = new FontSet(doc);
  await fonts.load("regular");
  const pdfFont = fonts.get(false, false);
  type Run = { glyphs: { id: number; advanceWidth: number }[] };
  type Font = { layout(t: string, f?: unknown): Run; _layoutEngine: { layout(...a: unknown[]): Run } };
  const font = (pdfFont as unknown as { embedder: { font: Font } }).embedder.font;
  const shaped: string[] = [];
  const engine = font._layoutEngine;
  const shape = engine.layout.bind(engine);
  engine.layout = (...a: unknown[]) => {
    shaped.push(String(a[0]));
    return shape(...a);
  };
  try {
    for (const t of ["Row 12 · 1,234.5 kWh", "Énergie – “Élan” 30%", "office fluff €5"]) {
      const fast = font.layout(t, {});
      const full = shape(t, {});
      // the cmap's glyphs; shaping would only differ by ligatures ("fi"), drawn here as their two letters
      const width = (r: Run) => r.glyphs.reduce((s, g) => s + g.advanceWidth, 0);
      if (!/fi|fl|ff/.test(t)) {
        assert.deepEqual(
          fast.glyphs.map((g) => g.id),
          full.glyphs.map((g) => g.id),
          t,
        );
      }
      assert.ok(Math.abs(width(fast) - width(full)) <= width(full) * 0.02, t);
    }
    assert.deepEqual(shaped, [], "Latin text is not shaped");
    font.layout("e\u0301 \u05e9\u05dc\u05d5\u05dd", {});
    assert.equal(shaped.length, 1, "combining marks and other scripts are shaped");
  } finally {
    engine.layout = shape;
  }
});
