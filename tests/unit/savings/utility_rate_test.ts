// The home's utility's own average rate when the bill gives none (issue #11 §3, rates17): a city utility or cooperative
// well below its state's average (SMUD, Austin Energy) no longer gets the state's rate; the estimate is its EIA-861 2020
// average moved with its state's EIA change to the state's figure on file, and the report says it is one.
import assert from "node:assert/strict";
import { UTILITY_RATE_SHARE_BOUNDS, utilityRateEstimate } from "../../../shared/savings/utility_rate.ts";
import { STATE_RES_RATES_2020, UTILITY_RES_RATES_2020 } from "../../../shared/savings/utility_rates.ts";
import { buildUtilityRates, utilityRatesModule } from "../../../scripts/savings/utility_rates.ts";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";
import { genericProgram } from "./fixtures.ts";

const CA_2023 = 0.2951, TX_2023 = 0.1446;

Deno.test("the committed table is what the reference files generate (regenerate after editing them)", () => {
  const m = buildUtilityRates();
  assert.equal(
    Deno.readTextFileSync(new URL("../../../shared/savings/utility_rates.ts", import.meta.url)),
    m.ts,
  );
  assert.ok(m.utilities > 1000);
  // every state and DC has its 2020 average, from the same EIA SEDS series as its 2023 figure
  assert.equal(Object.keys(STATE_RES_RATES_2020).length, 52);
  assert.equal(STATE_RES_RATES_2020.CA, 0.20449);
  assert.equal(STATE_RES_RATES_2020.TX, 0.11714);
});

Deno.test("only a utility's own bundled retail price is kept: no marketer, no delivery-only or zero row", () => {
  const row = (o: Record<string, string>) => ({
    zip: "1",
    eiaid: "1",
    utility_name: "X",
    state: "TX",
    service_type: "Bundled",
    ownership: "Municipal",
    res_rate: "0.1",
    ...o,
  });
  const seds = [{ state: "TX", year: "2020", esrcd_usd_per_mmbtu: "34.33" }];
  const m = utilityRatesModule([
    row({ eiaid: "1" }),
    row({ eiaid: "2", ownership: "Retail Power Marketer" }),
    row({ eiaid: "3", service_type: "Delivery" }),
    row({ eiaid: "4", res_rate: "0" }),
    row({ eiaid: "5", ownership: "Cooperative", res_rate: "0.123456" }),
  ], seds);
  assert.equal(m.utilities, 2);
  assert.match(m.ts, /"1:TX": 0\.1,/);
  assert.match(m.ts, /"5:TX": 0\.12346,/);
  assert.doesNotMatch(m.ts, /"[234]:TX"/);
  assert.match(m.ts, /TX: 0\.11714,/);
});

Deno.test("SMUD and Austin Energy get their own rate, well below their states' averages", () => {
  const smud = utilityRateEstimate("SMUD", 16534, "CA", CA_2023, 2023)!;
  // 15.28 ¢ (2020) × 29.51 / 20.45 = 22.05 ¢, not California's 29.51 ¢
  assert.equal(smud.utility2020, UTILITY_RES_RATES_2020["16534:CA"]);
  assert.ok(Math.abs(smud.ratePerKwh - 0.15279 * CA_2023 / 0.20449) < 1e-5);
  assert.ok(smud.ratePerKwh < CA_2023 * 0.8);
  assert.match(smud.source, /estimate of SMUD's average residential rate/);
  assert.match(smud.source, /15\.28 ¢\/kWh \(EIA-861 2020/);
  assert.match(smud.source, /California's change from 2020 to 2023 \(EIA, 20\.45 ¢\/kWh to 29\.51 ¢\/kWh\)/);

  const austin = utilityRateEstimate("Austin Energy", 1015, "TX", TX_2023, 2023)!;
  assert.ok(Math.abs(austin.ratePerKwh - 0.10558 * TX_2023 / 0.11714) < 1e-5);
  assert.ok(austin.ratePerKwh < TX_2023);
  // a utility above its state's average gets its own too (LADWP: 20.63 ¢ in 2020, California 20.45 ¢)
  assert.ok(utilityRateEstimate("LADWP", 11208, "CA", CA_2023, 2023)!.ratePerKwh > CA_2023);
});

Deno.test("no estimate: investor-owned (no dated rate), another state, no state figure, or a rate out of bounds", () => {
  assert.equal(utilityRateEstimate("Georgia Power", 7140, "GA", 0.1414, 2024), null);
  assert.equal(utilityRateEstimate("Pacific Gas & Electric", 14328, "CA", CA_2023, 2023), null);
  assert.equal(utilityRateEstimate("Austin Energy", 1015, "MN", 0.1473, 2023), null);
  assert.equal(utilityRateEstimate("Austin Energy", 1015, "TX", TX_2023, null), null);
  const [lo, hi] = UTILITY_RATE_SHARE_BOUNDS;
  const rates = { "9:TX": 0.11714 * (lo - 0.01), "8:TX": 0.11714 * (hi + 0.01), "7:TX": 0.11714 * lo };
  assert.equal(utilityRateEstimate("Low", 9, "TX", TX_2023, 2023, rates), null);
  assert.equal(utilityRateEstimate("High", 8, "TX", TX_2023, 2023, rates), null);
  assert.ok(utilityRateEstimate("Edge", 7, "TX", TX_2023, 2023, rates));
});

Deno.test("the report names the utility's estimated rate and its basis, never as the state average", async () => {
  const est = utilityRateEstimate("Austin Energy", 1015, "TX", TX_2023, 2023)!;
  const program = genericProgram({ state: "TX" });
  const figures = calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 1000 }))),
    ratePerKwh: est.ratePerKwh,
    escalatorPct: 2.3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program,
  });
  const report = await new EmbeddedReportWriter().write({
    customerName: "Ana Ruiz",
    state: "TX",
    stateName: "Texas",
    address: "1 Congress Ave, Austin, TX 78701",
    figures,
    program,
    rateSource: est.source,
    rateKind: "utility",
    rateUtility: "Austin Energy",
    rateYear: 2023,
    costSource: "ES",
    costIsNationalFallback: true,
  });
  const text = report.sections.map((s) => s.text).join("");
  assert.match(
    text,
    /At Austin Energy's average residential rate of 13\.03 ¢\/kWh \(our estimate: its 2020 average, EIA-861, moved with the Texas average to 2023\)/,
  );
  assert.doesNotMatch(text, /Texas's average residential rate/);
});

Deno.test("the PDF's closing basis says the rate is an estimate of the utility's average, not the state's", async () => {
  const { extractText } = await import("unpdf");
  const { renderSavingsReportPdf } = await import("../../../shared/savings/report_pdf.ts");
  const { annLeeReport } = await import("./fixtures.ts");
  const { UTILITY_RATE_ESTIMATE } = await import("../../../shared/savings/calculate.ts");
  const text = async (flags: string[]) => {
    const doc = await annLeeReport();
    doc.figures = { ...doc.figures, flags: [...(doc.figures.flags ?? []), ...flags] };
    return (await extractText(await renderSavingsReportPdf(doc), { mergePages: true })).text.replace(
      /\s+/g,
      " ",
    );
  };
  const own = await text([UTILITY_RATE_ESTIMATE]);
  assert.match(
    own,
    /an estimate of your utility's average electricity price \(its 2020 average, moved with your state's since\) unless your own rate was given/,
  );
  assert.doesNotMatch(own, /your state's average electricity price unless/);
  assert.match(await text([]), /your state's average electricity price unless your own rate was given/);
});
