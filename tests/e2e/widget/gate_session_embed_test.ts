// The widget in Chromium: a wrong bill reading caught and corrected on the check step (issue 11 §2); progress
// that survives reload and Back; the embed script sizing the iframe and relaying events (issue 15).
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { type Stack, startStackReadingAs } from "./stack.ts";
import {
  axeProblems,
  openWidget,
  pageSteps,
  query,
  shot,
  toHomeStep,
  uploadWrongBill,
  waitFor,
} from "./helpers.ts";
import { HISTORY, WRONG, wrongReadingAnswer } from "./wrong_bill.ts";

const corrected = HISTORY.slice(1).map((v) => (v === WRONG.meterReading ? 980 : v));

const open = (browser: Browser, stack: Stack, width: number) => openWidget(browser, stack, width);

async function toProvider(page: Page) {
  await toHomeStep(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
}

const line = (page: Page, group: string) => page.locator(`.read-line[data-group=${group}]`);

Deno.test({
  name: "widget: reading gate, reload and Back, embed script (Chromium, local stack)",
  sanitizeResources: false,
  sanitizeOps: false,
}, async (t) => {
  // The bill is read by a model double (Gemini's wire format) that answers the wrong reading for every upload.
  const { stack, gemini } = await startStackReadingAs(wrongReadingAnswer, 30);
  const { browser, close } = await launchBrowser();
  const { pages, step } = pageSteps(t, "gate");
  let page: Page;
  try {
    await step(
      "a wrong reading is marked on the check step, must be confirmed, and the report uses the homeowner's correction (1280 px)",
      async () => {
        page = pages.page = await open(browser, stack, 1280);
        await toProvider(page);
        await uploadWrongBill(page);
        // What was read is shown: name, service address, utility, the months.
        assert.equal(await page.getByLabel("Full name").inputValue(), WRONG.name);
        assert.equal(await line(page, "address").getByLabel("Street address").inputValue(), "7070 Elm St");
        assert.equal(await page.getByLabel("Provider name").inputValue(), "Arizona Public Service");
        assert.equal(await page.locator(".months input").first().inputValue(), String(WRONG.meterReading));
        // The name and the usage failed a check and are marked; address and utility are not.
        assert.deepEqual(
          await page.locator(".read-line.flagged").evaluateAll((els) =>
            els.map((e) => e.getAttribute("data-group"))
          ),
          ["name", "usage"],
        );
        assert.match(
          await line(page, "name").locator(".flag-why").textContent() ?? "",
          /not a person's name/,
        );
        assert.match(await line(page, "usage").locator(".flag-why").textContent() ?? "", /meter reading/);
        // two reasons, one line each (QA pass 10: four ran together in one paragraph on a phone)
        const why = line(page, "usage").locator(".flag-why .reason");
        assert.deepEqual(await why.allTextContents(), [
          "The marked month is more than a home uses in a month: please check it.",
          "The marked month is far above the others: perhaps a meter reading, not usage.",
        ]);
        const [a, b] = await why.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
        assert.ok(b > a, `each reason on its own line (${a}, ${b})`);
        assert.deepEqual(await axeProblems(page), [], "axe on the check step");
        await shot(page, "w1280-check-flagged");
        await line(page, "usage").scrollIntoViewIfNeeded();
        await shot(page, "w1280-check-flagged-usage");
        // Continue without confirming or correcting: refused, focus on the first marked line.
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByText("Please correct or confirm the marked lines.").waitFor();
        assert.equal(
          await page.evaluate(() =>
            document.activeElement?.closest(".read-line")?.getAttribute("data-group")
          ),
          "name",
        );
        // The homeowner corrects both: the marks go, the step moves on.
        await page.getByLabel("Full name").fill("Grace Hopper");
        await page.locator(".months input").first().fill("980");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("heading", { name: "Where should we send your report?" }).waitFor();
        assert.equal(
          await page.getByLabel("First name").inputValue(),
          "Grace",
          "the corrected name fills the contact step",
        );
        assert.equal(await page.getByLabel("Last name").inputValue(), "Hopper");
        await page.getByRole("textbox", { name: "Email" }).fill("grace.gate@example.com");
        await page.getByRole("checkbox").check();
        await page.getByRole("button", { name: "Get my savings report" }).click();
        await page.getByRole("heading", { name: "Your solar savings estimate" }).waitFor({ timeout: 60_000 });
        await page.getByText(
          `Annual use ${corrected.reduce((a, b) => a + b, 0).toLocaleString("en-US")} kWh.`,
        ).waitFor();
        const [lead] = await query<
          {
            id: string;
            savings: { annualKwh: number };
            bill_reading: { read: { customerName: string } };
            bill_corrections: Record<string, { read: unknown; corrected: unknown }>;
          }
        >(
          stack,
          "select id, savings, bill_reading, bill_corrections from public.leads where email = 'grace.gate@example.com'",
        );
        assert.equal(
          lead.savings.annualKwh,
          corrected.reduce((a, b) => a + b, 0),
          "the report rests on the corrected months",
        );
        assert.equal(lead.bill_reading.read.customerName, WRONG.name, "the lead records what was read");
        assert.deepEqual(Object.keys(lead.bill_corrections).sort(), ["name", "usage"]);
        assert.deepEqual(lead.bill_corrections.name, { read: WRONG.name, corrected: "Grace Hopper" });
        const [report] = await query<{ n: number }>(
          stack,
          "select count(*)::int as n from public.savings_reports r join public.leads l on l.report_transaction_id = r.id::text where l.id = $1 and (r.figures->>'annualKwh')::int = $2",
          [lead.id, corrected.reduce((a, b) => a + b, 0)],
        );
        assert.equal(report.n, 1, "the stored report's figures use the corrected usage");
      },
    );

    await step(
      "375 px: the marked check step; a reload keeps the reading (the bill's id) and the step; Back and Forward move between steps",
      async () => {
        page = pages.page = await open(browser, stack, 375);
        await toProvider(page);
        // Reload on the provider step: same step, same address (no new upload of anything).
        await page.reload();
        await page.getByRole("heading", { name: "Who is your electricity provider?" }).waitFor();
        assert.equal(await page.locator(".progress-label").textContent(), "Step 3 of 6 · Your provider");
        await uploadWrongBill(page);
        await shot(page, "w375-check-flagged");
        await line(page, "usage").scrollIntoViewIfNeeded();
        await shot(page, "w375-check-flagged-usage");
        assert.ok(
          await line(page, "usage").evaluate((e) => e.getBoundingClientRect().right <= innerWidth),
          "the usage grid fits 375 px",
        );
        await page.getByLabel("Full name").fill("Ada Lovelace");
        await page.getByRole("checkbox", { name: "I checked this: it is right as shown" }).last().check();
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("heading", { name: "Where should we send your report?" }).waitFor();
        await page.getByRole("textbox", { name: "Email" }).fill("ada@example.com");
        // Reload mid-flow: the contact step comes back with what was typed; the bill is not uploaded again.
        await page.waitForTimeout(300);
        await page.reload();
        await page.getByRole("heading", { name: "Where should we send your report?" }).waitFor();
        assert.equal(await page.getByRole("textbox", { name: "Email" }).inputValue(), "ada@example.com");
        assert.equal(await page.getByLabel("First name").inputValue(), "Ada");
        // The browser's Back returns to the check step with the reading, the correction and the confirmation.
        await page.goBack();
        await page.getByRole("heading", { name: "Check what we read from your bill" }).waitFor();
        assert.equal(await page.getByLabel("Full name").inputValue(), "Ada Lovelace");
        assert.equal(await page.locator(".months input").first().inputValue(), String(WRONG.meterReading));
        assert.ok(await line(page, "usage").getByRole("checkbox").isChecked(), "the confirmation is kept");
        await page.goBack();
        await page.getByRole("heading", { name: "Upload your electricity bill" }).waitFor();
        await page.goForward();
        await page.getByRole("heading", { name: "Check what we read from your bill" }).waitFor();
        // The widget's own Back is the same history.
        await page.getByRole("button", { name: /Back/ }).click();
        await page.getByRole("heading", { name: "Upload your electricity bill" }).waitFor();
        const uploads = await query<{ n: number }>(
          stack,
          "select count(*)::int as n from public.bill_extractions where 'aps-direct-plan.pdf' = any(filenames)",
        );
        assert.equal(
          uploads[0].n,
          2,
          "one upload per flow (1280 px and this one): reload and Back did not read the bill again",
        );
      },
    );

    await step(
      "embed script: the iframe sizes itself to the widget, the host page hears ready, step and lead_created; foreign messages are ignored",
      async () => {
        // The partner's page on another origin than the platform, with the copy-paste snippet.
        const demo = await (await fetch(`${stack.url}/demo`)).text();
        const snippet = demo.match(/<pre>([\s\S]*?)<\/pre>/)![1].replace(
          /&#(\d+);/g,
          (_, n) => String.fromCharCode(Number(n)),
        );
        assert.match(snippet, /<script src="[^"]+\/widget\/embed\.js" data-token="wgt_/);
        const html =
          `<!doctype html><html><head><meta charset="utf-8"><title>Partner</title></head><body style="margin:0">
<h1>Partner page</h1>${snippet}<p id="after">after the widget</p>
<script>window.events = []; for (const type of ["ready", "step", "lead_created", "resize"])
  document.addEventListener("solar-widget:" + type, (e) => window.events.push(Object.assign({ type }, e.detail)));</script></body></html>`;
        // The other form of the snippet: the widget's own iframe (fixed 640 px) marked data-solar-widget, then the script.
        const iframeHtml =
          `<!doctype html><html><head><meta charset="utf-8"><title>Partner</title></head><body style="margin:0">
<iframe src="${stack.url}/widget/?token=${
            encodeURIComponent(stack.token)
          }" width="100%" height="640" style="border:0" title="Solar savings estimate" data-solar-widget></iframe>
<script src="${stack.url}/widget/embed.js" async></script>
<script>window.events = []; document.addEventListener("solar-widget:ready", (e) => window.events.push(Object.assign({ type: "ready" }, e.detail)));</script></body></html>`;
        const host = Deno.serve(
          { hostname: "127.0.0.1", port: 0, onListen: () => {} },
          (req) =>
            new Response(new URL(req.url).pathname === "/iframe" ? iframeHtml : html, {
              headers: { "content-type": "text/html" },
            }),
        );
        try {
          page = pages.page = await (await browser.newContext({ viewport: { width: 375, height: 700 } }))
            .newPage();
          await page.goto(`http://127.0.0.1:${host.addr.port}/`);
          const iframe = page.locator("iframe[title='Solar savings estimate']");
          const frame = page.frameLocator("iframe[title='Solar savings estimate']");
          await frame.getByRole("heading", { name: "See how much you could save with solar" }).waitFor();
          const height = () => iframe.evaluate((e) => Math.round(e.getBoundingClientRect().height));
          const content = () =>
            frame.locator("#app").evaluate((e) => Math.ceil(e.getBoundingClientRect().height));
          await waitFor("the first size", async () => Math.abs((await height()) - (await content())) <= 2);
          const events = () =>
            page!.evaluate(() =>
              (window as unknown as { events: { type: string; step?: string; leadId?: string }[] }).events
            );
          assert.ok((await events()).some((e) => e.type === "ready"), "ready");
          // A message from the host page itself (not the widget's frame) does not resize it.
          const before = await height();
          await page.evaluate(() => postMessage({ source: "solar-widget", type: "resize", height: 5 }, "*"));
          await page.waitForTimeout(200);
          assert.equal(await height(), before, "a foreign message is ignored");
          // Out of the area: the exit screen in the partner's voice, with the state's name; the lead reaches the host.
          await frame.getByRole("combobox", { name: "Home address" }).pressSequentially(
            "100 Main St, Boise",
            { delay: 15 },
          );
          await frame.getByRole("option", { name: /Boise, ID/ }).click();
          // The page is scrolled past the widget's top (a long partner page): the next step brings it back.
          await page.evaluate(() => {
            document.body.style.paddingBottom = "2000px";
            scrollTo(0, document.querySelector("iframe")!.getBoundingClientRect().top + scrollY + 120);
          });
          assert.ok(await iframe.evaluate((e) => e.getBoundingClientRect().top < 0));
          await frame.getByRole("button", { name: "Continue" }).click();
          await frame.getByRole("heading", { name: "We're not in your area yet" }).waitFor();
          await waitFor(
            "the widget's top in view",
            async () => Math.abs(await iframe.evaluate((e) => e.getBoundingClientRect().top)) <= 2,
          );
          await frame.getByText("We don't install solar in Idaho yet.").waitFor();
          await waitFor(
            "the iframe to follow the exit screen's height",
            async () => Math.abs((await height()) - (await content())) <= 2 && (await height()) !== before,
          );
          // Nothing scrolls inside the iframe: the page scrolls.
          assert.ok(
            await frame.locator("html").evaluate((e) => e.scrollHeight <= innerHeight + 1),
            "no inner scrolling",
          );
          await frame.getByRole("button", { name: "Keep me posted" }).click();
          await frame.getByText("Please agree so we can let you know when we install in your area.")
            .waitFor();
          assert.equal(
            await frame.getByText(/send your report/).count(),
            0,
            "the consent error speaks of no report",
          );
          await frame.getByLabel("First name").fill("Idris");
          await frame.getByRole("textbox", { name: "Email" }).fill("idris.embed@example.com");
          await frame.getByRole("checkbox").check();
          await frame.getByRole("button", { name: "Keep me posted" }).click();
          await frame.getByRole("heading", { name: "Thank you! We'll be in touch." }).waitFor();
          const created = await waitFor(
            "lead_created on the host page",
            async () => (await events()).find((e) => e.type === "lead_created"),
          );
          const [lead] = await query<{ id: string }>(
            stack,
            "select id from public.leads where email = 'idris.embed@example.com'",
          );
          assert.equal(created.leadId, lead.id);
          assert.deepEqual((await events()).filter((e) => e.type === "step").map((e) => e.step), [
            "address",
            "exit",
          ]);
          await shot(page, "w375-embedded-exit");
          // A reload of the partner's page shows the thanks again, not an empty form.
          await page.reload();
          await frame.getByRole("heading", { name: "Thank you! We'll be in touch." }).waitFor();
          assert.equal(await frame.getByRole("button", { name: "Keep me posted" }).count(), 0);

          // A new tab (this one's session storage holds the finished flow above).
          await page.close();
          const tab = page = pages.page = await browser.newPage({ viewport: { width: 375, height: 700 } });
          await tab.goto(`http://127.0.0.1:${host.addr.port}/iframe`);
          const marked = tab.locator("iframe[data-solar-widget]");
          await tab.frameLocator("iframe[data-solar-widget]").getByRole("heading", {
            name: "See how much you could save with solar",
          }).waitFor();
          await waitFor(
            "ready from the marked iframe",
            () => tab.evaluate(() => (window as unknown as { events: unknown[] }).events.length > 0),
          );
          await waitFor("the marked iframe sized to the widget", async () => {
            const h = await marked.evaluate((e) => Math.round(e.getBoundingClientRect().height));
            const c = await tab.frameLocator("iframe[data-solar-widget]").locator("#app").evaluate((e) =>
              Math.ceil(e.getBoundingClientRect().height)
            );
            return h !== 640 && Math.abs(h - c) <= 2;
          });
        } finally {
          await host.shutdown();
        }
      },
    );
  } catch (e) {
    console.error(stack.log().slice(-4000));
    throw e;
  } finally {
    await close();
    await stack.stop();
    await gemini.close();
  }
});
