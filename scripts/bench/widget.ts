// `npm run bench:widget`: the widget's bundle size (budget: JS+CSS <= 80 KB gzip) and the time from loading the
// partner page with the widget iframe to the widget's first interactive step, in Debian Chromium against the
// real local stack. Prints figures; asserts nothing.
import { gzipSync } from "node:zlib";
import { buildWidget, widgetDist } from "../widget/build.ts";
import { startStack } from "../../tests/e2e/widget/stack.ts";
import { launchBrowser } from "../../tests/e2e/widget/browser.ts";

const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 7);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const build = await buildWidget();
let gzTotal = 0;
console.log(`widget build: ${build.ms} ms`);
for (const f of build.files) {
  const gz = gzipSync(await Deno.readFile(new URL(f.name, widgetDist)), { level: 9 }).length;
  if (f.name !== "index.html") gzTotal += gz;
  console.log(`  ${f.name.padEnd(11)} ${kb(f.bytes).padStart(9)} raw  ${kb(gz).padStart(8)} gzip`);
}
console.log(`JS+CSS gzip total: ${kb(gzTotal)} (budget 80 KB: ${gzTotal <= 80 * 1024 ? "within" : "OVER"})`);

const stack = await startStack();
const { browser, close } = await launchBrowser();
const wall: number[] = [], inner: number[] = [], requests: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    const page = await context.newPage();
    let n = 0;
    page.on("request", () => n++);
    const t0 = performance.now();
    await page.goto(`${stack.url}/demo`);
    const frame = await (await page.waitForSelector("iframe")).contentFrame();
    await frame!.waitForSelector("body[data-ready=true]");
    wall.push(performance.now() - t0);
    inner.push(Number(await frame!.evaluate(() => document.body.dataset.readyMs)));
    requests.push(n);
    await context.close();
  }
} finally {
  await close();
  await stack.stop();
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${Math.round(s[Math.floor(s.length / 2)])} ms, min ${Math.round(s[0])} ms, max ${
    Math.round(s.at(-1)!)
  } ms`;
};
console.log(`\nfirst interactive step, ${RUNS} cold loads (fresh browser context each):`);
console.log(`  partner page load -> widget interactive (wall): ${stats(wall)}`);
console.log(`  iframe navigation start -> interactive:        ${stats(inner)}`);
console.log(
  `  requests per load (page + iframe + API):        ${Math.min(...requests)}-${Math.max(...requests)}`,
);
