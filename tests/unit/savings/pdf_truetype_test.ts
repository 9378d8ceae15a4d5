// shared/pdf/truetype.ts reads DejaVu Sans without fontkit: the same glyphs, metrics and subset bytes as fontkit.
import assert from "node:assert/strict";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont } from "pdf-lib";
import { TrueTypeFace, UNSHAPED } from "../../../shared/pdf/truetype.ts";
import { FontSet } from "../../../shared/pdf/fonts.ts";

const FILES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf"];
const load = (file: string) => Deno.readFileSync(new URL(`../../../assets/fonts/${file}`, import.meta.url));

type FkGlyph = { id: number; advanceWidth: number; codePoints: number[] };
type FkFont = {
  unitsPerEm: number;
  postscriptName: string;
  ascent: number;
  descent: number;
  capHeight: number | undefined;
  xHeight: number | undefined;
  italicAngle: number;
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
  characterSet: number[];
  "OS/2": { sFamilyClass: number };
  post: { isFixedPitch: boolean };
  head: { macStyle: { italic: boolean } };
  glyphForCodePoint(cp: number): FkGlyph;
  glyphsForString(s: string): FkGlyph[];
  layout(s: string): { glyphs: FkGlyph[] };
  createSubset(): {
    includeGlyph(g: FkGlyph | number): number;
    encodeStream(): { on(e: string, f: (x?: Uint8Array) => void): unknown };
  };
};

async function encoded(s: ReturnType<FkFont["createSubset"]>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  await new Promise<void>((resolve, reject) => {
    const st = s.encodeStream() as { on(e: string, f: (x?: Uint8Array) => void): typeof st };
    st.on("data", (b) => parts.push(b!)).on("end", () => resolve()).on("error", reject);
  });
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
}

Deno.test("the font's metrics, cmap and advances are fontkit's, for every character of each face", () => {
  for (const file of FILES) {
    const bytes = load(file);
    const face = new TrueTypeFace(bytes);
    const fk = fontkit.create(bytes) as unknown as FkFont;
    for (
      const k of [
        "unitsPerEm",
        "postscriptName",
        "ascent",
        "descent",
        "capHeight",
        "xHeight",
        "italicAngle",
      ] as const
    ) assert.equal(face[k], fk[k], `${file} ${k}`);
    assert.deepEqual({ ...face.bbox }, {
      minX: fk.bbox.minX,
      minY: fk.bbox.minY,
      maxX: fk.bbox.maxX,
      maxY: fk.bbox.maxY,
    });
    assert.equal(face["OS/2"].sFamilyClass, fk["OS/2"].sFamilyClass);
    assert.equal(face.post.isFixedPitch, fk.post.isFixedPitch);
    assert.equal(face.head.macStyle.italic, fk.head.macStyle.italic, file);
    const cps = new Set([...fk.characterSet, 0x10ffff, 0xffff, 0x1f600]);
    for (let cp = 0; cp < 0x3000; cp++) cps.add(cp);
    for (const cp of cps) {
      const ours = face.glyphForCodePoint(cp), theirs = fk.glyphForCodePoint(cp);
      assert.equal(ours.id, theirs.id, `${file} U+${cp.toString(16)}`);
      assert.equal(ours.advanceWidth, theirs.advanceWidth, `${file} U+${cp.toString(16)} advance`);
    }
  }
});

Deno.test("a subset is fontkit's subset byte for byte (composite glyphs such as É renumbered)", async () => {
  const texts = ["Énergie solaire ✓ Row 12 · 1,234.5 kWh", "ÅÉÎõŉǅ ǺǼ ‘quoted’ — €5 → ∑", "A"];
  for (const file of FILES) {
    const bytes = load(file);
    const face = new TrueTypeFace(bytes);
    const fk = fontkit.create(bytes) as unknown as FkFont;
    for (const text of texts) {
      const ours = face.createSubset(), theirs = fk.createSubset();
      for (const g of face.layout(text).glyphs) ours.includeGlyph(g);
      for (const g of fk.glyphsForString(text)) theirs.includeGlyph(g);
      const a = ours.encode(), b = await encoded(theirs);
      assert.ok(ours.glyphIds.length > new Set(text).size - 1, "components were added");
      assert.equal(a.length, b.length, `${file} ${text}`);
      assert.deepEqual(a, b, `${file} ${text}`);
    }
  }
});

