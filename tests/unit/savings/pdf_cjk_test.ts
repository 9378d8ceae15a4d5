// CJK names and addresses in the PDFs: drawn with the Noto Sans CJK slices that hold their characters
// (shared/pdf/cjk.ts), mixed with Latin text run by run, and the white square (with a warning) when a slice
// cannot be loaded.
import assert from "node:assert/strict";
import fontkit from "@pdf-lib/fontkit";
import { extractText } from "unpdf";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { FileObjectStore } from "../../../shared/storage/embedded.ts";
import {
  cjkFacesFor,
  packageSliceLoader,
  setCjkSliceLoader,
  storeSliceLoader,
  woffToSfnt,
} from "../../../shared/pdf/cjk.ts";
import { FontSet, widthOfText } from "../../../shared/pdf/fonts.ts";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_pdf.ts";
import { annLeeReport } from "./fixtures.ts";
import { type Level, setLogLevel } from "../../../shared/log.ts";

const NAMES = ["王小明", "山田太郎", "김민수"];

/** The FontName of every font embedded in a PDF. */
async function fontNames(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const names: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of("Type")) === PDFName.of("FontDescriptor")) {
      names.push(String(obj.get(PDFName.of("FontName"))).replace(/^\//, ""));
    }
  }
  return names;
}

async function textOf(pdf: Uint8Array): Promise<string> {
  return (await extractText(pdf.slice(), { mergePages: true })).text; // pdf.js takes the buffer it is given
}

/** Captures the warnings logged (log.ts writes them to stderr) while `fn` runs. */
async function warningsDuring(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...a: unknown[]) => lines.push(a.map(String).join(" "));
  setLogLevel("warn"); // npm test runs with LOG_LEVEL=error
  try {
    await fn();
  } finally {
    console.error = original;
    setLogLevel((Deno.env.get("LOG_LEVEL") as Level | undefined) ?? "info");
  }
  return lines.filter((l) => l.includes('"level":"warn"'));
}

Deno.test("a report for a Chinese, Japanese or Korean name (and address) draws and extracts its characters in a Noto Sans CJK subset, never as squares", async () => {
  for (
    const [name, address, font] of [
      ["王小明", "北京市朝阳区建国路 88号", "NotoSansSC"],
      ["山田太郎", "東京都千代田区丸の内 1-1", "NotoSansJP"],
      ["김민수", "서울특별시 강남구 테헤란로 152", "NotoSansKR"],
    ]
  ) {
    const doc = await annLeeReport();
    const pdf = await renderSavingsReportPdf({ ...doc, customerName: name, address });
    const text = await textOf(pdf);
    assert.ok(text.includes(`Prepared for ${name}`), text.slice(0, 300));
    assert.ok(text.includes(address), text.slice(0, 300));
    assert.ok(!text.includes("□"), "no white square");
    assert.ok((await fontNames(pdf)).some((n) => n.includes(font)), `${font} embedded`);
  }
});

Deno.test("mixed Latin and CJK text: each run in its own font, each ideograph 1 em wide, words wrap without overlap", async () => {
  const fonts = new FontSet(await PDFDocument.create());
  await fonts.load("regular");
  const text = "Prepared for 王小明 at 12 Main St";
  await fonts.loadCjk([text]);
  const latin = fonts.get(false, false);
  const runs = fonts.runs(latin, text);
  // the Latin text in the Latin font, the name in the fonts of its slices (王 and 小明 are in two slices)
  assert.deepEqual(runs.filter((r) => r.font === latin).map((r) => r.text), [
    "Prepared for ",
    " at 12 Main St",
  ]);
  assert.equal(runs.filter((r) => r.font !== latin).map((r) => r.text).join(""), "王小明");
  // Noto Sans CJK ideographs are 1 em wide (the white square they replace is not: 0.77 em in DejaVu Sans)
  assert.equal(widthOfText(latin, "王小明", 10), 30);
  assert.equal(
    widthOfText(latin, text, 10),
    latin.widthOfTextAtSize("Prepared for ", 10) + 30 + latin.widthOfTextAtSize(" at 12 Main St", 10),
  );
  // a long CJK line (no spaces) wraps inside the page, its characters all extracted in order
  const long = "北京市朝阳区建国路".repeat(12);
  const pdf = await renderHtmlToPdf(`<p>Address: ${long} (end)</p>`);
  const extracted = (await textOf(pdf)).replace(/\s+/g, "");
  assert.equal(extracted, `Address:${long}(end)`);
});

