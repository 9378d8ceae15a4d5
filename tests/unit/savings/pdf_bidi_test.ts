import assert from "node:assert/strict";
import { visualPieces } from "../../../shared/pdf/bidi.ts";

const words = (line: string) => line.split(/( )/).filter(Boolean).map((text) => ({ text }));
const drawn = (line: string) => visualPieces(words(line))?.map((p) => `${p.text}${p.level % 2 ? "<" : ""}`);

Deno.test("a line without right-to-left text is left as it is (no bidi work)", () => {
  assert.equal(visualPieces(words("Prepared for Zoë Ngô, 12 Main St")), undefined);
});

Deno.test("an Arabic or Hebrew name inside an English line: its words drawn right to left, each piece in logical order for the shaper", () => {
  assert.deepEqual(drawn("for محمد العلي today"), ["for", " ", "العلي<", " <", "محمد<", " ", "today"]);
  assert.deepEqual(drawn("for שלום כהן today"), ["for", " ", "כהן<", " <", "שלום<", " ", "today"]);
});

Deno.test("numbers after right-to-left words follow the bidi algorithm (as a browser shows the same line)", () => {
  // UAX #9: the comma and space between R and a number resolve to R, the number to level 2
  assert.deepEqual(drawn("at شارع 12 now"), ["at", " ", "12", " <", "شارع<", " ", "now"]);
});

Deno.test("a line with no left-to-right letter is a right-to-left line; numbers in it stay left to right", () => {
  assert.deepEqual(drawn("الاسم: محمد 1,234"), ["1,234", " <", "محمد<", " <", "الاسم:<"]);
});

Deno.test("brackets at a right-to-left level are mirrored (UAX #9 rule L4), so the shaper's reversed run shows them enclosing", () => {
  // logical "(العلي)" at level 1: fontkit lays the piece out right to left, so it must get ")العلي(" to show "(…)"
  assert.deepEqual(drawn("for محمد (العلي) today"), ["for", " ", ")العلي(<", " <", "محمد<", " ", "today"]);
  assert.deepEqual(drawn("الاسم: [محمد] 1,234"), ["1,234", " <", "]محمد[<", " <", "الاسم:<"]);
  // brackets at a left-to-right level are left alone
  assert.deepEqual(drawn("for (Ann) شارع"), ["for", " ", "(Ann)", " ", "شارع<"]);
});

Deno.test("a right-to-left piece of neutrals only (which fontkit lays out left to right) is reversed here", () => {
  // "(!)" between two Arabic words resolves to level 1; mirrored it is ")!(", drawn reversed it reads "(!)"
  assert.deepEqual(drawn("for محمد (!) علي today"), [
    "for",
    " ",
    "علي<",
    " <",
    "(!)<",
    " <",
    "محمد<",
    " ",
    "today",
  ]);
});

Deno.test("a laid-out line draws an Arabic name inside an English line right to left: its first word to the right of its second", async () => {
  const { PDFDocument } = await import("pdf-lib");
  const { htmlToBlocks } = await import("../../../shared/pdf/blocks.ts");
  const { BASE_STYLE } = await import("../../../shared/pdf/style.ts");
  const { newLayoutContext } = await import("../../../shared/pdf/render.ts");
  const { layoutBlocks } = await import("../../../shared/pdf/layout.ts");
  const blocks = htmlToBlocks("<p>Prepared for محمد العلي today</p>", BASE_STYLE);
  const ctx = await newLayoutContext(await PDFDocument.create(), blocks);
  // pdf-lib's page stands in for what is drawn: each string and where it starts
  const drawn: { text: string; x: number }[] = [];
  const page = { drawText: (text: string, o: { x: number }) => drawn.push({ text, x: o.x }) };
  for (const item of layoutBlocks(blocks, 400, ctx)) item.draw(page as never, 0, 700);
  const xOf = (word: string) => drawn.find((d) => d.text.includes(word))!.x;
  assert.ok(xOf("Prepared") < xOf("العلي"), JSON.stringify(drawn));
  assert.ok(xOf("العلي") < xOf("محمد"), "the first word (محمد) is drawn to the right");
  assert.ok(xOf("محمد") < xOf("today"));
});

Deno.test("one string's runs in visual order (the designed report's cover and footer lines)", async () => {
  const { visualRuns } = await import("../../../shared/pdf/bidi.ts");
  assert.equal(visualRuns("Prepared for Ann Lee"), undefined);
  assert.deepEqual(visualRuns("Prepared for שלום כהן by Sun Co"), [
    "Prepared for ",
    "שלום כהן",
    " by Sun Co",
  ]);
});

Deno.test("the designed savings report renders for a homeowner with an Arabic name, the name's words drawn right to left", async () => {
  const { renderSavingsReportPdf } = await import("../../../shared/savings/report_pdf.ts");
  const { annLeeReport } = await import("./fixtures.ts");
  const { extractText } = await import("unpdf");
  const report = { ...(await annLeeReport()), customerName: "محمد العلي" };
  const text = (await extractText(await renderSavingsReportPdf(report), { mergePages: true })).text;
  assert.ok(text.includes("Prepared for"), text.slice(0, 300));
});
