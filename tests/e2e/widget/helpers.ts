import type { Browser, Page } from "playwright-core";
import { connect } from "../../../shared/db/client.ts";
import type { Stack } from "./stack.ts";
import { Buffer } from "node:buffer";
import { wrongReadingBill } from "./wrong_bill.ts";

export const ARTIFACTS = new URL("../../../test-artifacts/widget/", import.meta.url);
await Deno.mkdir(ARTIFACTS, { recursive: true });
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname, fullPage: false });

const axeSource = await Deno.readTextFile(
  new URL("../../../node_modules/axe-core/axe.min.js", import.meta.url),
);

/** axe-core violations of serious or critical impact on the current page. */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    // deno-lint-ignore no-explicit-any
    return r.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n: any) => n.target.join(" ")).slice(0, 3),
    }));
  });
  return violations.filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
    .map((v: { id: string; help: string; nodes: string[] }) => `${v.id}: ${v.help} (${v.nodes.join(", ")})`);
}

/** Every request the page makes to another origin than the stack (there must be none offline). */
export function watchThirdParty(page: Page, stack: Stack): string[] {
  const foreign: string[] = [];
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(stack.url) && !u.startsWith("data:") && !u.startsWith("blob:")) foreign.push(u);
  });
  return foreign;
}

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function query<T = Record<string, unknown>>(
  stack: Stack,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const sql = connect(stack.db.url, { max: 1 });
  try {
    return await sql.unsafe(text, params) as unknown as T[];
  } finally {
    await sql.end();
  }
}

/** A fresh page on the widget of `stack` (phones below 500 px: touch), ready once the widget says so. */
export async function openWidget(browser: Browser, stack: Stack, width: number, height = 700): Promise<Page> {
  // bypassCSP only lets the test inject axe-core; the widget itself runs under its real CSP otherwise.
  const page = await browser.newPage({
    viewport: { width, height },
    bypassCSP: true,
    isMobile: width < 500,
    hasTouch: width < 500,
  });
  await page.goto(`${stack.url}/widget/?token=${encodeURIComponent(stack.token)}`);
  await page.waitForSelector("body[data-ready]");
  return page;
}

/**
 * Test steps that each own one page (`pages.page`): a failing step leaves a FAILED-<prefix>-… screenshot,
 * and the page is closed after every step.
 */
export function pageSteps(t: Deno.TestContext, prefix: string) {
  const pages: { page?: Page } = {};
  const step = (name: string, fn: () => Promise<void>) =>
    t.step(name, async () => {
      try {
        await fn();
      } catch (e) {
        const page = pages.page;
        if (page && !page.isClosed()) {
          await shot(page, `FAILED-${prefix}-${name.slice(0, 30).replace(/\W+/g, "-")}`).catch(() => {});
        }
        throw e;
      } finally {
        await pages.page?.close().catch(() => {});
      }
    });
  return { pages, step };
}

/** From the home step (toHomeStep): Continue, the first provider, Continue: the page is at the bill step. */
export async function homeToBillStep(page: Page) {
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
  await page.getByRole("radio").first().check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Upload your electricity bill" }).waitFor();
}

/** The home's provider: the one named `provider` (the bill's own utility), or the first offered. */
export async function chooseProvider(page: Page, provider?: RegExp) {
  await (provider ? page.getByRole("radio", { name: provider }) : page.getByRole("radio").first()).check();
}

/** The utility of wrong_bill.ts's bills: Tempe's ZIP lists Salt River Project first (its own), APS second. */
export const APS = /Arizona Public Service/;

/**
 * From the provider step: `provider` (or the first provider), then `files` uploaded and read: the page is at the
 * check step. A bill of another utility than the chosen one has its utility line marked (utility_mismatch).
 */
export async function uploadBill(page: Page, files: Parameters<Page["setInputFiles"]>[1], provider?: RegExp) {
  await chooseProvider(page, provider);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Upload your electricity bill" }).waitFor();
  await page.locator("input[type=file][multiple]").setInputFiles(files);
  await page.getByRole("button", { name: "Read my bill" }).click();
  await page.getByRole("heading", { name: "Check what we read from your bill" }).waitFor({ timeout: 90_000 });
}

/** From the provider step: APS, then the APS bill of wrong_bill.ts uploaded and read. */
export async function uploadWrongBill(page: Page) {
  await uploadBill(page, {
    name: "aps-direct-plan.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await wrongReadingBill()),
  }, APS);
}

/**
 * From the address step: the demo address in Tempe, AZ chosen, on the home step with a Metal roof and the
 * ZIP 85281 typed (Tempe has several ZIPs, so the widget asks: issue 15).
 */
export async function toHomeStep(page: Page) {
  await page.getByRole("combobox", { name: "Home address" }).pressSequentially("7070 Elm St, Tem", {
    delay: 15,
  });
  await page.getByRole("option", { name: /Tempe, AZ/ }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Confirm your home" }).waitFor();
  await page.getByLabel("ZIP code").fill("85281");
  await page.getByRole("radio", { name: "Metal" }).check();
}

/**
 * An attacker's API at `origin` (played by `page.route`): it answers the token exchange and `widget-info` with
 * `info` as the platform would. Returns the paths that reached it.
 */
export async function attackerApi(
  page: Page,
  origin: string,
  info: Record<string, unknown>,
): Promise<string[]> {
  const reached: string[] = [];
  await page.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    reached.push(`${route.request().method()} ${path}`);
    const body = path.endsWith("/widget-info") ? { data: info } : { idToken: "x.y.z", expiresIn: 3600 };
    return route.fulfill({
      status: 200,
      contentType: "application/json",
      headers: { "access-control-allow-origin": "*", "access-control-allow-headers": "*" },
      body: JSON.stringify(body),
    });
  });
  return reached;
}
