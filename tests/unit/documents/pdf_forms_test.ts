// Issue #11: PDFs whose text layer lies, is missing, or is turned (docs/documents.md "PDFs whose text layer lies").
// One synthetic text bill turned into each form (tests/support/pdf_forms.ts) reads as the original does.
import assert from "node:assert/strict";
import { closeOcr } from "../../../shared/documents/ocr.ts";
import { extractPdfText, readingFrame } from "../../../shared/documents/pdf_text.ts";
import { readDocumentText } from "../../../shared/documents/read_text.ts";
import {
  GOOD_TEXT,
  OUTLINE_PATHS,
  pageReading,
  pickReading,
  SCAN_COVER,
  SCAN_TEXT,
  textQuality,
} from "../../../shared/documents/pdf_page_read.ts";
import { PDFDocument } from "pdf-lib";
import { ops } from "../../../shared/documents/engine/ops.ts";
import type { DomainError } from "../../../shared/errors.ts";
import { ownerPasswordPdf } from "../../support/owner_password_pdf.ts";
import { passwordPdf } from "../../support/password_pdf.ts";
import {
  outlinedPdf,
  poorOcrLayerPdf,
  privateUsePdf,
  rotatedPdf,
  saladPdf,
  scanStampedPdf,
  turnedPdf,
} from "../../support/pdf_forms.ts";

const BILL = "tests/fixtures/bills/synthetic/ace-01.pdf";
const bill = () => Deno.readFile(BILL);
const lines = async (bytes: Uint8Array) => (await extractPdfText(bytes)).pages[0].lines;

Deno.test("textQuality: a bill's text layer reads as text; private-use code points and letter salad do not", async () => {
  const original = await bill();
  assert.ok(textQuality(await lines(original)) >= 0.9);
  const privateUse = await lines(await privateUsePdf(original));
  assert.ok(privateUse.join("").trim().length > 0, "pdf.js gives the private-use characters as text");
  assert.ok(textQuality(privateUse) < GOOD_TEXT);
  const salad = await lines(await saladPdf(original));
  assert.match(salad.join(" "), /Dffrxqw/, "the salad has word shapes");
  assert.ok(textQuality(salad) < GOOD_TEXT);
  // scripts without case or vowels are text too, and a few words are too few to judge by common words
  assert.ok(textQuality(["電気料金のお知らせ 合計 1,234円", "ご使用量 256 kWh"]) >= GOOD_TEXT);
  assert.ok(textQuality(["\uFFFD\uFFFD\uFFFD \u0001\u0002 \uE001\uE002"]) === 0);
});

Deno.test("pageReading: a small text layer over a full-page image is read both ways, text over a logo is text, outlines are OCR", () => {
  const stamp = ["Scanned by Records Office 2026-03-14 page 1 ref 88213"];
  assert.equal(pageReading(stamp, { hasImages: true, imageCover: 1, fillPaths: 0 }), "both");
  assert.equal(pageReading(stamp, { hasImages: true, imageCover: SCAN_COVER / 4, fillPaths: 0 }), "text");
  assert.equal(pageReading(stamp, undefined), "text", "a page of much text is not looked at");
  assert.equal(pageReading([], { hasImages: false, imageCover: 0, fillPaths: OUTLINE_PATHS }), "ocr");
  assert.equal(pageReading([], { hasImages: false, imageCover: 0, fillPaths: 3 }), "text", "a blank page");
  assert.equal(
    pageReading(["P07"], { hasImages: true, imageCover: 0.3, fillPaths: 0 }),
    "ocr",
    "a scan as before",
  );
  // the better of the two: OCR that finds twice the text of a good stamp; a poor layer only for better OCR
  const page = [
    "Account Number 5860364058 Amount Due $138.86 Due Date 4/9/24",
    "Total amount due by the date",
  ];
  assert.equal(pickReading(stamp, [...stamp, ...page, ...page]), "ocr");
  assert.equal(pickReading(page, page), "text", "a template image under the text: OCR reads the same");
  assert.equal(pickReading(["\uE001\uE002\uE003 \uE004"], page), "ocr");
  assert.equal(pickReading(["\uE001\uE002\uE003 \uE004"], ["\uE001"]), "text");
  // an invisible OCR layer of look-alikes over a scan: read both ways, the clearly better OCR kept
  const misread = [
    "Accourit Numbcr 5860364058 Arnount Due $l38.86 Duc Date 4/9/24",
    "Tota1 amount due by thc d@te",
  ];
  assert.ok(textQuality(misread) >= GOOD_TEXT && textQuality(misread) < SCAN_TEXT);
  assert.equal(pageReading(misread, undefined), "text", "no full-page image under it: text as printed");
  assert.equal(pageReading(misread, { hasImages: true, imageCover: 0.98, fillPaths: 0 }), "both");
  assert.equal(pickReading(misread, page), "ocr");
  assert.equal(pickReading(page, misread), "text");
});