Deno.test("a slice that cannot be loaded leaves its characters as white squares with a warning: the document is still made", async () => {
  setCjkSliceLoader(() => Promise.resolve(null));
  try {
    let pdf: Uint8Array = new Uint8Array();
    const warnings = await warningsDuring(async () => {
      pdf = await renderHtmlToPdf("<p>Prepared for 李小龍 who used <strong>4,993 kWh</strong></p>");
    });
    assert.equal(await textOf(pdf), "Prepared for □□□ who used 4,993 kWh");
    assert.ok(warnings.some((w) => w.includes("CJK font slice")), warnings.join("\n"));
    // a loader that throws or never answers is the same
    setCjkSliceLoader(() => Promise.reject(new Error("storage down")));
    const doc = await annLeeReport();
    await warningsDuring(async () => {
      pdf = await renderSavingsReportPdf({ ...doc, customerName: "김민수" });
    });
    assert.ok((await textOf(pdf)).includes("Prepared for □□□"));
  } finally {
    setCjkSliceLoader();
  }
});

Deno.test("a Latin-only document loads no slice; the slices come from the object store where the package is absent", async () => {
  let asked = 0;
  setCjkSliceLoader(() => {
    asked++;
    return Promise.resolve(null);
  });
  try {
    await renderHtmlToPdf("<p>Plain text, Énergie ✓ 1,234 kWh</p>");
    assert.equal(asked, 0);
  } finally {
    setCjkSliceLoader();
  }
  // the deploy uploads the package's files to widget/fonts/cjk/: the same bytes through the store seam
  const dir = await Deno.makeTempDir();
  try {
    const store = new FileObjectStore(dir);
    const file = "noto-sans-sc-116-400-normal.woff";
    const bytes = (await packageSliceLoader(file, "sc"))!;
    await store.put("widget", `fonts/cjk/${file}`, bytes, "font/woff");
    const got: string[] = [];
    setCjkSliceLoader(async (f, font) => {
      got.push(f);
      return await storeSliceLoader(store)(f, font);
    });
    const faces = await cjkFacesFor(["王"]);
    assert.deepEqual(got, [file]);
    assert.equal(faces.size, 1);
  } finally {
    setCjkSliceLoader();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a WOFF slice decoded to TrueType has fontkit's glyphs and advances", async () => {
  type Fk = { glyphForCodePoint(cp: number): { id: number; advanceWidth: number } };
  const woff = (await packageSliceLoader("noto-sans-kr-116-400-normal.woff", "kr"))!;
  const sfnt = await woffToSfnt(woff);
  const { TrueTypeFace } = await import("../../../shared/pdf/truetype.ts");
  const ours = new TrueTypeFace(sfnt);
  const theirs = fontkit.create(woff) as unknown as Fk;
  for (const ch of "김민") {
    const cp = ch.codePointAt(0)!;
    const g = ours.glyphForCodePoint(cp), f = theirs.glyphForCodePoint(cp);
    assert.notEqual(g.id, 0);
    assert.deepEqual([g.id, g.advanceWidth], [f.id, f.advanceWidth]);
  }
  for (const name of NAMES) assert.ok((await cjkFacesFor([name])).size === [...name].length);
});

Deno.test("assets/fonts/cjk-slices.json is the installed packages' slice index (scripts/pdf/cjk_fonts.ts manifest)", async () => {
  const { manifestText, MANIFEST } = await import("../../../scripts/pdf/cjk_fonts.ts");
  assert.equal(await Deno.readTextFile(MANIFEST), await manifestText());
});

Deno.test("parsed slices are cached per process, at most 64, the least recently used dropped first", async () => {
  const index = JSON.parse(
    await Deno.readTextFile(new URL("../../../assets/fonts/cjk-slices.json", import.meta.url)),
  );
  // one character of each of 70 Japanese slices
  const chars = (Object.values(index.fonts.jp.slices) as string[]).slice(0, 70).map((r) =>
    String.fromCodePoint(parseInt(r.split(/[-,]/)[0], 16))
  );
  const asked: string[] = [];
  setCjkSliceLoader((file, font) => {
    asked.push(file);
    return packageSliceLoader(file, font);
  });
  try {
    for (const ch of chars) await cjkFacesFor(["あ" + ch]); // kana: the Japanese font
    const first = asked.length;
    await cjkFacesFor(["あ" + chars[69]]);
    assert.equal(asked.length, first, "a recent slice comes from the cache");
    await cjkFacesFor(["あ" + chars[0]]);
    assert.equal(asked.length, first + 1, "the oldest was dropped and is read again");
  } finally {
    setCjkSliceLoader();
  }
});

Deno.test("bold CJK text (the CJK fonts are regular only) is drawn filled and outlined, its width unchanged; regular CJK text is not", async () => {
  const { drawTextRuns } = await import("../../../shared/pdf/fonts.ts");
  const doc = await PDFDocument.create();
  const fonts = new FontSet(doc);
  await fonts.load("regular", "bold");
  await fonts.loadCjk(["山田太郎"]);
  const ops = (bold: boolean) => {
    const page = doc.addPage();
    const font = fonts.get(bold, false);
    const w = drawTextRuns(page, "Mr 山田太郎", { x: 10, y: 10, size: 20, font });
    assert.equal(w, widthOfText(font, "Mr ", 20) + 80);
    const stream =
      (page as unknown as { contentStream: { operators: { toString(): string }[] } }).contentStream;
    return stream.operators.map((o) => o.toString().trim());
  };
  const bold = ops(true);
  // one per CJK run (山田太郎's characters are in several slices, each its own font)
  const cjkRuns = fonts.runs(fonts.get(true, false), "Mr 山田太郎").filter((r) => r.fauxBold).length;
  assert.ok(cjkRuns >= 1);
  assert.equal(bold.filter((o) => o === "2 Tr").length, cjkRuns, bold.join("\n"));
  assert.ok(bold.includes("0.8 w"), "outline 0.04 em");
  assert.ok(!ops(false).some((o) => o.endsWith(" Tr")));
});

Deno.test("CJK text breaks between its characters (not after an opening or before a closing mark); Latin words stay whole", async () => {
  const { breakableSegments } = await import("../../../shared/pdf/cjk.ts");
  assert.deepEqual(breakableSegments("abc東京def"), ["abc", "東", "京", "def"]);
  assert.deepEqual(breakableSegments("「東京」です。"), ["「東", "京」", "で", "す。"]);
  assert.deepEqual(breakableSegments("Report"), ["Report"]);
  const { htmlToBlocks } = await import("../../../shared/pdf/blocks.ts");
  const { breakLines } = await import("../../../shared/pdf/layout.ts");
  const { BASE_STYLE } = await import("../../../shared/pdf/style.ts");
  const doc = await PDFDocument.create();
  const long = "北京市朝阳区建国路八十八号、「东方大厦」。".repeat(6);
  const blocks = htmlToBlocks(`<p>Address: ${long} (end)</p>`, BASE_STYLE);
  const fonts = new FontSet(doc);
  await fonts.load("regular");
  await fonts.loadCjk([long]);
  const para = blocks[0] as Extract<(typeof blocks)[number], { kind: "para" }>;
  const width = 200;
  const lines = breakLines(para.inlines, width, BASE_STYLE, { doc, fonts, resolved: new Map() })
    .map((l) => ({ text: l.tokens.map((t) => t.text).join(""), width: l.width }));
  assert.ok(lines.length > 3);
  // the first line is filled after "Address:" (before, the long run went to the next line whole)
  assert.ok(lines[0].text.startsWith("Address: 北京"), lines[0].text);
  for (const l of lines) {
    assert.ok(l.width <= width + 0.01, `${l.text} ${l.width}`);
    assert.ok(!/^[、。」]/.test(l.text) && !/「$/.test(l.text), l.text);
    // full to the last character that fits (but the last two lines: the end of the run, then "(end)")
    const i = lines.indexOf(l);
    assert.ok(l.width > width - 2 * BASE_STYLE.fontSize || i >= lines.length - 2, `${l.text} is full`);
  }
  assert.equal(lines.map((l) => l.text).join(""), `Address: ${long}(end)`.replace(" (end)", "(end)"));
});