Deno.test("text drawn unshaped is what fontkit's shaping gives, for every character of the unshaped ranges", () => {
  const ranges = [
    [0x21, 0x7e],
    [0xa0, 0x24f],
    [0x2010, 0x2027],
    [0x2030, 0x205e],
    [0x2070, 0x209f],
    [0x20ac, 0x20ac],
    [0x2100, 0x218f],
    [
      0x2190,
      0x23ff,
    ],
    [0x2500, 0x27bf],
  ];
  for (const file of FILES) {
    const bytes = load(file);
    const face = new TrueTypeFace(bytes);
    const fk = fontkit.create(bytes) as unknown as FkFont;
    const ids = (gs: { id: number }[]) => gs.map((g) => g.id);
    for (const [lo, hi] of ranges) {
      let run = "";
      for (let cp = lo; cp <= hi; cp++) {
        const s = `x${String.fromCodePoint(cp)}x`;
        assert.ok(UNSHAPED.test(s));
        // a soft hyphen (U+00AD) is drawn as the cmap's hyphen, as it always was here; shaping hides it
        if (face.glyphForCodePoint(cp).id === 0 || cp === 0xad) continue;
        assert.deepEqual(
          ids(face.layout(s).glyphs),
          ids(fk.layout(s).glyphs),
          `${file} U+${cp.toString(16)}`,
        );
        // ligatures of Latin letters (fi, fl, ff) are drawn as their letters: the only difference allowed
        if (!/[a-zA-Z\u00ad]/.test(String.fromCodePoint(cp))) run += String.fromCodePoint(cp);
      }
      for (let i = 0; i < run.length; i += 48) {
        const s = run.slice(i, i + 48);
        assert.deepEqual(ids(face.layout(s).glyphs), ids(fk.layout(s).glyphs), `${file} ${s}`);
      }
    }
    assert.ok(!UNSHAPED.test("e\u0301"), "combining marks are shaped");
    assert.ok(!UNSHAPED.test("\u05e9\u05dc\u05d5\u05dd"), "other scripts are shaped");
  }
});

Deno.test("a page drawn with the fonts is the PDF pdf-lib writes with fontkit's subset embedder, byte for byte", async () => {
  const lines = ["Énergie solaire ✓ Row 12 · 1,234.5 kWh", "ÅÉÎõ ǅ — €5 → ∑ ≤ ☀ “quoted”", "Plain text"];
  const draw = async (embed: (doc: PDFDocument) => Promise<PDFFont[]>) => {
    const doc = await PDFDocument.create();
    doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
    doc.setModificationDate(new Date("2026-01-01T00:00:00Z"));
    const fonts = await embed(doc);
    const page = doc.addPage([400, 300]);
    lines.forEach((text, i) => page.drawText(text, { x: 20, y: 250 - i * 30, size: 12, font: fonts[i % 2] }));
    return await doc.save();
  };
  const stock = await draw(async (doc) => {
    doc.registerFontkit(fontkit);
    return [
      await doc.embedFont(load("DejaVuSans.ttf"), { subset: true }),
      await doc.embedFont(load("DejaVuSans-Bold.ttf"), { subset: true }),
    ];
  });
  const ours = await draw(async (doc) => {
    const fonts = new FontSet(doc);
    await fonts.load("regular", "bold");
    return [fonts.get(false, false), fonts.get(true, false)];
  });
  assert.equal(ours.length, stock.length);
  assert.deepEqual(ours, stock);
});

Deno.test("a character the font lacks (a Chinese name) is drawn and measured as a white square, not as glyph 0 that viewers draw 1 em wide over the next word", async () => {
  const face = new TrueTypeFace(
    await Deno.readFile(new URL("../../../assets/fonts/DejaVuSans.ttf", import.meta.url)),
  );
  const square = face.glyphForCodePoint(0x25a1);
  assert.notEqual(square.id, 0);
  const glyphs = face.layout("李 a").glyphs;
  assert.deepEqual(glyphs[0], square);
  assert.deepEqual(glyphs.slice(1).map((g) => g.id), [
    face.glyphForCodePoint(32).id,
    face.glyphForCodePoint(97).id,
  ]);
  // a format character (zero-width joiner) stays what it was
  assert.equal(face.layout("a\u200db").glyphs[1].id, face.glyphForCodePoint(0x200d).id);
  // through pdf-lib, when the CJK slices cannot be loaded (shared/pdf/cjk.ts; pdf_cjk_test.ts): the text's width
  // is the square's, and the document's text layer holds the square
  const { renderHtmlToPdf } = await import("../../../shared/pdf/render.ts");
  const { setCjkSliceLoader } = await import("../../../shared/pdf/cjk.ts");
  const { extractText } = await import("unpdf");
  setCjkSliceLoader(() => Promise.resolve(null));
  try {
    const pdf = await renderHtmlToPdf("<p>Prepared for 李小龍 who used <strong>4,993 kWh</strong></p>");
    assert.equal((await extractText(pdf, { mergePages: true })).text, "Prepared for □□□ who used 4,993 kWh");
  } finally {
    setCjkSliceLoader();
  }
});
