// The partner's "New lead" email with and without the homeowner's report: the report's own figures in the report's
// formatting, the reading and its corrections, everything escaped in HTML, and no 0 or NaN standing for "no report".
import assert from "node:assert/strict";
import { createPlatform } from "../../../shared/platform.ts";
import { loadCoreConfig } from "../../../shared/config.ts";
import { connect } from "../../../shared/db/client.ts";
import { templates } from "../../../shared/notifications/templates.ts";
import { leadFigures, type LeadFiguresInput } from "../../../shared/notifications/lead_figures.ts";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { federalCredit } from "../../../shared/savings/credit.ts";
import { cents, monthKeysText, usd } from "../../../shared/format.ts";
import { genericProgram } from "../savings/fixtures.ts";

const p = createPlatform(connect("postgres://127.0.0.1:1/unused"), loadCoreConfig());
await templates(p).load(); // Handlebars loads on first use (shared/email/template_set.ts)

function figures(creditDay: string) {
  return calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900 + i * 10 }))),
    ratePerKwh: 0.1446,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 30, yieldDcKwhPerKw: 1400, configs: [], dcToAcDerate: 0.85 },
    program: genericProgram(),
    credit: federalCredit(creditDay),
  });
}

const base = {
  recipient_name: "Pat",
  partner_name: "Sunny <Roofs> & Co",
  lead_name: "Jane <script>Doe",
  lead_email: "jane@example.com",
  lead_phone: "+1 214 555 0100",
  lead_address: "1 Elm St, Plano, TX 75024",
  lead_state: "TX",
  utility_provider: "Oncor",
  created_at: "Nov 25, 2026, 2:00 AM UTC",
  lead_url: "https://console.example/#/leads/1",
  console_preferences_url: "https://console.example/#/notifications",
  unsubscribe_url: "https://u/x",
  event_label: "New leads from your widget",
};

const reading: Pick<LeadFiguresInput, "billReading" | "billCorrections" | "billAmountDue" | "billPeriodEnd"> =
  {
    billReading: {
      read: { annualKwh: 304611, usageByMonth: new Array(12).fill({ value: 1 }) },
      checks: [{
        group: "name",
        message: "The name “<b>Direct Payment Plan</b>” reads like the bill's own text.",
      }],
      confirmed: ["name"],
    },
    billCorrections: {
      usage: {
        read: Array.from({ length: 12 }, () => ({ value: 25384.25 })),
        corrected: Array.from({ length: 12 }, (_, i) => ({ value: 900 + i * 10 })),
      },
    },
    billAmountDue: "1234.5",
    billPeriodEnd: "2026-10-31",
  };

