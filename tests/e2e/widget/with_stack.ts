// A browser test's frame: the local stack (with `env`) and Chromium, the stack's log printed when the body fails,
// both stopped afterwards.
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { type Stack, startStack } from "./stack.ts";

export async function withStackAndBrowser(
  env: Record<string, string>,
  body: (stack: Stack, browser: Browser) => Promise<void>,
): Promise<void> {
  const stack = await startStack(env);
  const { browser, close } = await launchBrowser();
  try {
    await body(stack, browser);
  } catch (e) {
    console.error(stack.log().slice(-4000));
    throw e;
  } finally {
    await close();
    await stack.stop();
  }
}
