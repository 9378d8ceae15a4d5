import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_pdf.ts";
import { annLeeReport, genericProgram } from "./fixtures.ts";

const program = genericProgram();

Deno.test("the designed PDF renders the edge cases: zero usage (no system) and a very long customer name", async () => {
  const figures = calculateSavings({
    usage: normaliseUsage([{ month: 1, value: 0 }]),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 30, yieldDcKwhPerKw: 1400, configs: [], dcToAcDerate: 0.85 },
    program,
  });
  const name = "Wolfeschlegelsteinhausenbergerdorff ".repeat(6).trim();
  const report = await new EmbeddedReportWriter().write({
    customerName: name,
    state: "OH",
    stateName: "Ohio",
    address: "1 Main St, Columbus, OH",
    figures,
    program,
    rateSource: "",
    costSource: "",
    costIsNationalFallback: true,
  });
  const pdf = await renderSavingsReportPdf({
    customerName: name,
    address: "1 Main St, Columbus, OH 43215",
    state: "OH",
    partner: { name: "Buckeye Solar" },
    figures,
    sections: report.sections,
  });
  const { text } = await extractText(pdf, { mergePages: true });
  assert.ok(text.includes("we do not recommend a solar system"));
  assert.ok(text.includes("III. Solar Recommendation and Financial Analysis"));
  // No system: the cover shows the home's own figures and the reason, not a row of zeros; the report still ends with a next step.
  assert.ok(!text.includes("Payback period"));
  assert.ok(text.includes("Electricity cost a year"));
  assert.ok(text.includes("No system: no measurable use"));
  assert.ok(text.includes("What happens next"));
  assert.ok(text.includes("…"), "the long name is shortened on the cover");
  // Without a system there is no "with solar" to keep paying the fixed charge in, and no figures "below".
  const flat = text.replace(/\s+/g, " ");
  assert.ok(
    flat.includes("Your utility's fixed monthly charge was not read from your bill: it is not included."),
  );
  assert.ok(!/solar does not remove it|keep paying it with solar|figures below/.test(flat), flat);
  assert.ok(flat.includes("We do not propose a system here, for the reason given in section I."));
  // The reason is given once (section I), not repeated word for word in section III.
  assert.equal(flat.split("we do not recommend a solar system").length - 1, 1, "the reason once");
});

Deno.test("the designed PDF: the credit on the cover tile follows the policy, the fixed charge is named, the report ends with a next step", async () => {
  const { federalCredit } = await import("../../../shared/savings/credit.ts");
  const render = async (date: string, fixedChargeMonthly: number | null = 11.25) => {
    const pdf = await renderSavingsReportPdf(
      await annLeeReport({ credit: federalCredit(date), fixedChargeMonthly }),
    );
    return (await extractText(pdf, { mergePages: true })).text;
  };
  const now = await render("2026-11-23");
  assert.ok(now.includes("Net cost (no federal credit)"));
  assert.ok(!now.includes("30%"), "no 30% credit after 2025");
  // QA pass 7: the yearly cost includes the fixed charge, said so ("$1,755 at 15.00 ¢/kWh plus your bill's $11.25
  // monthly fixed charge" read as if the charge came on top), and the summary's rate times use is the energy alone.
  const flat = now.replace(/\s+/g, " ");
  assert.ok(
    flat.includes(
      "Total 10,800 kWh a year at 15.00 ¢/kWh, $1,755 with your bill's $11.25 monthly fixed charge.",
    ),
    flat,
  );
  assert.ok(flat.includes("that is about $1,620 a year, $1,755 with your utility's fixed charge."), flat);
  assert.ok((await render("2026-11-23", null)).replace(/\s+/g, " ").includes("that is about $1,620 a year."));
  // No fixed charge read: the cover says it is left out, never a bare total.
  const unread = await render("2026-11-23", null);
  assert.ok(
    unread.includes("Your utility's fixed monthly charge was not read from your bill: it is not included"),
  );
  assert.ok(now.includes("What happens next"));
  assert.ok(now.includes("Buckeye Solar contacts you"));
  // Usage typed by hand (every month estimated): no bill to have read the charge from (QA pass 4).
  const typed = (await extractText(
    await renderSavingsReportPdf(
      await annLeeReport({
        credit: federalCredit("2026-11-23"),
        fixedChargeMonthly: null,
        usage: normaliseUsage(
          Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 700, estimated: true })),
        ),
      }),
    ),
    { mergePages: true },
  )).text.replace(/\s+/g, " ");
  assert.ok(typed.includes("Your utility's fixed monthly charge is not known: it is not included"), typed);
  assert.ok(!/read from your bill|your bills\b/.test(typed), "no bill was read");
  const before = await render("2025-03-01");
  assert.ok(before.includes("Net cost after 30% tax credit"));
});

