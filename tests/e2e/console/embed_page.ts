// The snippet a partner copied from the console, pasted into the partner's own page on another origin: the widget
// loads in it and the embed script sizes the iframe to the widget's content (not the snippet's fixed 640 px).
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { serveApp } from "../../support/http.ts";
import { waitFor } from "../widget/helpers.ts";
import { shot } from "./support.ts";

export async function snippetSizesItself(browser: Browser, snippet: string, apiUrl: string, width: number) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner's site</title></head>
<body style="margin:0"><h1>Go solar with us</h1>${snippet}<p>Our address and phone.</p></body></html>`;
  const host = serveApp(() => new Response(html, { headers: { "content-type": "text/html" } }));
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  try {
    assert.notEqual(new URL(host.url).origin, new URL(apiUrl).origin, "the partner's page is another origin");
    await page.goto(host.url);
    const iframe = page.locator("iframe[data-solar-widget]");
    const frame = page.frameLocator("iframe[data-solar-widget]");
    await frame.getByRole("heading", { name: "See how much you could save with solar" }).waitFor();
    await waitFor("the iframe sized to the widget", async () => {
      const h = await iframe.evaluate((e) => Math.round(e.getBoundingClientRect().height));
      const content = await frame.locator("#app").evaluate((e) =>
        Math.ceil(e.getBoundingClientRect().height)
      );
      return h !== 640 && Math.abs(h - content) <= 2;
    }, 10_000);
    await shot(page, `w${width}-6-snippet-on-partner-page`);
  } finally {
    await page.close();
    await host.close();
  }
}