Deno.test("new-lead email with a report: the report's figures, its basis and credit, the reading and the corrections", () => {
  const f = figures("2026-06-01");
  const basis = {
    rateKind: "state" as const,
    rateYear: 2023,
    rateSource: "EIA",
    costSource: "EnergySage",
    costYear: 2024,
    costIsNationalFallback: true,
    escalatorBasis: "EIA, US average 2003–2023; no state history on file",
  };
  const ctx = {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: true,
      report: { figures: f, basis, createdAt: "2026-11-25T02:00:00Z" },
      monthlyKwh: null,
      ...reading,
    }, "TX"),
  };
  const r = templates(p).render("lead.created", ctx);
  for (const part of [r.text, r.html]) {
    assert.ok(part.includes(usd(f.netAnnualSavings)), "first-year savings as the report prints them");
    assert.ok(part.includes(usd(f.grossCost)) && part.includes(usd(f.netCost)));
    assert.ok(part.includes(`${f.systemKw.toFixed(1)} kW`));
    assert.ok(part.includes(`${cents(f.ratePerKwh)}, the TX average residential rate (EIA, 2023)`));
    assert.ok(part.includes("$2.50/W installed, the national median (2024; no state figure on file)"));
    assert.ok(part.includes("304,611 kWh"), "the yearly use as read");
    assert.ok(part.includes("$1,234.50"), "the bill amount as read");
    assert.doesNotMatch(part, /NaN|undefined|\[object/);
  }
  assert.match(r.text, /Net cost \(no federal credit\): \$/);
  const stateCost = templates(p).render("lead.created", {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: true,
      report: { figures: f, basis: { ...basis, costIsNationalFallback: false }, createdAt: null },
      monthlyKwh: null,
      ...reading,
    }, "TX"),
  });
  assert.match(
    stateCost.text,
    /Cost basis: \$2\.50\/W installed, the TX median \(2024\)\n/,
    "the state named as the report names it",
  );
  assert.match(
    r.text,
    /Federal tax credit: None: the Residential Clean Energy Credit .* ended; the credit/,
  );
  // QA pass 9: the label said twice ("Federal tax credit: No federal tax credit: …")
  assert.doesNotMatch(r.text, /Federal tax credit: No federal tax credit/);
  assert.match(
    r.text,
    /- Usage: read “304,611 kWh over 12 months”, corrected to “11,460 kWh over 12 months”/,
  );
  assert.match(r.text, /- Name: The name “<b>Direct Payment Plan<\/b>” .*\(confirmed by the homeowner\)/);
  assert.match(r.text, /Bill amount, as read: \$1,234\.50 \(period ending Oct 31, 2026\)/);
  // Escaped in HTML, as typed in text.
  assert.doesNotMatch(r.html, /<script>|<b>Direct|<Roofs>/);
  assert.match(r.html, /&lt;b&gt;Direct Payment Plan&lt;\/b&gt;/);
  assert.match(r.html, /Jane &lt;script&gt;Doe/);

  const owned = figures("2025-06-01");
  const withCredit = templates(p).render("lead.created", {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: true,
      report: { figures: owned, basis, createdAt: "2025-06-01T00:00:00Z" },
      monthlyKwh: null,
      ...reading,
    }, "TX"),
  });
  assert.ok(withCredit.text.includes(`(IRC §25D) (30%): −${usd(owned.federalCredit)}; for a system you own`));
  assert.ok(withCredit.text.includes(`Net cost after 30% tax credit: ${usd(owned.netCost)}`));
});

Deno.test("new-lead email without a report says so: no system, cost or savings figure, no 0 or NaN", () => {
  for (const reportClaimed of [false, true]) {
    const r = templates(p).render("lead.created", {
      ...base,
      ...leadFigures({
        outOfArea: false,
        reportClaimed,
        report: null,
        monthlyKwh: [500, 600, 700],
        billReading: null,
        billCorrections: null,
        billAmountDue: "",
        billPeriodEnd: "",
      }, "TX"),
    });
    for (const part of [r.text, r.html]) {
      assert.match(
        part,
        reportClaimed ? /still being made/ : /No savings report yet: the homeowner has not finished/,
      );
      assert.doesNotMatch(part, /NaN|undefined|\$0\b|\bkW\b|Net cost|First-year|Bill amount/);
      assert.match(part, /Use given with the lead(: |<\/th><td>)1,800 kWh over 3 months/);
    }
  }
  // A stored report whose figures cannot be read is not shown as zeros either.
  const broken = figures("2026-06-01");
  const r = templates(p).render("lead.created", {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: true,
      report: { figures: { ...broken, netAnnualSavings: NaN }, basis: null, createdAt: null },
      monthlyKwh: null,
      billReading: null,
      billCorrections: null,
      billAmountDue: null,
      billPeriodEnd: null,
    }, "TX"),
  });
  assert.doesNotMatch(r.text, /NaN|\$0\b|First-year/);
  assert.match(r.text, /figures could not be read here/);
});

/** The new-lead email of a lead without a report, with the given reading and corrections. */
const noReportEmail = (billReading: unknown, billCorrections: unknown, state: string) =>
  templates(p).render("lead.created", {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: false,
      report: null,
      monthlyKwh: null,
      billReading,
      billCorrections,
      billAmountDue: null,
      billPeriodEnd: null,
    }, state),
  });