Deno.test("extractPdfText: a page turned by /Rotate, or drawn turned on a page turned back, reads in the original's lines; a page box offset does not move them", async () => {
  const original = await bill();
  const want = await lines(original);
  assert.deepEqual(await lines(await rotatedPdf(original, 90)), want);
  assert.deepEqual(await lines(await rotatedPdf(original, 180)), want);
  assert.deepEqual(await lines(await turnedPdf(original)), want);
  // a MediaBox that starts at (100, 200): positions from the box's corner, as on the original
  const doc = await PDFDocument.load(original);
  const p = doc.getPage(0);
  const { width, height } = p.getSize();
  p.translateContent(100, 200);
  p.setMediaBox(100, 200, width, height);
  const offset = (await extractPdfText(await doc.save())).pages[0];
  const first = (await extractPdfText(original)).pages[0].pieces[0];
  assert.deepEqual(offset.lines, want);
  assert.ok(Math.abs(offset.pieces[0].x - first.x) < 0.01 && Math.abs(offset.pieces[0].y - first.y) < 0.01);
});

Deno.test("extractPdfText: a page's paint facts tell a scan under a stamp and text drawn as outlines", async () => {
  const original = await bill();
  const scan = (await extractPdfText(await scanStampedPdf(original))).pages[0];
  assert.ok(scan.paint && scan.paint.imageCover > 0.95 && scan.paint.hasImages);
  const outlined = (await extractPdfText(await outlinedPdf(original))).pages[0];
  assert.deepEqual(outlined.lines, []);
  assert.ok(outlined.paint && !outlined.paint.hasImages && outlined.paint.fillPaths >= OUTLINE_PATHS);
  assert.equal((await extractPdfText(original)).pages[0].paint, undefined, "a page of text is not looked at");
});

Deno.test("readDocumentText: a scan under a stamp, a private-use or salad text layer, outlined text and a scan under a poor OCR layer are read by OCR", async () => {
  const original = await bill();
  const want = (await readDocumentText([{ filename: "a.pdf", bytes: original }])).text;
  const account = want.match(/\b\d{10,}\b/)?.[0];
  assert.ok(account, "the bill prints an account number");
  try {
    for (const make of [scanStampedPdf, privateUsePdf, saladPdf, outlinedPdf, poorOcrLayerPdf]) {
      const got = await readDocumentText([{ filename: "a.pdf", bytes: await make(original) }]);
      assert.deepEqual(got.pages.map((p) => p.source), ["ocr"], make.name);
      assert.ok(got.text.includes(account), `${make.name}: the account number is read`);
      assert.match(got.text, /Amount Due|Total Amount/i, make.name);
    }
  } finally {
    await closeOcr();
  }
});

Deno.test("an owner-password-only PDF is read as any other (no change needed); one that needs a user password is password_protected (400)", async () => {
  const pdf = ownerPasswordPdf(["Account Number 5860364058", "Amount Due $138.86   Due Date 4/9/24"]);
  assert.equal(await ops.pageCount(pdf, "owner.pdf"), 1);
  const text = await ops.text([{ filename: "owner.pdf", bytes: pdf }]);
  assert.deepEqual(text.pages.map((p) => p.source), ["text"]);
  assert.match(text.text, /Account Number 5860364058\nAmount Due \$138\.86 +Due Date 4\/9\/24/);
  await assert.rejects(
    () => ops.pageCount(passwordPdf(), "locked.pdf"),
    (e: DomainError) =>
      e.kind === "invalid" && e.code === "password_protected" && /locked\.pdf/.test(e.message),
  );
});

Deno.test("readingFrame: text running down or upside down reads left to right, line under line, from the page box's corner", () => {
  const view: [number, number, number, number] = [0, 0, 612, 792];
  // running down the page (a quarter turn clockwise): along -y, lines stacked towards -x
  const down = [
    { str: "Amount", transform: [0, -10, 10, 0, 100, 700] },
    { str: "Due", transform: [0, -10, 10, 0, 100, 650] },
    { str: "Total", transform: [0, -10, 10, 0, 88, 700] },
  ];
  const f = readingFrame(down, view);
  const [a, d, t] = down.map((it) => f.place(it.transform[4], it.transform[5]));
  assert.ok(!f.upright && d.x > a.x && Math.abs(d.y - a.y) < 1e-9 && t.y > a.y && Math.abs(t.x - a.x) < 1e-9);
  assert.ok([a, d, t].every((p) => p.x >= 0 && p.y >= 0));
  // upside down (/Rotate 180 drawn into the content): along -x, lines stacked towards +y
  const flipped = [
    { str: "Amount", transform: [-10, 0, 0, -10, 500, 100] },
    { str: "Due", transform: [-10, 0, 0, -10, 440, 100] },
    { str: "Total", transform: [-10, 0, 0, -10, 500, 112] },
  ];
  const g = readingFrame(flipped, view);
  const [a2, d2, t2] = flipped.map((it) => g.place(it.transform[4], it.transform[5]));
  assert.ok(
    d2.x > a2.x && Math.abs(d2.y - a2.y) < 1e-9 && t2.y > a2.y && [a2, d2, t2].every((p) => p.x >= 0),
  );
  // upright, in a box that starts at (50, 100)
  const h = readingFrame([{ str: "Amount", transform: [10, 0, 0, 10, 60, 880] }], [50, 100, 662, 892]);
  assert.deepEqual(h.place(60, 880), { x: 10, y: 12 });
});
