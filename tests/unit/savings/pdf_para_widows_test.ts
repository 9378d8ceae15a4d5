// A paragraph breaks over pages leaving at least two of its lines on each (CSS's default orphans and widows): the
// Texas savings report's last page began with "retail credit.", the last line of a paragraph alone (QA pass 9).
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";

/** The page of each of a paragraph's `lines` lines (and of a heading before it), after `n` lines of text. */
async function linePages(
  n: number,
  lines: number,
  heading = false,
): Promise<{ head: number; line: number[] }> {
  const para = `<p>${Array.from({ length: lines }, (_, i) => `Line${i + 1}`).join("<br>")}</p>`;
  const html = `${"<p>filler</p>".repeat(n)}${heading ? "<h2>Heading</h2>" : ""}${para}`;
  const { text } = await extractText(await renderHtmlToPdf(html, { pageSize: "a5" }), { mergePages: false });
  return {
    head: text.findIndex((t) => t.includes("Heading")),
    line: Array.from(
      { length: lines },
      (_, i) => text.findIndex((t) => new RegExp(`Line${i + 1}\\b`).test(t)),
    ),
  };
}

Deno.test("a paragraph leaves at least two lines on each page it spans", async () => {
  let split = 0;
  for (let n = 10; n <= 40; n++) {
    const { line } = await linePages(n, 5);
    assert.ok(line.every((p) => p >= 0));
    const first = line.filter((p) => p === line[0]).length;
    if (first === line.length) continue;
    split++;
    assert.ok(first >= 2 && line.length - first >= 2, `after ${n} lines: pages ${line}`);
  }
  assert.ok(split > 0, "some positions do break the paragraph (it is not simply kept whole)");
  // three lines cannot leave two on each side: kept whole
  for (let n = 10; n <= 40; n++) {
    const { line } = await linePages(n, 3);
    assert.equal(new Set(line).size, 1, `3 lines after ${n}: ${line}`);
  }
});

Deno.test("a heading still goes with the paragraph after it", async () => {
  for (let n = 10; n <= 40; n++) {
    const { head, line } = await linePages(n, 6, true);
    assert.equal(head, line[0], `after ${n} lines: heading on page ${head}, first line on ${line[0]}`);
  }
});
