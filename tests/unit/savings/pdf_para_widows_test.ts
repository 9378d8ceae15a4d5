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

Deno.test("a stylesheet's orphans and widows reach the paragraph: p { orphans: 3; widows: 3 } (QA pass 12)", async () => {
  // The element's values were dropped with its margins when its text became a paragraph block: a savings report's
  // last page began "none. Source: P.L. 119-21 …", the last three lines of a five-line paragraph.
  let split = 0;
  for (let n = 10; n <= 40; n++) {
    const para = `<p>${Array.from({ length: 7 }, (_, i) => `Line${i + 1}`).join("<br>")}</p>`;
    const html = `<style>p { orphans: 3; widows: 3 }</style>${"<p>filler</p>".repeat(n)}${para}`;
    const { text } = await extractText(await renderHtmlToPdf(html, { pageSize: "a5" }), {
      mergePages: false,
    });
    const line = Array.from(
      { length: 7 },
      (_, i) => text.findIndex((t) => new RegExp(`Line${i + 1}\\b`).test(t)),
    );
    const first = line.filter((p) => p === line[0]).length;
    if (first === line.length) continue;
    split++;
    assert.ok(first >= 3 && line.length - first >= 3, `after ${n} lines: pages ${line}`);
  }
  assert.ok(split > 0, "some positions do break the paragraph");
});
