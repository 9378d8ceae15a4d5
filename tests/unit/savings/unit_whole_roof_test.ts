// A unit whose owner says they own the roof (QA pass 16: 28 panels for a Houston apartment on the model's
// single-family roof): no source gives a unit's share of its building's roof, so the size stays and the report, the
// PDF and the partner's "New lead" email say it assumes the whole roof found for the address.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { calculateSavings, type SavingsFigures, UNIT_WHOLE_ROOF } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";
import { unitOnWholeRoof } from "../../../shared/savings/roof_access.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_pdf.ts";
import { reportFacts } from "../../../shared/notifications/lead_figures.ts";
import { federalCredit } from "../../../shared/savings/credit.ts";
import { texas } from "./fixtures.ts";

const APT = { line1: "4746 Maple Ave", line2: "Apt 25B", city: "Houston", state: "TX", zip: "77019" };

Deno.test("unitOnWholeRoof: a unit whose owner owns the roof, with a system; not a house, not without one", () => {
  assert.equal(unitOnWholeRoof(APT, "own", 11.2), true);
  assert.equal(unitOnWholeRoof("4746 Maple Ave Apt 25B, Houston, TX 77019", "own", 11.2), true);
  assert.equal(unitOnWholeRoof({ ...APT, line2: "" }, "own", 11.2), false);
  assert.equal(unitOnWholeRoof(APT, "not_owned", 0), false);
  assert.equal(unitOnWholeRoof(APT, undefined, 11.2), false); // asked instead (roof_ownership_unknown)
  assert.equal(unitOnWholeRoof(APT, "own", 0), false);
});

async function report(flag: boolean) {
  const figures = calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 1400 }))),
    ratePerKwh: 0.1446,
    escalatorPct: 2.3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program: texas,
    credit: federalCredit("2026-11-25"),
  });
  if (flag) figures.flags.push(UNIT_WHOLE_ROOF);
  const r = await new EmbeddedReportWriter().write({
    customerName: "Grace Anderson",
    state: "TX",
    stateName: "Texas",
    address: "4746 Maple Ave Apt 25B, Houston, TX 77019",
    figures,
    program: texas,
    rateSource: "EIA",
    costSource: "ES",
    costIsNationalFallback: true,
    partnerName: "Demo Solar",
  });
  return { figures, sections: r.sections, text: r.sections.map((s) => s.text).join("") };
}

Deno.test("a unit on the whole roof: the report, the PDF and the partner's email say what the size assumes", async () => {
  const unit = await report(true);
  assert.match(
    unit.text,
    /This size assumes the whole roof we found for your address is yours to use; if you share it with other units, a smaller system fits\. Demo Solar checks the roof you can use/,
  );
  const pdf = (await extractText(
    await renderSavingsReportPdf({
      customerName: "Grace Anderson",
      address: "4746 Maple Ave Apt 25B, Houston, TX 77019",
      state: "TX",
      partner: { name: "Demo Solar" },
      figures: unit.figures,
      sections: unit.sections,
    }),
    { mergePages: true },
  )).text.replace(/\s+/g, " ");
  assert.ok(pdf.includes("condition and the share of it that is yours) and your utility"), pdf);
  const facts = reportFacts({ figures: unit.figures, basis: null, createdAt: null }, "TX");
  const roof = facts.find((x) => x.label === "Roof to check");
  assert.match(roof?.value ?? "", /the size assumes the whole roof found for the address is theirs/);
  // a house: none of it
  const house = await report(false);
  assert.ok(!/share of the roof|share it with other units/i.test(house.text), house.text);
  assert.ok(
    !reportFacts({ figures: house.figures as SavingsFigures, basis: null, createdAt: null }, "TX")
      .some((x) => x.label === "Roof to check"),
  );
});
