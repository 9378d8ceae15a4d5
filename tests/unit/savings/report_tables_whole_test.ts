// A business account's report (QA pass 12): its section III figures table broke 4 + 3 rows over pages 3 and 4,
// because kept whole it left "What happens next" alone on a fifth page. The sections' margins now close up first,
// so every table stays whole on the pages the split layout takes. The document is the one a real BGE bill made
// through the widget (tests/fixtures/savings/business_report_md.json, written by the report pipeline).
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { renderSavingsReportPdf, type SavingsReportDocument } from "../../../shared/savings/report_pdf.ts";

const doc = JSON.parse(
  await Deno.readTextFile(new URL("../../fixtures/savings/business_report_md.json", import.meta.url)),
) as SavingsReportDocument;

const pagesOf = async (d: SavingsReportDocument) =>
  (await extractText(await renderSavingsReportPdf(d), { mergePages: false })).text;
/** The last page each of these rows is on (the cover's tiles name some of them too). */
const onPages = (pages: string[], rows: string[]) =>
  rows.map((row) => pages.findLastIndex((p) => p.includes(row)));

Deno.test("a business account's report keeps its figures table, month table and year table whole in 4 pages", async () => {
  const pages = await pagesOf(doc);
  assert.equal(pages.length, 4);
  const figures = onPages(pages, ["Gross system cost", "Net system cost", "Payback period", "CO₂ avoided"]);
  assert.equal(new Set(figures).size, 1, `figures table rows on pages ${figures.map((p) => p + 1)}`);
  const months = onPages(pages, ["January", "June", "December"].map((m) => `${m}\n`));
  assert.equal(new Set(months).size, 1, `month rows on pages ${months.map((p) => p + 1)}`);
  assert.ok(pages[3].includes("What happens next"), "the next steps end the report on page 4");
});

Deno.test("a report's paragraph breaks with three lines or more on each page: page 4 does not begin mid-sentence", async () => {
  // An Austin home's report (a real FPL bill through the widget, tests/fixtures/savings/home_report_tx.json): its
  // page 4 began "none. Source: P.L. 119-21 …", the last three lines of the five-line credit paragraph (QA pass 12).
  const home = JSON.parse(
    await Deno.readTextFile(new URL("../../fixtures/savings/home_report_tx.json", import.meta.url)),
  ) as SavingsReportDocument;
  const pages = await pagesOf(home);
  assert.equal(pages.length, 4);
  const credit = onPages(pages, ["No federal tax credit", "expenditures made after December 31, 2025"]);
  assert.equal(new Set(credit).size, 1, `the credit paragraph on pages ${credit.map((p) => p + 1)}`);
});
