// The widget's address step in Chromium as a homeowner types (issue 15): Enter on a typed address keeps its house
// number, a misspelt city is found, a PO Box and a city without a street are refused with a clear message, and the
// confirm step shows real map tiles when WIDGET_MAP_TILE_URL is configured (here a local tile server on plain http,
// as a tile server on the partner's own network would be: the widget's CSP must let its images in).
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { withStackAndBrowser } from "./with_stack.ts";
import { axeProblems, openWidget, pageSteps, shot } from "./helpers.ts";
import { serveApp } from "../../support/http.ts";

const box = (page: Page) => page.getByRole("combobox", { name: "Home address" });
const TILE = (n: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#cfe8cf"/><path d="M0 128H256M128 0V256" stroke="#8aa" stroke-width="6"/><text x="8" y="24" font-size="14">${n}</text></svg>`;

/** Web Mercator x/y of a point at zoom 16, in tiles (OpenStreetMap's slippy-map formula). */
function mercator(lat: number, lon: number): [number, number] {
  const n = 2 ** 16, r = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * n, ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n];
}
const tileOf = (lat: number, lon: number) => mercator(lat, lon).map(Math.floor) as [number, number];
const frac = (lat: number, lon: number) => mercator(lat, lon).map((v) => v - Math.floor(v));

Deno.test({
  name:
    "widget addresses: Enter keeps the house number, fuzzy city, PO Box and street-less refused, map tiles",
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  const requested: string[] = [];
  const tiles = serveApp((req) => {
    const path = new URL(req.url).pathname;
    const m = path.match(/^\/tiles\/(\d+)\/(\d+)\/(\d+)\.svg$/);
    if (!m) return new Response("not found", { status: 404 });
    requested.push(path);
    return new Response(TILE(`${m[2]}/${m[3]}`), { headers: { "content-type": "image/svg+xml" } });
  });
  try {
    await withStackAndBrowser(
      { WIDGET_MAP_TILE_URL: `${tiles.url}/tiles/{z}/{x}/{y}.svg` },
      async (stack, browser) => {
        const { pages, step } = pageSteps(t, "address");
        await step(
          "1280 px: Enter on a typed address keeps the house number; the map shows the tiles",
          async () => {
            // Under the widget's real CSP (openWidget bypasses it to inject axe; axe runs at 375 px below).
            const page = pages.page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
            await page.goto(`${stack.url}/widget/?token=${encodeURIComponent(stack.token)}`);
            await page.waitForSelector("body[data-ready]");
            await box(page).fill("13619 Tortona Ln, Windermere FL");
            await box(page).press("Enter");
            await page.getByRole("heading", { name: "Confirm your home" }).waitFor();
            assert.equal(await page.getByLabel("Street address").inputValue(), "13619 Tortona Ln");
            assert.equal(await page.locator("input[name=zip]").inputValue(), "34786", "Windermere's one ZIP");
            const map = page.getByRole("img", { name: /13619 Tortona Ln Windermere/ });
            await map.waitFor();
            // Nine tiles, loaded (a blocked image has no natural size), around the point the geocoder gave.
            await page.waitForFunction(
              () =>
                [...document.querySelectorAll<HTMLImageElement>(".map .tiles img")].filter((i) =>
                  i.complete && i.naturalWidth > 0
                ).length === 9,
              undefined,
              { timeout: 10_000 },
            );
            const [lat, lon] = await map.evaluate(() => {
              // The widget's state entry, not the ID token it keeps beside it (":id", security pass 8).
              const k = Object.keys(sessionStorage).find((k) => !k.endsWith(":id"));
              const s = JSON.parse((k && sessionStorage.getItem(k)) ?? "{}");
              return [s.state?.lat ?? s.lat, s.state?.lon ?? s.lon];
            });
            const [x, y] = tileOf(lat, lon);
            assert.ok(
              requested.includes(`/tiles/16/${x}/${y}.svg`),
              `the centre tile ${x}/${y}: ${requested}`,
            );
            // The point is at the map's centre, where the pin is, and tiles cover the whole map.
            const placed = await page.evaluate(([x, y, fx, fy]) => {
              const map = document.querySelector(".map")!.getBoundingClientRect();
              const centre = [...document.querySelectorAll<HTMLImageElement>(".map .tiles img")]
                .find((i) => i.src.endsWith(`/16/${x}/${y}.svg`))!.getBoundingClientRect();
              const layer = document.querySelector(".map .tiles img")!.getBoundingClientRect();
              return {
                dx: Math.round(centre.left + fx * 256 - (map.left + map.width / 2)),
                dy: Math.round(centre.top + fy * 256 - (map.top + map.height / 2)),
                covered: layer.left <= map.left && layer.top <= map.top && layer.left + 768 >= map.right &&
                  layer.top + 768 >= map.bottom,
              };
            }, [x, y, frac(lat, lon)[0], frac(lat, lon)[1]]);
            assert.ok(
              Math.abs(placed.dx) <= 1 && Math.abs(placed.dy) <= 1 && placed.covered,
              JSON.stringify(placed),
            );
            await shot(page, "w1280-confirm-map-tiles");
          },
        );

        await step("375 px: a misspelt city is found; PO Box and a city alone are refused", async () => {
          const page = pages.page = await openWidget(browser, stack, 375, 760);
          await box(page).pressSequentially("1 Market St, San Fransisco", { delay: 10 });
          await page.getByRole("option", { name: "1 Market St, San Francisco, CA" }).waitFor();
          await box(page).fill("PO Box 12, Austin, TX 78701");
          await box(page).press("Enter");
          await page.getByText("a PO Box has no roof to put panels on").waitFor();
          assert.ok(
            await page.getByRole("heading", { name: "See how much you could save with solar" }).isVisible(),
          );
          assert.deepEqual(await axeProblems(page), [], "axe with the PO Box message");
          await shot(page, "w375-address-po-box");
          await box(page).fill("Austin, TX");
          await box(page).press("Enter");
          await page.getByText("with its house number").waitFor();
          await shot(page, "w375-address-no-street");
          await box(page).fill("13619 Tortona Ln, Windermere FL");
          await box(page).press("Enter");
          await page.getByRole("heading", { name: "Confirm your home" }).waitFor();
          await page.waitForFunction(() =>
            [...document.querySelectorAll<HTMLImageElement>(".map .tiles img")].some((i) =>
              i.naturalWidth > 0
            )
          );
          assert.deepEqual(await axeProblems(page), [], "axe on the confirm step with a map");
          await shot(page, "w375-confirm-map-tiles");
        });
      },
    );
  } finally {
    await tiles.close();
  }
});
