// A word continued in another inline element (the full stop after `<strong>August</strong>`, a bold figure and
// its comma) is one word for line breaking: a report read "Use peaks in August" with the full stop alone at the
// start of the next line.
import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { htmlToBlocks } from "../../../shared/pdf/blocks.ts";
import { breakLines } from "../../../shared/pdf/layout.ts";
import { newLayoutContext } from "../../../shared/pdf/render.ts";
import { BASE_STYLE } from "../../../shared/pdf/style.ts";

Deno.test("no line starts with the punctuation that closes a bold word, at any width", async () => {
  const [block] = htmlToBlocks(
    `<p>Your annual consumption is <strong>11,392 kWh</strong>, an average of 949 kWh a month. Use peaks in <strong>August</strong>. Solar saves <em>$1,765</em>; see <strong>III</strong>.</p>`,
    BASE_STYLE,
  );
  assert.ok(block.kind === "para");
  const ctx = await newLayoutContext(await PDFDocument.create(), [block]);
  const text = (l: { tokens: { text: string }[] }) => l.tokens.map((t) => t.text).join("");
  let checked = 0;
  for (let width = 60; width <= 520; width += 1) {
    const lines = breakLines(block.inlines, width, BASE_STYLE, ctx);
    for (const [n, l] of lines.entries()) {
      if (n === 0) continue;
      assert.doesNotMatch(
        text(l),
        /^[.,;]/,
        `width ${width}: line ${n + 1} starts "${text(l).slice(0, 12)}"`,
      );
      checked++;
    }
    // Nothing lost, nothing reordered.
    assert.equal(
      lines.map(text).join("").replace(/\s+/g, ""),
      "Your annual consumption is 11,392 kWh, an average of 949 kWh a month. Use peaks in August. Solar saves $1,765; see III."
        .replace(/\s+/g, ""),
    );
    for (const l of lines) {
      // a line may overflow only when it holds a single word wider than the line
      if (l.tokens.filter((t) => t.space).length) {
        assert.ok(l.width <= width + 0.01, `width ${width}: ${text(l)}`);
      }
    }
  }
  assert.ok(checked > 1000, `${checked} lines checked`);
});
