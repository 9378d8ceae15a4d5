// `page-break-inside: avoid` on a table moves it whole to the next page when it fits on one: the savings report's
// six-row month table was split five rows and one, the last row alone under a repeated header.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";

const table = (style: string) =>
  `<table${style}><thead><tr><th>Month</th><th>Usage</th></tr></thead><tbody>${
    [1, 2, 3, 4, 5, 6].map((i) => `<tr><td>Row${i}</td><td>${i}00 kWh</td></tr>`).join("")
  }</tbody></table><p>After the table.</p>`;

/** On which page each row is, for a table after `n` lines of text. */
async function rowPages(n: number, style: string): Promise<number[]> {
  const pdf = await renderHtmlToPdf(`${"<p>line</p>".repeat(n)}${table(style)}`, { pageSize: "a5" });
  const { text } = await extractText(pdf, { mergePages: false });
  return [1, 2, 3, 4, 5, 6].map((i) => text.findIndex((t) => t.includes(`Row${i}`)));
}

Deno.test("a table styled page-break-inside: avoid is never split when it fits on a page", async () => {
  let splitWithout = 0;
  for (let n = 15; n <= 40; n++) {
    const kept = await rowPages(n, ` style="page-break-inside: avoid"`);
    assert.ok(kept.every((p) => p === kept[0] && p >= 0), `after ${n} lines: rows on pages ${kept}`);
    const plain = await rowPages(n, "");
    if (new Set(plain).size > 1) splitWithout++;
  }
  assert.ok(splitWithout > 0, "some of these positions do split a table without the rule");
  // A table taller than a page still breaks (rather than overflow the page).
  const tall = `<table style="break-inside: avoid">${
    Array.from({ length: 60 }, (_, i) => `<tr><td>Tall${i}</td></tr>`).join("")
  }</table>`;
  const { text } = await extractText(await renderHtmlToPdf(tall, { pageSize: "a5" }), { mergePages: false });
  assert.ok(text.length >= 2 && text.every((t) => t.includes("Tall")), `${text.length} pages`);
});

/** The header's and each row's page, for a table of `rows` rows after `n` lines of text. */
async function pagesOfRows(n: number, rows: number, style: string) {
  const t = `<table style="${style}"><thead><tr><th>Head</th><th>Usage</th></tr></thead><tbody>${
    Array.from({ length: rows }, (_, i) => `<tr><td>Row${i + 1}</td><td>${i + 1}00 kWh</td></tr>`).join("")
  }</tbody></table>`;
  const pdf = await renderHtmlToPdf(`${"<p>line</p>".repeat(n)}${t}`, { pageSize: "a5" });
  const { text } = await extractText(pdf, { mergePages: false });
  const rowPage = Array.from(
    { length: rows },
    (_, i) => text.findIndex((p) => new RegExp(`Row${i + 1}\\b`).test(p)),
  );
  return { text, rowPage };
}

Deno.test("orphans / widows on a table: it breaks only with that many rows on each page, the header repeated (QA5)", async () => {
  let split = 0;
  for (let n = 15; n <= 40; n++) {
    const { text, rowPage } = await pagesOfRows(n, 6, "orphans: 3; widows: 3");
    const pages = [...new Set(rowPage)];
    assert.ok(rowPage.every((p) => p >= 0));
    if (pages.length === 1) continue;
    split++;
    assert.deepEqual(
      rowPage,
      [0, 1, 2, 3, 4, 5].map((i) => (i < 3 ? pages[0] : pages[1])),
      `after ${n} lines`,
    );
    for (const p of pages) {
      assert.ok(text[p].includes("Head"), `after ${n} lines: page ${p + 1} has the header`);
    }
  }
  assert.ok(split > 0, "some positions do break the table (it is not simply kept whole)");
  // Fewer rows than orphans + widows: kept whole, as page-break-inside: avoid.
  for (let n = 15; n <= 40; n++) {
    const { rowPage } = await pagesOfRows(n, 5, "orphans: 3; widows: 3");
    assert.equal(new Set(rowPage).size, 1, `5 rows after ${n} lines: ${rowPage}`);
  }
});
