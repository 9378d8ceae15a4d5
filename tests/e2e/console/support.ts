// What the console's browser tests share: screenshots, axe, signing in, the console's navigation.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import type { Stack } from "../widget/stack.ts";
import { axeProblems, query, waitFor } from "../widget/helpers.ts";
import { connect } from "../../../shared/db/client.ts";
import { setPassword } from "../../../shared/identity/admin.ts";

export const ARTIFACTS = new URL("../../../test-artifacts/console/", import.meta.url);
await Deno.mkdir(ARTIFACTS, { recursive: true });
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname, fullPage: true });
export const BILL = new URL("../../fixtures/bills/synthetic/aps-01.pdf", import.meta.url).pathname;

export async function expectAccessible(page: Page, where: string) {
  assert.deepEqual(await axeProblems(page), [], `axe serious/critical violations at ${where}`);
}

export async function signIn(browser: Browser, stack: Stack, width: number): Promise<Page> {
  const demo = { email: "admin@demo-solar.test", password: PASSWORD };
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    bypassCSP: true,
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: stack.url });
  const page = await ctx.newPage();
  await page.goto(`${stack.url}/console/`);
  await page.getByRole("heading", { name: "Partner console" }).waitFor();
  await expectAccessible(page, `login ${width}`);
  await page.getByLabel("Email").fill(demo.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").getByText("The email or password is not right.").waitFor();
  await page.getByLabel("Password").fill(demo.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Leads" }).waitFor();
  return page;
}

export const nav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true });
export const PASSWORD = "console-e2e-password";

/** The demo admin's password is random; the test sets a known one (as `npm run identity -- set-password` would). */
export async function knownPassword(stack: Stack) {
  const sql = connect(stack.db.url, { max: 1 });
  try {
    await setPassword(sql, "admin@demo-solar.test", PASSWORD);
  } finally {
    await sql.end();
  }
}

/** POSTs the widget's savings request over its API; waits for the report PDF attached to the lead; the lead's id. */
export async function savingsLead(stack: Stack, headers: HeadersInit, body: unknown): Promise<string> {
  const res = await fetch(`${stack.url}/v1/widget-service/process-widget-savings-info`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const s = await res.json();
  assert.equal(res.status, 200, JSON.stringify(s));
  await waitFor(
    "the report attached to the lead",
    async () =>
      (await query(stack, "select 1 from public.leads where id = $1 and report_path is not null", [
        s.data.leadId,
      ]))[0],
    60_000,
  );
  return s.data.leadId;
}
