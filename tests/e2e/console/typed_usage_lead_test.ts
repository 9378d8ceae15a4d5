// The console's lead page for a homeowner who typed their usage (no bill): the months as typed, and no sections
// about a bill there was not ("No differences between the bill and what the homeowner confirmed"); a report
// without a system says why instead of $0 (QA, issue 11).
import assert from "node:assert/strict";
import { withStackAndBrowser } from "../widget/with_stack.ts";
import type { Stack } from "../widget/stack.ts";
import { expectAccessible, knownPassword, savingsLead, shot, signIn } from "./support.ts";
import { MONTHS } from "../../../shared/format.ts";

/** The widget's typed-usage path over its API: twelve months, no bill; 100 kWh a month is below the 2 kW minimum. */
async function typedLead(stack: Stack, email: string, kwh: (i: number) => number): Promise<string> {
  const tok = await (await fetch(`${stack.url}/v1/authenticator-service/refresh-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ refreshToken: stack.token }),
  })).json();
  return await savingsLead(stack, { authorization: `Bearer ${tok.idToken}` }, {
    idempotency_key: crypto.randomUUID(),
    consent: true,
    contact: { first_name: "Nora", last_name: "Typed", email },
    address: { line1: "7070 Elm St", city: "Tempe", state: "AZ", zip: "85281" },
    usage_by_month: MONTHS.map((month, i) => ({ month, year: 2025, value: kwh(i), unit: "kWh" })),
  });
}

Deno.test({
  name: "partner console: a typed-usage lead shows the months as typed, no bill sections, and why no system",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withStackAndBrowser({}, async (stack, browser) => {
      await knownPassword(stack);
      await typedLead(stack, "nora.typed@example.com", (i) => 100 + i);
      const page = await signIn(browser, stack, 1280);
      await page.getByRole("link", { name: "Nora Typed" }).click();
      await page.getByRole("heading", { name: "Nora Typed" }).waitFor();
      const typed = page.getByRole("table", { name: "Monthly usage typed by the homeowner (kWh)" });
      await typed.waitFor();
      assert.equal(await typed.locator("tbody tr").count(), 12);
      assert.deepEqual(
        await typed.locator("tbody tr").nth(11).locator("td").allTextContents(),
        ["December", "111"],
      );
      for (
        const gone of ["What the bill reader read", "What the homeowner corrected", "No differences between"]
      ) {
        assert.equal(await page.getByText(gone).count(), 0, `no "${gone}" without a bill`);
      }
      await page.getByText("none offered: the home needs less than the 2 kW minimum").waitFor();
      await expectAccessible(page, "typed-usage lead");
      await shot(page, "w1280-lead-typed-usage");
    });
  },
});
