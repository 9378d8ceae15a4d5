// The widget as a homeowner uses it (QA, issue 11): "Read my bill" without a bill says so; a month the widget
// estimated is announced as estimated until the homeowner types over it; a month the homeowner then typed is
// theirs in the report (it was still counted among the "estimated" months), and the summary's six figures sit in
// even rows (five columns left "Payback" alone on a second row at 1024 px).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { withStackAndBrowser } from "./with_stack.ts";
import { axeProblems, homeToBillStep, openWidget, query, shot, toHomeStep } from "./helpers.ts";

/** The summary figures' rows: how many figures share each top edge. */
async function figureRows(page: Page): Promise<number[]> {
  const tops = await page.locator(".figures .figure").evaluateAll((els) =>
    els.map((e) => Math.round(e.getBoundingClientRect().top))
  );
  const rows = new Map<number, number>();
  for (const t of tops) rows.set(t, (rows.get(t) ?? 0) + 1);
  return [...rows.values()];
}

Deno.test({
  name:
    "widget: no bill chosen is said; a typed-over estimated month is the homeowner's in the report and the chart; the summary's figures in even rows",
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  await withStackAndBrowser({}, async (stack, browser) => {
    for (const width of [1024, 375]) {
      await t.step(`${width} px`, async () => {
        const email = `typed.${width}@example.com`;
        const page = await openWidget(browser, stack, width, 800);
        try {
          await toHomeStep(page);
          await homeToBillStep(page);
          // "Read my bill" with nothing chosen says so (it repeated the file-type hint).
          await page.getByRole("button", { name: "Read my bill" }).click();
          await page.getByRole("alert").filter({ hasText: "Choose your bill first" }).waitFor();
          // No bill: one monthly figure, so all twelve months are estimated until the homeowner types one.
          await page.locator("details.manual > summary").click();
          // QA pass 7: "1,200" as a homeowner writes it was refused "for each month"; "abc" says what is wanted.
          await page.getByLabel("Average monthly use (kWh)").fill("abc");
          await page.locator("details.manual").getByRole("button", { name: "Continue" }).click();
          await page.getByText("Enter your average monthly use in kWh, a number such as 900.").waitFor();
          await page.getByLabel("Average monthly use (kWh)").fill("1,200");
          await page.locator("details.manual").getByRole("button", { name: "Continue" }).click();
          await page.getByRole("heading", { name: "Your monthly electricity use" }).waitFor();
          assert.equal(await page.locator(".months input").first().inputValue(), "1200");
          await page.getByRole("button", { name: /Back/ }).click();
          await page.locator("details.manual > summary").click();
          await page.getByLabel("Average monthly use (kWh)").fill("900");
          await page.locator("details.manual").getByRole("button", { name: "Continue" }).click();
          await page.getByRole("heading", { name: "Your monthly electricity use" }).waitFor();
          // No bill was uploaded: the way back to the bill step is not "a different bill" (QA pass 4).
          await page.getByRole("button", { name: "Upload a bill instead" }).waitFor();
          assert.equal(await page.getByRole("button", { name: "Upload a different bill" }).count(), 0);
          const july = page.getByLabel(/^July \d{4} usage in kWh$/);
          // An estimated month is said to a screen reader, not only shown after the field (QA pass 4); typed
          // over, it is no longer marked estimated, neither on screen nor to a screen reader.
          const julyCell = page.locator(".month").filter({ has: july });
          const description = () =>
            july.evaluate((e) =>
              (e.getAttribute("aria-describedby") ?? "").split(" ").map((id) =>
                document.getElementById(id)?.textContent ?? ""
              ).join(" ").trim()
            );
          assert.equal(await description(), "estimated");
          const estimate = await july.inputValue();
          assert.equal(await julyCell.getByText("estimated").isVisible(), true);
          await july.fill("1400");
          assert.equal(await description(), "");
          assert.equal(await julyCell.getByText("estimated").isVisible(), false, "typed over: not estimated");
          await july.fill(estimate);
          assert.equal(await description(), "estimated", "back to the estimate: estimated again");
          await july.fill("1400");
          await page.getByRole("button", { name: "Continue" }).click();
          await page.getByRole("heading", { name: "Where should we send your report?" }).waitFor();
          await page.getByLabel("First name").fill("Rosa");
          await page.getByRole("textbox", { name: "Email" }).fill(email);
          await page.getByRole("checkbox").check();
          await page.getByRole("button", { name: "Get my savings report" }).click();
          await page.getByRole("heading", { name: "Your solar savings estimate" }).waitFor({
            timeout: 60_000,
          });
          await shot(page, `w${width}-summary-figures`);
          const rows = await figureRows(page);
          assert.equal(rows.reduce((a, b) => a + b, 0), 6, "six figures");
          assert.ok(rows.every((n) => n === rows[0]), `every row holds as many figures: ${rows.join(" + ")}`);
          assert.deepEqual(rows, width < 700 ? [2, 2, 2] : [3, 3]);
          // The eleven estimated months are drawn lighter and said so; July, typed, is not.
          assert.equal(await page.locator(".chart rect.estimated").count(), 11);
          assert.equal(await page.locator(".chart rect").nth(6).getAttribute("class"), "bar");
          await page.getByText("Lighter bars: 11 months estimated.").waitFor();
          // The summary says what happens next, in the partner's name.
          await page.getByRole("heading", { name: "What happens next" }).waitFor();
          await page.getByText(/^Demo Solar Co will contact you to go through these figures/).waitFor();
          assert.deepEqual(await axeProblems(page), [], "axe on the summary");

          const [r] = await query<{ figures: { monthlyKwh: number[]; extrapolatedMonths: number[] } }>(
            stack,
            "select r.figures from public.savings_reports r join public.leads l on l.report_transaction_id = r.id::text where l.email = $1",
            [email],
          );
          assert.equal(r.figures.monthlyKwh[6], 1400, "July as typed");
          assert.ok(!r.figures.extrapolatedMonths.includes(7), "July is the homeowner's, not an estimate");
          assert.equal(r.figures.extrapolatedMonths.length, 11, "the other eleven months stay estimated");
        } finally {
          await page.close();
        }
      });
    }
  });
});