Deno.test("new-lead email: months read from a bar chart named as a person writes them, and said on the reading (QA pass 8)", () => {
  const keys = Array.from({ length: 10 }, (_, i) => `2020-${String(i + 3).padStart(2, "0")}`);
  const r = noReportEmail(
    {
      read: {
        annualKwh: 15359,
        usageByMonth: Array.from(
          { length: 12 },
          (_, i) => ({ value: 1000, ...(i < 10 ? { fromChart: true } : {}) }),
        ),
      },
      checks: [{
        group: "usage",
        code: "chart_estimated_months",
        months: keys,
        message: `the bill prints no figure for 10 months (${
          keys.join(", ")
        }): their usage was measured from the bars of its chart, an estimate`,
      }],
      confirmed: ["usage"],
    },
    {},
    "FL",
  );
  for (const part of [r.text, r.html]) {
    assert.doesNotMatch(part, /2020-0\d|Failed a plausibility check/);
    assert.match(part, /for 10 months \(Mar–Dec 2020\): their usage was measured/);
    assert.match(part, /Marked for the homeowner to check/);
    assert.match(part, /15,359 kWh \(10 months measured from the bill(?:'|&#x27;|&#39;)s bar chart\)/);
  }
  assert.equal(monthKeysText(["2020-11", "2020-12", "2021-01", "2021-03"]), "Nov 2020–Jan 2021, Mar 2021");
  assert.equal(monthKeysText(["2024-07"]), "Jul 2024");
});

Deno.test("new-lead email: a use far beyond a home's is named for the partner, its share not called the home's (QA pass 10)", () => {
  const f = figures("2026-06-01");
  const render = (flags: string[]) =>
    templates(p).render("lead.created", {
      ...base,
      ...leadFigures({
        outOfArea: false,
        reportClaimed: true,
        report: { figures: { ...f, flags: [...f.flags, ...flags] }, basis: null, createdAt: null },
        monthlyKwh: null,
        ...reading,
      }, "TX"),
    }).text;
  const flagged = render(["beyond_home_use"]);
  assert.match(flagged, /Production: [\d,]+ kWh a year, \d+% of the account's use\n/);
  assert.match(
    flagged,
    /Use beyond a home's: [\d,]+ kWh a year is far more than a home uses: likely a business or building account\. The report and the email told the homeowner so and to ask you for a commercial solar assessment\.\n/,
  );
  const plain = render([]);
  assert.match(plain, /of the home's use\n/);
  assert.doesNotMatch(plain, /Use beyond a home's/);
});

Deno.test("new-lead email: an unread service address filled in with a home in another state names the bill's state (QA pass 10)", () => {
  const render = (marketState: string) =>
    noReportEmail(
      { read: { annualKwh: 15593, usageByMonth: [], marketState }, checks: [], confirmed: [] },
      {
        address: {
          read: { line1: "", line2: "", city: "", state: "", zip: "" },
          corrected: { line1: "1100 Congress Ave", line2: "", city: "Austin", state: "TX", zip: "78701" },
        },
      },
      "TX",
    ).text;
  assert.match(
    render("FL"),
    /Service address: read nothing \(the bill is for FL\), corrected to “1100 Congress Ave, Austin, TX 78701”\n/,
  );
  assert.match(render("TX"), /Service address: read nothing, corrected to “1100 Congress Ave/);
});

Deno.test("new-lead email: the savings basis says whether the costs include the utility's fixed charge (QA pass 11)", () => {
  const basisOf = (f: ReturnType<typeof figures>) =>
    templates(p).render("lead.created", {
      ...base,
      ...leadFigures({
        outOfArea: false,
        reportClaimed: true,
        report: { figures: f, basis: null, createdAt: null },
        monthlyKwh: null,
        ...reading,
      }, "TX"),
    }).text.match(/Savings basis: (.*)\n/)?.[1] ?? "";
  const f = figures("2026-06-01");
  assert.match(
    basisOf({ ...f, fixedChargeMonthly: 8.34 }),
    /; the bill's fixed charge of \$8\.34 a month included$/,
  );
  assert.match(
    basisOf({ ...f, fixedChargeMonthly: null, flags: [...f.flags, "fixed_charge_other_utility"] }),
    /; no fixed charge included \(the bill is another utility's\)$/,
  );
  assert.match(basisOf({ ...f, fixedChargeMonthly: null }), /; no fixed charge included \(not read\)$/);
});

Deno.test("new-lead email: the savings basis names the home's utility's own export rule (QA pass 12)", () => {
  const f = figures("2026-06-01");
  const basis = {
    rateKind: "state" as const,
    rateYear: 2023,
    rateSource: "EIA",
    costSource: "ES",
    costYear: 2024,
    costIsNationalFallback: true,
    escalatorBasis: "EIA, Texas 2003–2023",
  };
  const basisOf = (b: typeof basis & { exportRule?: string }) =>
    templates(p).render("lead.created", {
      ...base,
      ...leadFigures({
        outOfArea: false,
        reportClaimed: true,
        report: { figures: { ...f, fixedChargeMonthly: null }, basis: b, createdAt: null },
        monthlyKwh: null,
        ...reading,
      }, "TX"),
    }).text.match(/Savings basis: (.*)\n/)?.[1] ?? "";
  assert.match(
    basisOf({
      ...basis,
      exportRule:
        "all solar production credited at Austin Energy's Value of Solar rate, 9.91 ¢/kWh (since 2023-03-01)",
    }),
    /; all solar production credited at Austin Energy's Value of Solar rate, 9\.91 ¢\/kWh \(since 2023-03-01\); no fixed charge included \(not read\)$/,
  );
  assert.doesNotMatch(basisOf(basis), /credited at/);
});

Deno.test("new-lead email: a report on the home's utility's estimated rate says so, not the state average (rates17)", () => {
  const f = figures("2026-06-01");
  const basis = {
    rateKind: "utility" as const,
    rateUtility: "Austin Energy",
    rateYear: 2023,
    rateSource: "an estimate of Austin Energy's average residential rate",
    costSource: "ES",
    costYear: 2024,
    costIsNationalFallback: true,
    escalatorBasis: "EIA, Texas 2003–2023",
  };
  const line = templates(p).render("lead.created", {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: true,
      report: { figures: { ...f, fixedChargeMonthly: null }, basis, createdAt: null },
      monthlyKwh: null,
      ...reading,
    }, "TX"),
  }).text.match(/Savings basis: (.*)\n/)?.[1] ?? "";
  assert.match(
    line,
    /, Austin Energy's average residential rate, estimated \(its EIA-861 2020 average moved with the TX average to 2023\); prices rising/,
  );
  assert.doesNotMatch(line, /TX average residential rate/);
});

Deno.test("new-lead email: one line per checked field, every reason on it, the reader's doubts said once (QA pass 12)", () => {
  const { text } = noReportEmail(
    {
      read: { annualKwh: 15593, usageByMonth: [] },
      checks: [
        { group: "address", message: "the reader is unsure of the state (confidence 55%)" },
        { group: "address", message: "the reader is unsure of the service address (confidence 55%)" },
        { group: "address", message: "the bill's service address is in CLIFTON PARK 12065" },
        { group: "address", message: "the bill's service address is in CLIFTON PARK 12065" },
        { group: "usage", message: "the reader is unsure of the usage (confidence 40%)" },
      ],
      confirmed: ["address"],
    },
    {},
    "NY",
  );
  const lines = text.split("\n").filter((l) =>
    /^- (Service address|Usage): /.test(l) && !/read .*corrected/.test(l)
  );
  assert.deepEqual(lines, [
    "- Service address: the reader is unsure of the state (confidence 55%) and the service address (confidence 55%); the bill's service address is in CLIFTON PARK 12065 (confirmed by the homeowner)",
    "- Usage: the reader is unsure of the usage (confidence 40%)",
  ]);
});

Deno.test("new-lead email: the bill's retail provider is named beside a Texas wires company (QA pass 16)", () => {
  const render = (chosen: string, utilityProviderName: string, checks: unknown[] = []) =>
    templates(p).render("lead.created", {
      ...base,
      utility_provider: chosen,
      ...leadFigures({
        outOfArea: false,
        reportClaimed: false,
        report: null,
        monthlyKwh: null,
        billReading: { read: { annualKwh: 10435, usageByMonth: [], utilityProviderName }, checks },
        billCorrections: {},
        chosenUtility: chosen,
        billAmountDue: null,
        billPeriodEnd: null,
      }, "TX"),
    });
  // Houston: CenterPoint delivers, the bill is Reliant's (the plan the homeowner signed sets the export credit).
  const houston = render("CenterPoint Energy", "Reliant Energy");
  assert.match(
    houston.text,
    /Utility: CenterPoint Energy\nBill from: Reliant Energy, the homeowner's retail electricity provider \(CenterPoint Energy delivers the power\)\n/,
  );
  assert.match(
    houston.html,
    /<th scope="row">Bill from<\/th><td>Reliant Energy, the homeowner&#x27;s retail/,
  );
  // The chosen utility's own bill, written another way: no line.
  assert.doesNotMatch(render("Arizona Public Service Company", "APS").text, /Bill from/);
  assert.doesNotMatch(render("NV Energy (Nevada Power)", "NV Energy").text, /Bill from/);
  // Another utility's bill that the check step marked is listed once, under the marked lines.
  const marked = render("Austin Energy", "Florida Power & Light", [{
    code: "utility_mismatch",
    group: "utility",
    message: "the bill is from Florida Power & Light, the utility chosen for the home is Austin Energy",
  }]);
  assert.doesNotMatch(marked.text, /Bill from/);
  assert.match(marked.text, /- Utility: the bill is from Florida Power & Light/);
});

Deno.test("new-lead email: a check the homeowner was never shown is listed apart, under its field (QA pass 16)", () => {
  const ctx = {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: false,
      report: null,
      monthlyKwh: null,
      billReading: {
        read: { annualKwh: 16659, usageByMonth: [] },
        checks: [
          {
            code: "supply_rate_out_of_range",
            field: "supplyRatePerKwh",
            group: "usage",
            partnerOnly: true,
            message: "a supply rate of 0.0115 $/kWh is outside 2–60 ¢/kWh: the bill may have been misread",
          },
          {
            code: "town_mismatch",
            field: "serviceAddress",
            group: "address",
            message: "the bill's service address is in Durham 27707, about 28 km from the home in Raleigh",
          },
        ],
        confirmed: ["address"],
      },
      billCorrections: {},
      billAmountDue: "-58.79",
      billPeriodEnd: "2024-06-25",
    }, "TX"),
  };
  const r = templates(p).render("lead.created", ctx);
  assert.match(
    r.text,
    /Marked for the homeowner to check:\n- Service address: the bill's service address is in Durham 27707, about 28 km from the home in Raleigh \(confirmed by the homeowner\)\n\n/,
  );
  assert.doesNotMatch(r.text, /- Usage: a supply rate/, "not under the lines the homeowner was asked about");
  assert.match(
    r.text,
    /Flagged by the bill reader, not shown to the homeowner \(the report does not use it\):\n- Supply rate: a supply rate of 0\.0115 \$\/kWh is outside 2–60 ¢\/kWh/,
  );
  assert.match(r.html, /<h2>Flagged by the bill reader, not shown to the homeowner<\/h2>/);
  // a negative amount due is a credit balance
  assert.match(r.text, /Bill amount, as read: \$58\.79 credit \(period ending Jun 25, 2024\)/);
  assert.doesNotMatch(r.text, /-\$58/);
});

Deno.test("new-lead email: the yearly use as read says how many of its months the bill gave (QA pass 16)", () => {
  const months = Array.from(
    { length: 12 },
    (_, i) => ({ value: 400 + i, ...(i < 10 ? { estimated: true } : {}) }),
  );
  const r = templates(p).render("lead.created", {
    ...base,
    ...leadFigures({
      outOfArea: false,
      reportClaimed: false,
      report: null,
      monthlyKwh: null,
      billReading: { read: { annualKwh: 5420, usageByMonth: months } },
      billCorrections: {},
      billAmountDue: null,
      billPeriodEnd: null,
    }, "NV"),
  });
  assert.match(r.text, /Yearly use, as read from the bill: 5,420 kWh \(2 months read, 10 estimated\)\n/);
});
