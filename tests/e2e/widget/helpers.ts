import type { Page } from "playwright-core";
import { connect } from "../../../shared/db/client.ts";
import type { Stack } from "./stack.ts";

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
    return await sql.unsafe(text, params as never[]) as unknown as T[];
  } finally {
    await sql.end();
  }
}