Deno.test("the designed PDF: the cover's usage note wraps instead of losing its end (estimated months and a fixed charge)", async () => {
  const doc = await annLeeReport({ fixedChargeMonthly: 8.34 });
  // Ten of the twelve months estimated from the two a bill gave.
  doc.figures = { ...doc.figures, extrapolatedMonths: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12] };
  const text = (await extractText(await renderSavingsReportPdf(doc), { mergePages: true })).text;
  assert.ok(
    text.replace(/\s+/g, " ").includes(
      "with your bill's $8.34 monthly fixed charge. Lighter bars are estimated months.",
    ),
  );
  assert.ok(!text.includes("…"), "nothing on the report is cut off");
});

Deno.test("the designed PDF: a table is kept whole unless that adds a page; split, it keeps 3 rows a page and its header (QA pass 11)", async () => {
  const { federalCredit } = await import("../../../shared/savings/credit.ts");
  const pagesOf = async (opts: Parameters<typeof annLeeReport>[0], extra: string, style = "") => {
    const doc = await annLeeReport(opts);
    // More or less text before the tables moves them down the page: some of these lengths put each across a break.
    doc.sections[1] = { ...doc.sections[1], text: `${style}<p>${extra}</p>${doc.sections[1].text}` };
    return (await extractText(await renderSavingsReportPdf(doc), { mergePages: false })).text;
  };
  // QA5 let the six-row month table break three rows and three (the header repeated) wherever three rows fit; QA
  // pass 11 saw the year's months read across pages 2 and 3 with room for the table whole on page 3.
  const months = ["January", "February", "March", "April", "May", "June"];
  let whole = 0, split = 0;
  for (const opts of [{ credit: federalCredit("2026-11-24") }, { credit: federalCredit("2025-03-01") }]) {
    for (let words = 0; words <= 240; words += 12) {
      const pages = await pagesOf(opts, "more ".repeat(words));
      const withTable = pages.filter((p) => p.includes("Energy cost"));
      const rows = withTable.map((p) => months.filter((m) => new RegExp(`\\b${m}\\b`).test(p)));
      assert.deepEqual(rows.flat(), months, `${words} words: every month row once`);
      // the header ("Energy cost") on each page it is on
      if (withTable.length === 1) {
        whole++;
        continue;
      }
      split++;
      assert.ok(
        rows.every((r) => r.length >= 3),
        `${words} words: rows per page ${rows.map((r) => r.length)}`,
      );
      // Split only because the tables kept whole would take a page more.
      const kept = await pagesOf(opts, "more ".repeat(words), "<style>table { break-inside: avoid }</style>");
      assert.ok(
        kept.length > pages.length,
        `${words} words: split, though whole it takes ${kept.length} pages too`,
      );
    }
  }
  assert.ok(whole > 0, `${whole} whole, ${split} split`);
});

