import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";

/** Runs `code` in a fresh Deno process at the repository's root; the JSON of its last line of output. */
async function lastJsonLineOf(code: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", code],
    cwd: new URL("../../../", import.meta.url),
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
}

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

Deno.test("a Latin document (✓, CO₂, line breaks included), the designed report and CJK names are drawn without loading fontkit; another script loads it and is shaped", async () => {
  // a fresh process: the parsed faces and fontkit, once loaded, stay for the process
  const code = `
    import { renderHtmlToPdf } from "./shared/pdf/render.ts";
    import { faceOf } from "./shared/pdf/fonts.ts";
    await renderHtmlToPdf("<h1>Énergie solaire ✓</h1><p>Plain\\n\\t<strong>bold</strong> <em>it</em> – 1,234.5 kWh → € CO₂ ½ ™</p>");
    const { renderSavingsReportPdf } = await import("./shared/savings/report_pdf.ts");
    const { annLeeReport } = await import("./tests/unit/savings/fixtures.ts");
    await renderSavingsReportPdf(await annLeeReport({ fixedChargeMonthly: 11.25 }));
    const latin = faceOf("regular").shaped;
    await renderHtmlToPdf("<p>Prepared for 王小明 · 김민수 · 山田たろう</p>");
    const cjk = faceOf("regular").shaped;
    await renderHtmlToPdf("<p>שלום e\u0301</p>");
    console.log(JSON.stringify({ latin, cjk, other: faceOf("regular").shaped }));
  `;
  // CJK text is drawn one to one from its slices' cmaps: no fontkit either
  assert.deepEqual(await lastJsonLineOf(code), { latin: false, cjk: false, other: true });
});

Deno.test("the parsed fonts are shared by every document; shaped text has fontkit's glyphs", async () => {
  const { PDFDocument } = await import("pdf-lib");
  const { FontSet, faceOf } = await import("../../../shared/pdf/fonts.ts");
  const fontkit = (await import("@pdf-lib/fontkit")).default;
  type Run = { glyphs: { id: number }[] };
  const faceIn = async (texts: string[]) => {
    const fonts = new FontSet(await PDFDocument.create());
    await fonts.shapeIfNeeded(texts);
    await fonts.load("regular", "bold");
    return (fonts.get(false, false) as unknown as { embedder: { font: { layout(t: string): Run } } }).embedder
      .font;
  };
  const a = await faceIn(["Row 1"]), b = await faceIn(["Row 2"]);
  assert.equal(a, faceOf("regular"));
  assert.equal(a, b, "one parsed font for both documents");
  // (Arabic is left out: this test imports fontkit itself, without fontkit_loader.ts, so its Arabic shaper lacks `plan`)
  const shapedText = "e\u0301 \u05e9\u05dc\u05d5\u05dd \u05e9\u05c1";
  const c = await faceIn([shapedText]);
  assert.ok(faceOf("regular").shaped);
  const fk = fontkit.create(faceOf("regular").data) as unknown as { layout(t: string): Run };
  assert.deepEqual(
    c.layout(shapedText).glyphs.map((g) => g.id),
    fk.layout(shapedText).glyphs.map((g) => g.id),
  );
});

Deno.test("Arabic text is shaped and drawn (fontkit's classes keep their parents' static methods under Deno); the runtime's own __proto__ behaviour is left as it was", async () => {
  // a fresh process: fontkit must be evaluated through fontkit_loader.ts (the tests above import it directly)
  const code = `
    import { extractText } from "unpdf";
    import { renderHtmlToPdf } from "./shared/pdf/render.ts";
    import { protoAssignmentWorks } from "./shared/pdf/fontkit_loader.ts";
    const before = protoAssignmentWorks();
    const pdf = await renderHtmlToPdf("<h1>تقرير الطاقة الشمسية</h1><p>Prepared for محمد العلي, 12 Main St</p>");
    const text = (await extractText(pdf, { mergePages: true })).text;
    const lent = Object.getOwnPropertyNames(Function.prototype).includes("__proto__");
    console.log(JSON.stringify({ text, before, after: protoAssignmentWorks(), lent }));
  `;
  const r = await lastJsonLineOf(code);
  for (const word of ["تقرير الطاقة الشمسية", "Prepared", "Main"]) {
    assert.ok(r.text.includes(word), r.text);
  }
  assert.equal(r.after, r.before);
  assert.equal(r.lent, false);
});
