// The widget in Chromium (issue 15): an address whose ZIP the platform could not choose ("435 W 57th St, New York,
// NY": Manhattan has many ZIPs, the offline geocoder knows no streets) is not given a ZIP. The home step leaves the
// ZIP empty, says why, lists the city's ZIPs and blocks Continue until the homeowner types theirs; the ZIP sent
// onward (property, providers, lead) is the one typed.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { withStackAndBrowser } from "./with_stack.ts";
import { axeProblems, openWidget, pageSteps, query, shot, uploadBill } from "./helpers.ts";

const CONED_BILL = new URL("../../fixtures/bills/synthetic/coned-01.pdf", import.meta.url).pathname;
const ADDRESS = "435 W 57th St, New York, NY";

const zipField = (page: Page) => page.locator("input[name=zip]");
const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? "");
const describedBy = (page: Page) =>
  zipField(page).evaluate((e) =>
    (e.getAttribute("aria-describedby") ?? "").split(" ").map((id) =>
      document.getElementById(id)?.textContent ?? ""
    )
      .join(" ")
  );

/** On the confirm step of ADDRESS: the ZIP is empty, the hint says why and the city's ZIPs are listed. */
async function expectZipQuestion(page: Page) {
  await page.getByRole("heading", { name: "Confirm your home" }).waitFor();
  await page.getByText("New York has several ZIP codes — type yours.").waitFor();
  assert.equal(await zipField(page).inputValue(), "", "no ZIP is invented");
  assert.match(await describedBy(page), /several ZIP codes/, "the hint is the field's description");
  const options = await page.evaluate(() =>
    [...(document.querySelector("input[name=zip]") as HTMLInputElement).list!.options].map((o) => o.value)
  );
  assert.ok(options.length > 100, `the city's ZIPs are offered (${options.length})`);
  assert.ok(options.includes("10019"));
}

Deno.test({
  name: "widget: a ZIP the platform could not choose is typed by the homeowner, never invented (Chromium)",
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  await withStackAndBrowser({}, async (stack, browser) => {
    const { pages, step } = pageSteps(t, "zip");
    await step(
      "1280 px: a suggestion of a several-ZIP city asks; Continue is blocked; 10019 typed reaches the lead",
      async () => {
        const page = pages.page = await openWidget(browser, stack, 1280, 800);
        await page.getByRole("combobox", { name: "Home address" }).pressSequentially(ADDRESS, { delay: 10 });
        await page.getByRole("option", { name: /New York, NY/ }).first().click();
        await page.getByRole("button", { name: "Continue" }).click();
        await expectZipQuestion(page);
        await page.getByRole("radio", { name: "Metal" }).check();
        assert.deepEqual(await axeProblems(page), [], "axe on the home step asking for the ZIP");
        await shot(page, "w1280-confirm-zip");

        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Type your ZIP code.", { exact: true }).first().waitFor();
        assert.equal(await focusedName(page), "zip", "focus on the ZIP field");
        // Announced in the polite status line (written a tick later, so a repeated message is read again).
        await page.locator("p.status[role=status]", {
          hasText: "Type your ZIP code.",
        }).waitFor({ timeout: 5_000 });
        assert.ok(await page.getByRole("heading", { name: "Confirm your home" }).isVisible(), "blocked");
        assert.deepEqual(await axeProblems(page), [], "axe with the ZIP error");
        await shot(page, "w1280-confirm-zip-blocked");

        // A reload keeps the question (the state survives in sessionStorage).
        await page.reload();
        await page.waitForSelector("body[data-ready]");
        await expectZipQuestion(page);

        await zipField(page).fill("10019");
        await page.getByRole("radio", { name: "Metal" }).check();
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
        const labels = await page.locator(".choice span").allTextContents();
        assert.ok(labels.some((l) => /Consolidated Edison/i.test(l)), labels.join(" | "));
        await uploadBill(page, CONED_BILL);
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("heading", { name: "Where should we send your report?" }).waitFor();
        await page.getByRole("textbox", { name: "Email" }).fill("zip.confirm@example.com");
        await page.getByRole("checkbox").check();
        await page.getByRole("button", { name: "Get my savings report" }).click();
        await page.getByRole("heading", { name: "Your solar savings estimate" }).waitFor({ timeout: 60_000 });
        const [lead] = await query<{ zip: string; city: string }>(
          stack,
          "select p.zip, p.city from public.leads l join public.properties p on p.id = l.property_id where l.email = 'zip.confirm@example.com'",
        );
        assert.deepEqual(lead, { zip: "10019", city: "New York" }, "the lead carries the homeowner's ZIP");
      },
    );

    await step(
      "375 px: the typed address asks too; the ZIP typed is the property's, the city's default is never used",
      async () => {
        const page = pages.page = await openWidget(browser, stack, 375, 760);
        await page.getByRole("combobox", { name: "Home address" }).fill(ADDRESS);
        await page.getByRole("button", { name: "Continue" }).click();
        await expectZipQuestion(page);
        await page.getByRole("radio", { name: "Asphalt shingle" }).check();
        await page.getByText("New York has several ZIP codes — type yours.").scrollIntoViewIfNeeded();
        assert.deepEqual(await axeProblems(page), [], "axe at 375 px");
        await shot(page, "w375-confirm-zip");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Type your ZIP code.", { exact: true }).first().waitFor();
        assert.equal(await focusedName(page), "zip");
        await zipField(page).fill("1003");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Enter a 5-digit ZIP code.").waitFor();
        await zipField(page).fill("10036");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
        const props = await query<{ zip: string }>(
          stack,
          "select zip from public.properties where city = 'New York' order by zip",
        );
        assert.deepEqual(
          props.map((p) => p.zip),
          ["10019", "10036"],
          "only typed ZIPs, never the default 10112",
        );
      },
    );
  });
});
