// The HTML renderer never fails with anything but a clear PdfInputError, whatever the input.
import assert from "node:assert/strict";
import fc from "fast-check";
import { extractText } from "unpdf";
import { PdfInputError } from "../../../shared/pdf/blocks.ts";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";

const tags = [
  "p",
  "h1",
  "h3",
  "ul",
  "ol",
  "li",
  "table",
  "tr",
  "td",
  "th",
  "thead",
  "strong",
  "em",
  "br",
  "div",
  "span",
  "img",
  "script",
  "style",
  "hr",
  "a",
  "blockquote",
];
const attrs = [
  "",
  ' style="color:#f00;font-size:30px;margin:-50px 999px"',
  ' style="text-align:justify;line-height:0"',
  ' colspan="99"',
  ' src="data:image/png;base64,AAAA"',
  ' src="http://x/y.png"',
  ' class="a"',
  ' style="font-size:1e9px"',
];
const piece = fc.oneof(
  fc.tuple(fc.constantFrom(...tags), fc.constantFrom(...attrs)).map(([t, a]) => `<${t}${a}>`),
  fc.constantFrom(...tags).map((t) => `</${t}>`),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "&amp;",
    "&#x1F600;",
    "&nbsp;",
    "€ ✓ Ω 漢字",
    "Supercalifragilisticexpialidocious".repeat(5),
    "<!-- c -->",
    "<style>p{color:red} .a{font-weight:bold}</style>",
  ),
);

Deno.test("fuzz: any HTML renders or is refused with PdfInputError (never another error)", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(piece, { maxLength: 60 }), async (parts) => {
      try {
        const pdf = await renderHtmlToPdf(parts.join(""));
        assert.equal(new TextDecoder().decode(pdf.slice(0, 5)), "%PDF-");
      } catch (e) {
        assert.ok(e instanceof PdfInputError, `unexpected ${(e as Error).stack}`);
      }
    }),
    { numRuns: 150 },
  );
});

Deno.test("a glyph wider than the line (huge font, huge margins) overflows instead of looping", async () => {
  const pdf = await renderHtmlToPdf(
    '<p style="font-size:96pt;margin-right:1000px">WWW W</p><table><tr><td style="font-size:96pt">MM</td><td>x</td><td>y</td></tr></table>',
  );
  const { text } = await extractText(pdf, { mergePages: true });
  assert.match(text, /W/);
});

Deno.test("hostile input: deep nesting and PNG bombs are refused clearly", async () => {
  await assert.rejects(renderHtmlToPdf("<div>".repeat(500) + "x"), /nested more than/);
  // A valid PNG header claiming 100000 x 100000 pixels.
  const ihdr = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    0,
    1,
    0x86,
    0xa0,
    0,
    1,
    0x86,
    0xa0,
    8,
    2,
    0,
    0,
    0,
  ]);
  await assert.rejects(
    renderHtmlToPdf(`<img src="data:image/png;base64,${btoa(String.fromCharCode(...ihdr))}">`),
    /megapixels/,
  );
  await assert.rejects(renderHtmlToPdf('<img src="data:image/gif;base64,R0lGOD">'), PdfInputError);
});

Deno.test("layout: long words break, text wraps inside table cells, pages break", async () => {
  const long = "x".repeat(400);
  const pdf = await renderHtmlToPdf(
    `<p>${long}</p><table><tr><td>${"word ".repeat(200)}</td><td>b</td></tr></table>${
      "<p>line</p>".repeat(120)
    }`,
    { pageSize: "a5" },
  );
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  assert.equal(
    text.replace(/\s/g, "").match(/x+/)![0].length,
    400,
    "every character of the long word is kept",
  );
  assert.ok(totalPages >= 3);
});

Deno.test("an over-long document is refused during layout, before the rest of it is measured or drawn", async () => {
  const { PDFDocument } = await import("pdf-lib");
  const { htmlToBlocks } = await import("../../../shared/pdf/blocks.ts");
  const { layoutBlocks } = await import("../../../shared/pdf/layout.ts");
  const { newLayoutContext } = await import("../../../shared/pdf/render.ts");
  const { BASE_STYLE } = await import("../../../shared/pdf/style.ts");
  const blocks = htmlToBlocks(
    ("<p>" + "lorem ipsum dolor sit amet ".repeat(40) + "</p>").repeat(100),
    BASE_STYLE,
  );
  const ctx = await newLayoutContext(await PDFDocument.create(), blocks);
  const all = layoutBlocks(blocks, 504, ctx);
  const total = all.reduce((a, it) => a + it.height, 0);
  assert.equal(
    layoutBlocks(blocks, 504, ctx, total).length,
    all.length,
    "a budget it fits in changes nothing",
  );
  // count the blocks measured: the refusal comes right after the budget is crossed
  let measured = 0;
  const fonts = ctx.fonts;
  const counting = {
    ...ctx,
    fonts: { get: (b: boolean, i: boolean) => (measured++, fonts.get(b, i)) } as typeof fonts,
  };
  assert.throws(
    () => layoutBlocks(blocks, 504, counting, total / 10, "too long"),
    (e) => e instanceof PdfInputError && e.message === "too long",
  );
  assert.ok(measured < blocks.length / 5, `${measured} of ${blocks.length} blocks measured`);
  await assert.rejects(
    renderHtmlToPdf(("<p>" + "lorem ipsum dolor sit amet ".repeat(40) + "</p>").repeat(1200)),
    /more than 200 pages/,
  );
});