Deno.test("the designed PDF: 'What happens next' is never split across pages (QA pass 4)", async () => {
  // Section III grows a line at a time, so that the block falls at every height of a page's foot in turn.
  const base = await annLeeReport();
  let pages = 0;
  for (let k = 0; k < 24; k++) {
    const doc = structuredClone(base);
    doc.sections[2].text += "<p>Filler line of the recommendation.</p>".repeat(k);
    const { text } = await extractText(await renderSavingsReportPdf(doc), { mergePages: false });
    const at = text.findIndex((t) => t.includes("What happens next"));
    assert.ok(at >= 0);
    const page = text[at].replace(/\s+/g, " ");
    assert.ok(
      page.includes("Nothing is decided until you sign") &&
        page.includes("This report is an estimate prepared on"),
      `k=${k}: the next steps continue on another page`,
    );
    pages = Math.max(pages, text.length);
  }
  assert.ok(pages >= 4);
});

Deno.test("the designed PDF's basis line says how the payback is counted (escalated savings, QA5)", async () => {
  const doc = await annLeeReport();
  const text = (await extractText(await renderSavingsReportPdf(doc), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );
  assert.ok(
    text.includes(
      `The payback is the year in which your savings, with prices rising ${doc.figures.escalatorPct}% a year and the panels making 0.5% less each year (as in the 25-year figures), add up to the net cost.`,
    ),
  );
  const none = structuredClone(doc);
  none.figures = { ...none.figures, systemKw: 0, panels: 0, paybackYears: null };
  const noneText = (await extractText(await renderSavingsReportPdf(none), { mergePages: true })).text;
  assert.ok(!noneText.includes("The payback is"), "no payback sentence without a system");
});

Deno.test("the designed PDF: a use far beyond a home's is said on the cover and in section I, not presented as a home's (QA pass 10)", async () => {
  const figures = calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 182_000 }))),
    ratePerKwh: 0.166,
    escalatorPct: 3.9,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 38, yieldDcKwhPerKw: 1300, configs: [], dcToAcDerate: 0.85 },
    program,
  });
  const render = async (flags: string[]) => {
    const f = { ...figures, flags: [...figures.flags, ...flags] };
    const ctx = {
      customerName: "Sam Okafor",
      state: "MD",
      stateName: "Maryland",
      address: "2 E Lombard St, Baltimore, MD 21202",
      figures: f,
      program,
      rateSource: "",
      costSource: "",
      costIsNationalFallback: true,
      partnerName: "Chesapeake Solar",
    };
    const report = await new EmbeddedReportWriter().write(ctx);
    const pdf = await renderSavingsReportPdf({
      customerName: ctx.customerName,
      address: ctx.address,
      state: "MD",
      partner: { name: "Chesapeake Solar" },
      figures: f,
      sections: report.sections,
    });
    return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
  };
  const flagged = await render(["beyond_home_use"]);
  assert.ok(
    flagged.includes(
      "Far more electricity than a home uses: this system would cover only 1% of it. Section I says what this means.",
    ),
    flagged.slice(0, 1500),
  );
  assert.ok(flagged.includes("Sam Okafor, the account on your bill in Maryland used 2,184,000 kWh"));
  assert.ok(flagged.includes("ask Chesapeake Solar for a commercial solar assessment"));
  const plain = await render([]);
  assert.ok(!plain.includes("Far more electricity"), "not said without the flag");
  assert.ok(plain.includes("Sam Okafor, your home in Maryland used"));
});

Deno.test("the designed PDF: a bill of another utility gives no fixed charge, and the cover says why (QA pass 11)", async () => {
  const doc = await annLeeReport({ fixedChargeMonthly: null });
  doc.figures = { ...doc.figures, flags: [...(doc.figures.flags ?? []), "fixed_charge_other_utility"] };
  const flat = (await extractText(await renderSavingsReportPdf(doc), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );
  assert.ok(
    flat.includes(
      "Your utility's fixed monthly charge is not known (your bill is from another utility): it is not",
    ),
    flat,
  );
  assert.ok(
    !flat.includes("was not read from your bill"),
    "the charge on the bill was read, but is not the home's",
  );
});
