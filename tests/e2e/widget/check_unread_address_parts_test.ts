// The check step names the parts of the service address the reader left empty (QA pass 16): a Runestone Electric
// bill prints the street but no city, state or ZIP, and the hint "We could not read this from your bill" stood
// under "Street address", above the street that was read. Embedded bill reader, a synthetic Runestone bill, 390 px.
import assert from "node:assert/strict";
import { withStackAndBrowser } from "./with_stack.ts";
import { axeProblems, openWidget, shot, toHomeStep, uploadBill } from "./helpers.ts";

const BILL = new URL("../../fixtures/bills/synthetic/runestone-01.pdf", import.meta.url).pathname;

Deno.test({
  name:
    "widget check step: the service address's unread parts are named, and each is described by that hint (Chromium)",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withStackAndBrowser({}, async (stack, browser) => {
    const page = await openWidget(browser, stack, 390, 800);
    try {
      await toHomeStep(page);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
      await uploadBill(page, BILL);
      const address = page.locator(".read-line[data-group=address]");
      const street = address.getByLabel("Street address");
      assert.equal(await street.inputValue(), "2112 WILLOW ST", "the street was read");
      const described = (label: string) =>
        address.getByLabel(label).evaluate((e) =>
          (e.getAttribute("aria-describedby") ?? "").split(" ").map((id) =>
            document.getElementById(id)?.textContent ?? ""
          ).join(" ").trim()
        );
      const hint =
        "We could not read the city, state and ZIP code from your bill. Please type them as they appear on your bill.";
      assert.equal(await described("Street address"), hint);
      for (const label of ["City", "State", "ZIP code"]) {
        assert.equal(await address.getByLabel(label).inputValue(), "", `${label} was not read`);
        assert.equal(await described(label), hint, `${label} is described by the hint`);
      }
      assert.equal(await address.getByText(/could not read this from your bill/).count(), 0);
      assert.deepEqual(await axeProblems(page), [], "axe on the check step at 390 px");
      await shot(page, "w390-check-unread-address-parts");
    } finally {
      await page.close();
    }
  });
});
