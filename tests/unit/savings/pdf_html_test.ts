// The HTML renderer never fails with anything but a clear PdfInputError, whatever the input.
import assert from "node:assert/strict";
import fc from "fast-check";
import { extractText } from "unpdf";
import { MAX_ELEMENTS, PdfInputError } from "../../../shared/pdf/blocks.ts";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";
import {
  applyDeclarations,
  BASE_STYLE,
  type CssRule,
  MAX_CSS_RULES,
  parseStylesheet,
} from "../../../shared/pdf/style.ts";

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

Deno.test("hostile input: a JPEG whose header claims 65535×65535 pixels is refused, not embedded", async () => {
  // SOI, SOF0 (8 bits, height 65535, width 65535, 3 components), EOI: pdf-lib embeds a JPEG without decoding it.
  const sof = [
    0xff,
    0xd8,
    0xff,
    0xc0,
    0,
    17,
    8,
    0xff,
    0xff,
    0xff,
    0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  const jpeg = (bytes: number[]) =>
    `<img src="data:image/jpeg;base64,${btoa(String.fromCharCode(...bytes))}">`;
  await assert.rejects(renderHtmlToPdf(jpeg([...sof, 0xff, 0xd9])), /65535×65535 pixels.*megapixels/);
  await assert.rejects(renderHtmlToPdf(jpeg([0xff, 0xd8, 0xff, 0xd9])), /not a readable JPEG/);
  // A small one still renders.
  const small = [...sof.slice(0, 7), 0, 10, 0, 10, ...sof.slice(11), 0xff, 0xd9];
  const pdf = await renderHtmlToPdf(jpeg(small));
  assert.ok(new TextDecoder().decode(pdf.slice(0, 5)) === "%PDF-");
});

Deno.test("hostile input: more elements than MAX_ELEMENTS are refused before layout, quickly", async () => {
  const table = (rows: number) => `<table>${`<tr>${"<td>x</td>".repeat(100)}</tr>`.repeat(rows)}</table>`;
  const t0 = performance.now();
  await assert.rejects(renderHtmlToPdf(table(Math.ceil(MAX_ELEMENTS / 100))), /more than 30000 elements/);
  // Refused after parsing, before layout (the 4,000 × 100 table took 25 s to lay out and draw).
  assert.ok(performance.now() - t0 < 2000, `${performance.now() - t0} ms`);
  const pdf = await renderHtmlToPdf(table(50));
  assert.ok(new TextDecoder().decode(pdf.slice(0, 5)) === "%PDF-");
});

Deno.test("hostile input: CSS that made the stylesheet parser quadratic or overflow the stack is fast or refused", async () => {
  const n = 200_000;
  for (
    const css of [
      "a{".repeat(n), // 96 s before (a lazy-then-greedy regex backtracked from every `{`)
      "/*".repeat(n), // 8 s before (an unclosed comment scanned to the end from every opener)
      "}".repeat(n) + "{".repeat(n),
    ]
  ) {
    const t0 = performance.now();
    await renderHtmlToPdf(`<style>${css}</style><p>x</p>`);
    assert.ok(performance.now() - t0 < 3000, `${css.slice(0, 4)}…: ${Math.round(performance.now() - t0)} ms`);
  }
  // 200,000 selectors: a RangeError (stack overflow spreading them) before; now a clear refusal.
  await assert.rejects(
    renderHtmlToPdf(`<style>${"a,".repeat(n)}p{color:red}</style><p>x</p>`),
    PdfInputError,
  );
  const rules = (k: number) => Array.from({ length: k }, (_, i) => `.c${i}{color:red}`).join("");
  await assert.rejects(
    renderHtmlToPdf(`<style>${rules(MAX_CSS_RULES + 1)}</style><p>x</p>`),
    /more than 64 rules/,
  );
  await renderHtmlToPdf(`<style>${rules(MAX_CSS_RULES)}</style><p>x</p>`);
  // One rule with 40,000 declarations, applied to each paragraph: refused (declarations are bounded in total).
  await assert.rejects(
    renderHtmlToPdf(`<style>p{${"color:red;".repeat(40_000)}}</style>${"<p>x</p>".repeat(100)}`),
    /more than 512 declarations/,
  );
  // 64 rules matching 29,000 paragraphs: one style computed for the siblings, not 64 × 29,000 (10 s before).
  const t0 = performance.now();
  const many = Array.from({ length: 64 }, (_, i) => `p.c{margin: ${i % 3}px}`).join("");
  await assert.rejects(
    renderHtmlToPdf(`<style>${many}</style>${'<p class="c">x</p>'.repeat(29_000)}`),
    /200 pages/,
  );
  assert.ok(performance.now() - t0 < 6000, `${Math.round(performance.now() - t0)} ms`);
});

Deno.test("stylesheet parser (property): the same styles as the regex parser it replaces, on ordinary CSS", () => {
  // The parser before 2026-11-24, kept as the reference.
  const reference = (css: string): CssRule[] => {
    const rules: CssRule[] = [];
    for (const m of css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{}]+)\{([^}]*)\}/g)) {
      for (const sel of m[1].split(",").map((x) => x.trim())) {
        const s = sel.match(/^([a-zA-Z][a-zA-Z0-9]*)?(?:\.([a-zA-Z0-9_-]+))?$/);
        if (!s || (!s[1] && !s[2])) continue;
        rules.push({
          tag: s[1]?.toLowerCase(),
          cls: s[2],
          decls: m[2],
          specificity: (s[1] ? 1 : 0) + (s[2] ? 10 : 0),
        });
      }
    }
    return rules.sort((a, b) => a.specificity - b.specificity);
  };
  const decl = fc.tuple(
    fc.constantFrom(
      "color",
      "margin",
      "margin-left",
      "font-size",
      "font-weight",
      "text-align",
      "line-height",
      "x-y",
    ),
    fc.constantFrom("red", "#123456", "0", "5px", "1em 2px", "bold", "center", "1.5", "2em !important"),
  ).map(([k, v]) => `${k}: ${v}`);
  const rule = fc.tuple(
    fc.array(fc.constantFrom("p", "h1", ".a", "td.b", "div p", "*", "P"), { minLength: 1, maxLength: 3 }),
    fc.array(decl, { maxLength: 6 }),
    fc.constantFrom("", " ", "/* c */", "\n"),
  ).map(([sels, decls, gap]) => `${gap}${sels.join(", ")} { ${decls.join("; ")} }`);
  fc.assert(
    fc.property(fc.array(rule, { maxLength: 8 }), (rs) => {
      const css = rs.join("");
      const a = reference(css), b = parseStylesheet(css);
      assert.deepEqual(
        b.map((r) => [r.tag, r.cls, r.specificity]),
        a.map((r) => [r.tag, r.cls, r.specificity]),
        css,
      );
      for (const [i, r] of a.entries()) {
        assert.deepEqual(
          applyDeclarations(BASE_STYLE, b[i].decls),
          applyDeclarations(BASE_STYLE, r.decls),
          css,
        );
      }
    }),
    { numRuns: 500 },
  );
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
