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
