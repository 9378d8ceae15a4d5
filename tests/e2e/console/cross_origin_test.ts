// The console served from another origin than the widget and the API (two 127.0.0.1 ports): its live preview
// cannot reach into the widget's document, so the draft colour goes to the preview session on the server and the
// widget reloads with it; nothing is saved until "Save". Chromium with the CSP enforced (no axe here: it needs an
// inline script; the same screen is checked with axe in console_test.ts), 1280 and 375 px.
import assert from "node:assert/strict";
import { launchBrowser } from "../widget/browser.ts";
import { startStack } from "../widget/stack.ts";
import { query, waitFor } from "../widget/helpers.ts";
import { serveApp } from "../../support/http.ts";
import { buildConsole } from "../../../scripts/console/build.ts";
import { ARTIFACTS, knownPassword, PASSWORD, shot } from "./support.ts";

const TYPES: Record<string, string> = { html: "text/html", js: "text/javascript", css: "text/css" };

Deno.test({
  name:
    "partner console on its own origin: the live preview shows a new colour in the widget of another origin",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const stack = await startStack();
    const dir = await Deno.makeTempDir({ prefix: "console-origin-" });
    const out = new URL(`file://${dir}/`);
    await buildConsole({ outDir: out, apiBase: stack.url });
    // A static host for the console, as a bucket or CDN would be, with the CSP docs/partner.md gives for it.
    const host = serveApp(async (req) => {
      const name = new URL(req.url).pathname.replace(/^\/console\/?/, "") || "index.html";
      if (!/^[a-z]+\.(html|js|css)$/.test(name)) return new Response("not found", { status: 404 });
      return new Response(await Deno.readFile(new URL(name, out)), {
        headers: {
          "content-type": TYPES[name.split(".").pop()!],
          "content-security-policy":
            `default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; frame-src ${stack.url}; connect-src ${stack.url}; frame-ancestors 'none'`,
        },
      });
    });
    const { browser, close } = await launchBrowser();
    try {
      assert.notEqual(new URL(host.url).origin, new URL(stack.url).origin, "two origins");
      await knownPassword(stack);
      for (const width of [1280, 375]) {
        const ctx = await browser.newContext({ viewport: { width, height: 900 }, isMobile: width < 500 });
        const page = await ctx.newPage();
        const failures: string[] = [];
        page.on("console", (m) => m.type() === "error" && failures.push(m.text()));
        await page.goto(`${host.url}/console/`);
        await page.getByLabel("Email").fill("admin@demo-solar.test");
        await page.getByLabel("Password").fill(PASSWORD);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { name: "Leads" }).waitFor();
        await page.goto(`${host.url}/console/#/widget`);
        await page.getByRole("heading", { name: "Widget", exact: true }).waitFor();
        const src = await page.locator("iframe[title='Widget preview']").getAttribute("src");
        await waitFor(
          "the preview's src",
          async () =>
            (await page.locator("iframe[title='Widget preview']").getAttribute("src"))?.startsWith(
              `${stack.url}/widget/?token=`,
            ) ?? false,
        );
        const cont = page.frameLocator("iframe[title='Widget preview']").getByRole("button", {
          name: "Continue",
        });
        await cont.waitFor({ timeout: 30_000 });
        const colour = () => cont.evaluate((b) => getComputedStyle(b).backgroundColor);
        const next = width === 1280 ? ["#b91c1c", "rgb(185, 28, 28)"] : ["#047857", "rgb(4, 120, 87)"];
        assert.notEqual(await colour(), next[1]);
        await page.getByLabel("Main color (hex)").fill(next[0]);
        await waitFor("the new colour in the cross-origin preview", async () => {
          try {
            return (await colour()) === next[1];
          } catch {
            return false; // the widget is reloading
          }
        }, 15_000);
        const [saved] = await query<{ c: string }>(
          stack,
          "select theme->>'primary' as c from public.widget_configs",
        );
        assert.notEqual(saved.c, next[0], "a preview saves nothing");
        await shot(page, `w${width}-8-widget-preview-cross-origin`);
        await cont.waitFor();
        await page.locator("iframe[title='Widget preview']").screenshot({
          path: new URL(`w${width}-8-preview-frame-cross-origin.png`, ARTIFACTS).pathname,
        });
        // The snippet points at the widget's origin, not the console's.
        assert.match(
          await page.getByLabel("Embed snippet").inputValue(),
          new RegExp(`src="${stack.url}/widget/\\?token=`),
        );
        assert.deepEqual(
          failures.filter((f) => /Content Security Policy|CORS|SecurityError/.test(f)),
          [],
          String(src),
        );
        await ctx.close();
      }
    } catch (e) {
      console.error(stack.log().slice(-4000));
      throw e;
    } finally {
      await close();
      await host.close();
      await stack.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
