// A word longer than the line is cut into pieces measured once each: the hostile input sweep
// (tests/integration/security/) found a 100 kB word in POST /pdf-generator-service/generate-pdf-from-html taking
// 40 s of CPU, because every character measured the whole growing piece again.
import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { htmlToBlocks } from "../../../shared/pdf/blocks.ts";
import { breakLines, type LayoutContext } from "../../../shared/pdf/layout.ts";
import { newLayoutContext } from "../../../shared/pdf/render.ts";
import { BASE_STYLE } from "../../../shared/pdf/style.ts";

Deno.test("a 20,000-character word is cut into lines that fit, measuring each character about once", async () => {
  const word = "abcdefghij".repeat(2000);
  const [block] = htmlToBlocks(`<p>${word}</p>`, BASE_STYLE);
  assert.ok(block.kind === "para");
  const ctx = await newLayoutContext(await PDFDocument.create(), [block]);
  let measuredChars = 0;
  const fonts = ctx.fonts;
  const counting: LayoutContext = {
    ...ctx,
    fonts: {
      get: (b: boolean, i: boolean) => {
        const f = fonts.get(b, i);
        return new Proxy(f, {
          get(target, key) {
            if (key === "widthOfTextAtSize") {
              return (text: string, size: number) => {
                measuredChars += text.length;
                return target.widthOfTextAtSize(text, size);
              };
            }
            const v = Reflect.get(target, key);
            return typeof v === "function" ? v.bind(target) : v;
          },
        });
      },
    } as typeof fonts,
  };
  const width = 504;
  const lines = breakLines(
    block.inlines,
    width,
    BASE_STYLE,
    counting,
  );
  assert.ok(lines.length > 50, `${lines.length} lines`);
  for (const l of lines) assert.ok(l.width <= width + 0.01, `a line of ${l.width} pt in ${width} pt`);
  assert.equal(
    lines.map((l) => l.tokens.map((t) => t.text).join("")).join(""),
    word,
    "every character is kept, in order",
  );
  // Each piece measured whole once and each distinct character once, plus the word itself: about 2× its length.
  // Measuring the growing piece per character was about (line length / 2)× its length: 40× here.
  assert.ok(
    measuredChars < 3 * word.length,
    `${measuredChars} characters measured for a ${word.length}-character word`,
  );
});
