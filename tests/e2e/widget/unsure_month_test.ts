// The widget in Chromium with the embedded reader (issue #11): a month the reader is unsure of — the bill's own
// month printing 905 kWh where its meter bills 990 — is marked on the check step and must be confirmed; confirmed
// as read, it is the bill's printed figure: the summary and the report use it as read, not as an estimate (QA pass
// 10; it was "(estimated)").
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { withStackAndBrowser } from "./with_stack.ts";
import { APS, openWidget, query, shot, toHomeStep, uploadBill } from "./helpers.ts";
import { wrongReadingBill } from "./wrong_bill.ts";

/** Dec 2024 … Dec 2025; December 2025, the bill's month, prints 905 kWh (the meter bills 990). */
const HISTORY = [1010, 1050, 880, 820, 790, 940, 1180, 1390, 1420, 1130, 900, 860, 905];

Deno.test({
  name:
    "widget: a month the reader is unsure of is marked, confirmed, and kept as read in the report (Chromium)",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withStackAndBrowser({}, async (stack, browser) => {
    const page = await openWidget(browser, stack, 1024, 800);
    try {
      await toHomeStep(page);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
      await uploadBill(page, {
        name: "aps-unsure-december.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from(await wrongReadingBill({ name: "MARIA LOPEZ", history: HISTORY })),
      }, APS);
      const usage = page.locator(".read-line[data-group=usage]");
      // Only the usage line is marked, for the unsure month, and only December's cell
      assert.deepEqual(
        await page.locator(".read-line.flagged").evaluateAll((els) =>
          els.map((e) => e.getAttribute("data-group"))
        ),
        ["usage"],
      );
      assert.match(
        await usage.locator(".flag-why").textContent() ?? "",
        /not sure we read the marked months/,
      );
      assert.deepEqual(
        await page.locator(".month.suspect input").evaluateAll((els) =>
          els.map((e) => e.getAttribute("aria-label"))
        ),
        ["December 2025 usage in kWh"],
      );
      await usage.scrollIntoViewIfNeeded();
      await shot(page, "w1024-check-unsure-month");
      // Continue without confirming: refused; confirmed as read: on to the contact step
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Please correct or confirm the marked lines.").waitFor();
      await usage.getByRole("checkbox").check();
      // every marked line ticked: the message goes at once, not at the next Continue (QA pass 11)
      await page.waitForFunction(
        () =>
          ![...document.querySelectorAll<HTMLElement>("p.field-error")].some((p) =>
            !p.hidden && p.textContent === "Please correct or confirm the marked lines."
          ),
        null,
        { timeout: 2_000 },
      );
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Where should we send your report?" }).waitFor();
      await page.getByLabel("First name").fill("Maria");
      await page.getByRole("textbox", { name: "Email" }).fill("unsure.month@example.com");
      await page.getByRole("checkbox").check();
      await page.getByRole("button", { name: "Get my savings report" }).click();
      await page.getByRole("heading", { name: "Your solar savings estimate" }).waitFor({ timeout: 60_000 });
      // December, confirmed as read, is a printed month like the other eleven: no month drawn or said as estimated
      await page.locator(".chart").waitFor();
      assert.equal(await page.locator(".chart rect.estimated").count(), 0);
      assert.doesNotMatch(
        await page.locator(".chart").textContent() ?? "",
        /estimated/,
        "no month said estimated",
      );
      const [r] = await query<{ figures: { monthlyKwh: number[]; extrapolatedMonths: number[] } }>(
        stack,
        "select r.figures from public.savings_reports r join public.leads l on l.report_transaction_id = r.id::text where l.email = $1",
        ["unsure.month@example.com"],
      );
      assert.deepEqual(r.figures.extrapolatedMonths, []);
      assert.equal(r.figures.monthlyKwh[11], 905, "the month as read");
    } finally {
      await page.close();
    }
  });
});
