// The embedded report writer: sections I-III composed from the computed figures and the state's programme
// data, deterministic and offline. Generic wording (never a named programme) where the state has no data.
import type { ReportContext, ReportWriter, SavingsReport } from "./types.ts";
import { SECTION_TITLES } from "./schema.ts";
import {
  article,
  cents,
  countWord,
  escapeHtml as h,
  kwh,
  listMonths,
  MONTHS,
  sharePct,
  usd,
  usdCents,
  years,
} from "../../format.ts";
import {
  ASSUMPTIONS,
  BEYOND_HOME_USE,
  EVEN_YEAR_SPREAD,
  FIXED_CHARGE_OTHER_UTILITY,
  RETAIL_CHOICE,
  type SavingsFigures,
  UNIT_WHOLE_ROOF,
  WIDE_YEAR_SPREAD,
} from "../calculate.ts";
import { ITC_SOLAR_CONSTRUCTION_BY, ITC_SOLAR_LAST_IN_SERVICE } from "../credit.ts";

/** A YYYY-MM-DD date in words ("March 1, 2023"). */
const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

export class EmbeddedReportWriter implements ReportWriter {
  readonly name = "embedded";
  write(ctx: ReportContext): Promise<SavingsReport> {
    return Promise.resolve({
      sections: [
        { sequence: "I", title: SECTION_TITLES[0], text: executiveSummary(ctx) },
        { sequence: "II", title: SECTION_TITLES[1], text: usageAnalysis(ctx) },
        { sequence: "III", title: SECTION_TITLES[2], text: recommendation(ctx) },
      ],
    });
  }
}

/** The year's energy cost: the use at the rate, without the fixed charge that annualCost includes. */
function energyCost(f: SavingsFigures): number {
  return f.annualCost - (f.fixedChargeMonthly ?? 0) * 12;
}

function executiveSummary(c: ReportContext): string {
  const f = c.figures, p = c.program;
  const out = [
    // a use far beyond a home's is not called the home's (the account on the bill may be a business's)
    // usage the homeowner typed (no bill month) is their estimate, not what the home used (QA pass 16)
    `<p>${h(c.customerName)}, ${
      homeownerEstimate(f)
        ? `you estimate that ${f.flags.includes(BEYOND_HOME_USE) ? "the account" : "your home"} in ${
          h(c.stateName)
        } uses about <strong>${kwh(f.annualKwh)}</strong> of electricity a year`
        : `${f.flags.includes(BEYOND_HOME_USE) ? "the account on your bill" : "your home"} in ${
          h(c.stateName)
        } used <strong>${kwh(f.annualKwh)}</strong> of electricity over the last year`
    }. At ${rateWords(c)} of ${cents(f.ratePerKwh)}${
      c.rateKind === "utility"
        ? ` (our estimate: its 2020 average, EIA-861, moved with the ${
          h(c.stateName)
        } average to ${c.rateYear})`
        : c.rateKind !== "customer" && c.rateYear
        ? ` (EIA, ${c.rateYear})`
        : ""
    }, that is about <strong>${usd(energyCost(f))} a year</strong>${
      // annualCost includes the bill's fixed charge: the rate times the use is the energy alone (QA pass 7: "14.15 ¢/kWh
      // … that is about $2,145 a year" for 14,395 kWh, which is $2,037 at that rate).
      f.fixedChargeMonthly ? `, ${usd(f.annualCost)} with your ${chargeOwner(c)} fixed charge` : ""}.</p>`,
  ];
  if (f.systemKw > 0) {
    out.push(
      `<p>${article(f.systemKw.toFixed(1)) === "an" ? "An" : "A"} <strong>${
        f.systemKw.toFixed(1)
      } kW</strong> solar system on your roof would produce about ${
        kwh(f.annualProductionKwh)
      } a year, covering <strong>${sharePct(f.offsetPct)}</strong> of your usage. We estimate <strong>${
        usd(f.netAnnualSavings)
      } in savings in the first year</strong> and <strong>${
        usd(f.lifetimeSavings)
      } over ${f.projection.length} years</strong>, with the system paying for itself in ${
        years(f.paybackYears)
      }.</p>`,
    );
  } else {
    out.push(`<p>${noSystemReason(f)}</p>`);
  }
  const beyond = beyondHomeWords(f, c.partnerName);
  if (beyond) out.push(`<p><strong>${h(beyond)}</strong></p>`);
  if (f.flags.includes("roof_ownership_unknown")) {
    out.push(
      `<p><strong>Who owns your roof?</strong> Your address is a unit in a shared building. A rooftop system needs the consent of whoever owns the roof (the building owner or your association); tell us who that is and we will confirm the figures below with them.</p>`,
    );
  }
  if (f.flags.includes(UNIT_WHOLE_ROOF)) {
    out.push(
      `<p><strong>Your share of the roof.</strong> Your address is a unit in a shared building and you told us you own the roof. This size assumes the whole roof we found for your address is yours to use; if you share it with other units, a smaller system fits. ${
        h(c.partnerName ?? "Your installer")
      } checks the roof you can use before any quote.</p>`,
    );
  }
  if (p.efficiencyPrograms && !p.isGeneric) {
    out.push(
      `<p>Using less electricity first lets a smaller system cover your needs; see ${
        h(usSpelling(p.efficiencyPrograms))
      }.</p>`,
    );
  } else {out.push(
      `<p>Energy-efficiency improvements (LED lighting, a smart thermostat, sealing and insulation) reduce usage before sizing a system; your utility may offer rebates for them.</p>`,
    );}
  return out.join("");
}

/**
 * The year's peak months, an estimated one never said as a measured peak (QA pass 10: "Use peaks in August and
 * September" when August was measured from a bar of the bill's chart): the measured peaks are the peaks, the
 * estimated months as high are said to be estimates.
 */
export function peakWords(f: Pick<SavingsFigures, "peakMonths" | "extrapolatedMonths">): string {
  const estimated = f.peakMonths.filter((m) => f.extrapolatedMonths.includes(m));
  const measured = f.peakMonths.filter((m) => !f.extrapolatedMonths.includes(m));
  if (!measured.length) return `Use is estimated to peak in <strong>${listMonths(estimated)}</strong>.`;
  const peaks = `Use peaks in <strong>${listMonths(measured)}</strong>`;
  if (!estimated.length) return `${peaks}.`;
  return `${peaks}; ${listMonths(estimated)}, ${
    estimated.length === 1 ? "an estimated month, is" : "estimated months, are"
  } about as high.`;
}

/**
 * How even the year is, from its spread (highest month ÷ lowest month, EVEN_YEAR_SPREAD and WIDE_YEAR_SPREAD): a
 * year without named peaks (too flat, or more than four months near the top) is "fairly even" only when its highest
 * month is at most 10% above its lowest; otherwise the lowest and highest months are given.
 */
export function seasonWords(f: Pick<SavingsFigures, "monthlyKwh" | "extrapolatedMonths">): string {
  const ms = f.monthlyKwh;
  const hi = ms.indexOf(Math.max(...ms));
  const lo = ms.indexOf(Math.min(...ms));
  if (ms[hi] <= 0 || ms[hi] <= ms[lo] * EVEN_YEAR_SPREAD) return "Your use is fairly even through the year.";
  const est = (i: number) => f.extrapolatedMonths.includes(i + 1) ? " (estimated)" : "";
  const how = ms[lo] <= 0 || ms[hi] > ms[lo] * WIDE_YEAR_SPREAD ? "varies widely" : "varies";
  return `Your use ${how} through the year, from ${kwh(ms[lo])} in ${MONTHS[lo]}${est(lo)} to ${
    kwh(ms[hi])
  } in ${MONTHS[hi]}${est(hi)}.`;
}

/**
 * Never call the customer's own rate (or the national fallback) "the <state> average"; the state by its name, as the
 * report's other sentences have it ("At the UT average residential rate", next to "your home in Utah": rates18).
 */
function rateWords(c: ReportContext): string {
  if (c.rateKind === "customer") return "your electricity rate";
  if (c.rateKind === "national") return "the US average residential rate";
  if (c.rateKind === "utility") return `${h(c.rateUtility ?? "your utility")}'s average residential rate`;
  return `${h(c.stateName || c.state)}'s average residential rate`;
}

function usageAnalysis(c: ReportContext): string {
  const f = c.figures;
  // Two half-years side by side: six rows instead of twelve keeps the analysis on fewer pages.
  const cell = (i: number) =>
    `<td>${MONTHS[i]}</td><td>${kwh(f.monthlyKwh[i])}${
      f.extrapolatedMonths.includes(i + 1) ? " <em>(est.)</em>" : ""
    }</td><td>${usd(f.monthlyKwh[i] * f.ratePerKwh)}</td>`;
  const monthly = [0, 1, 2, 3, 4, 5].map((i) => `<tr>${cell(i)}${cell(i + 6)}</tr>`).join("");
  const out = [
    `<p>Your annual consumption${homeownerEstimate(f) ? ", by your estimate," : ""} is <strong>${
      kwh(f.annualKwh)
    }</strong>, an average of ${kwh(f.annualKwh / 12)} a month. ${
      f.peakMonths.length ? peakWords(f) : noMonthlyFigures(f)
        ? "" // an even estimate is not the home's use being even
        : seasonWords(f)
    }</p>`,
  ];
  if (f.extrapolatedMonths.length) out.push(`<p><em>${estimatedWords(f)}</em></p>`);
  out.push(
    `<table><thead><tr><th>Month</th><th>Usage</th><th>Energy cost</th><th>Month</th><th>Usage</th><th>Energy cost</th></tr></thead><tbody>${monthly}</tbody></table>`,
  );
  const years = [1, 5, 10, 15, 20, 25].map((y) => f.projection[y - 1]).filter(Boolean);
  const trend = c.escalatorBasis ? ` (${h(c.escalatorBasis)})` : " over the long run";
  const proposed = f.systemKw > 0;
  out.push(
    `<p>Electricity prices have risen about ${f.escalatorPct}% a year${trend}. ${
      proposed
        ? "Your yearly cost without and with solar would grow as follows:"
        : "Without solar, your yearly cost would grow as follows:"
    }</p>`,
  );
  // Unknown fixed charge: the cost with solar is never printed as a bare $0.
  const withSolar = (v: number) => f.fixedChargeMonthly === null ? `${usd(v)} + fixed charge` : usd(v);
  out.push(
    `<table><thead><tr><th>Year</th><th>Rate</th><th>Cost without solar</th>${
      proposed ? "<th>Cost with solar</th>" : ""
    }</tr></thead><tbody>${
      years.map((y) =>
        `<tr><td>${y.year}</td><td>${cents(y.ratePerKwh)}</td><td>${usd(y.costWithoutSolar)}</td>${
          proposed ? `<td>${withSolar(y.costWithSolar)}</td>` : ""
        }</tr>`
      ).join("")
    }</tbody></table>`,
  );
  out.push(`<p>${fixedChargeWords(f, chargeOwner(c))}</p>`);
  return out.join("");
}

function recommendation(c: ReportContext): string {
  const f = c.figures, p = c.program;
  const out: string[] = [];
  if (f.systemKw > 0) {
    out.push(
      `<p>We recommend ${article(f.systemKw.toFixed(1))} <strong>${
        f.systemKw.toFixed(1)
      } kW</strong> system of ${f.panels} panel${f.panels === 1 ? "" : "s"} of ${f.panelCapacityW} W${
        f.roofLimited ? ", the most your roof can hold" : ""
      }, producing about <strong>${kwh(f.annualProductionKwh)}</strong> a year (${
        sharePct(f.offsetPct)
      } of your usage).</p>`,
    );
    out.push(
      `<table><tbody>` +
        `<tr><td>Gross system cost</td><td>${usd(f.grossCost)} (${
          c.costIsNationalFallback ? "national median" : h(c.state) + " median"
        } of $${f.costPerWatt.toFixed(2)}/W${c.costYear ? `, ${c.costYear}` : ""}${
          c.costIsNationalFallback ? "; no state figure on file" : ""
        })</td></tr>` +
        (f.credit.pct > 0
          ? `<tr><td>${h(f.credit.name)} (${f.credit.pct}%)</td><td>−${usd(f.federalCredit)}</td></tr>`
          : `<tr><td>Federal tax credit</td><td>none (see below)</td></tr>`) +
        `<tr><td>Net system cost</td><td><strong>${usd(f.netCost)}</strong></td></tr>` +
        `<tr><td>First-year savings</td><td><strong>${usd(f.netAnnualSavings)}</strong></td></tr>` +
        `<tr><td>Payback period</td><td><strong>${years(f.paybackYears)}</strong></td></tr>` +
        `<tr><td>${f.projection.length}-year savings</td><td>${
          usd(f.lifetimeSavings)
        } (net of the system cost: ${usd(f.lifetimeNetBenefit)})</td></tr>` +
        `<tr><td>CO₂ avoided</td><td>${(f.co2OffsetKgPerYear / 1000).toFixed(1)} t a year, ${
          f.co2OffsetTonnesLifetime.toFixed(0)
        } t over ${f.projection.length} years${f.co2Basis ? ` (${h(f.co2Basis)})` : ""}</td></tr>` +
        `</tbody></table>`,
    );
    out.push(`<p>${creditWords(c)}</p>`);
    if (p.utilityRuleSetAside) out.push(`<p>${setAsideWords(c)}</p>`);
    if (p.stateRuleSetAside) out.push(`<p>${stateSetAsideWords(c)}</p>`);
    if (f.programCharges.total > 0) {
      // Each amount is what the state's rules take off the savings, said as such: "credited at about 25% of
      // the retail rate ($1,225 a year)" read as if $1,225 were the credit.
      const parts: string[] = [];
      if (f.programCharges.exportShortfall > 0) {
        // Without a statewide rule the ratio is the model's guess, not a rule (state_programs.csv: "ratio is a model
        // assumption"): "credited at about 50% of the retail rate" read as Texas's rule (QA pass 11).
        const rule = p.utilityRule;
        const credited = rule
          ? utilityCredit(c)
          : p.netMetering === "none"
          ? `credited, we assume, at about ${
            Math.round(p.exportCreditRatio * 100)
          }% of the retail rate (there is no statewide rule: your utility's or retail plan's buyback rate decides)`
          : `credited at about ${Math.round(p.exportCreditRatio * 100)}% of the retail rate`;
        parts.push(
          rule
            ? `${credited}: ${usd(f.programCharges.exportShortfall)} a year less than full retail credit`
            : f.monthlyExcessKwh !== undefined
            ? `the energy you use and the energy your panels make are netted within each billing month at the retail rate, and only a month's excess production is ${credited}: we count ${
              kwh(f.monthlyExcessKwh)
            } a year of such excess (${
              Math.round(f.monthlyExcessKwh / Math.max(1, f.annualProductionKwh) * 100)
            }% of your solar energy, in the sunniest months), ${
              usd(f.programCharges.exportShortfall)
            } a year less than full retail credit`
            : `we count about ${
              Math.round(ASSUMPTIONS.exportShare * 100)
            }% of your solar energy as sent to the grid, ${credited}, ${
              usd(f.programCharges.exportShortfall)
            } a year less than full retail credit`,
        );
      }
      if (f.programCharges.nonbypassable > 0) {
        parts.push(
          `non-bypassable charges still apply to the energy solar offsets, ${
            usd(f.programCharges.nonbypassable)
          } a year`,
        );
      }
      if (f.programCharges.solarCharges > 0) {
        parts.push(`a monthly charge per kW of solar applies, ${usd(f.programCharges.solarCharges)} a year`);
      }
      out.push(
        `<p>The savings above already take ${
          p.utilityRule ? `${h(p.utilityRule.utility)}'s rules` : `${h(c.stateName)}'s rules`
        } into account: ${parts.join("; ")}.${
          p.utilityRule ? ` Source: ${h(sourceTitle(p.utilityRule.source))}.` : ""
        }</p>`,
      );
    }
  } else {
    out.push(
      // Section I gives the reason; saying it again word for word here read as a copy.
      `<p>We do not propose a system here, for the reason given in section I. If your situation changes (new bills, a roof you can use), we will update this estimate.</p>`,
    );
  }
  const benefits: string[] = [];
  benefits.push(`<li><strong>${exportLabel(c)}:</strong> ${netMetering(c, exportRatioSaid(c))}</li>`);
  benefits.push(
    `<li><strong>Property tax:</strong> ${
      p.propertyTaxExemption && !p.isGeneric
        ? h(usSpelling(p.propertyTaxExemption)).replace(/\.*$/, ".")
        : "many states exempt the added value of solar from property tax; check your county assessor."
    }</li>`,
  );
  if (p.incentives && !p.isGeneric) {
    benefits.push(
      `<li><strong>State incentives:</strong> ${h(usSpelling(p.incentives)).replace(/\.*$/, ".")}</li>`,
    );
  } else {benefits.push(
      `<li><strong>Local incentives:</strong> utilities and cities sometimes offer rebates; your installer can check what applies at your address.</li>`,
    );}
  out.push(`<p><strong>Additional benefits</strong></p><ul>${benefits.join("")}</ul>`);
  if (f.systemKw <= 0) return out.join("");
  const ownCredit = f.credit.claimant === "homeowner" && f.credit.pct > 0;
  out.push(
    `<p><strong>Financing options</strong></p><ul><li><strong>Cash purchase:</strong> the best lifetime return${
      ownCredit
        ? `; you claim the ${f.credit.pct}% credit described above`
        : f.credit.claimant === "none"
        ? "; no federal tax credit applies to a system you buy today"
        : ""
    }.</li><li><strong>Solar loan:</strong> little or nothing down; loan payments often fall below the bill savings.</li><li><strong>Lease or power purchase agreement:</strong> no upfront cost and a fixed price per month or per kWh; ${
      leaseCreditWords(c.reportDate ?? new Date().toISOString().slice(0, 10))
    }.</li></ul>`,
  );
  out.push(
    `<p><strong>Battery storage:</strong> ${
      p.batteryIncentives && !p.isGeneric ? h(usSpelling(p.batteryIncentives)) + "; a" : "a"
    } battery stores daytime solar for the evening and keeps essentials running in an outage${
      ownCredit && !f.credit.statedByPartner
        ? "; a home battery installed under the same rule qualifies for the same federal credit"
        : ""
    }.</p>`,
  );
  return out.join("");
}

/**
 * How the home's utility's own rule credits solar (data/reference/utility_export_programs.csv): "Austin Energy credits
 * all the solar energy your panels produce at its Value of Solar rate, 9.91 ¢/kWh (…), and bills all the electricity
 * you use"; "Sacramento Municipal Utility District buys the solar energy you export (about 50% of it, we count) at …".
 */
function utilityCredit(c: ReportContext): string {
  const p = c.program, r = p.utilityRule!;
  const terms = `${cents(r.creditUsdPerKwh)} (about ${
    Math.round(p.exportCreditRatio * 100)
  }% of the retail rate; in effect since ${longDate(r.effective)})`;
  return r.rule === "all_production"
    ? `${h(r.utility)} credits all the solar energy your panels produce at its ${
      h(r.rateName)
    }, ${terms}, and bills all the electricity you use`
    : `${h(r.utility)} buys the solar energy you export (about ${
      Math.round(ASSUMPTIONS.exportShare * 100)
    }% of it, we count) at its ${h(r.rateName)}, ${terms}, whatever the hour`;
}

/**
 * A rule's source as a report cites it: its title and the site ("Austin Energy, Value of Solar Rate
 * (austinenergy.com)"); the figures it gives are already in the sentence (QA pass 12: the rate was said twice).
 */
function sourceTitle(source: string): string {
  const m = source.match(/^(.*?)\s*\(https?:\/\/(?:www\.)?([^/)\s]+)[^)]*\)/);
  return m ? `${m[1]} (${m[2]})` : source;
}

/** The benefit's name as the state's rule is: California's net billing is not net metering. */
function exportLabel(c: ReportContext): string {
  if (c.program.netting === "monthly" && c.program.netMetering !== "utility_rule") {
    return "Monthly net metering";
  }
  switch (c.program.netMetering) {
    case "utility_rule":
      return "Solar credits";
    case "net_billing":
      return "Net billing";
    case "none":
      return "Export credits";
    default:
      return "Net metering";
  }
}

/**
 * Why a utility's own export rule is not applied: the bill the usage comes from is another utility's than the one
 * chosen for the home (utility_export.ts exportRuleFor), so the state's rules are.
 */
function setAsideWords(c: ReportContext): string {
  const a = c.program.utilityRuleSetAside!;
  const rule = `its own ${h(a.rule.rateName)}`;
  const general = `this estimate applies ${h(c.stateName)}'s general rules instead`;
  return a.ofChosen
    ? `${
      h(a.chosen)
    }, the utility chosen for your home, credits solar under ${rule}, but the usage here comes from a bill of ${
      h(a.bill)
    }, another utility: ${general}. With a bill from ${h(a.chosen)}, the estimate would follow ${rule}.`
    : `Your bill is from ${
      h(a.bill)
    }, which credits solar under ${rule}, but the utility chosen for your home is ${
      h(a.chosen) || "another one"
    }: ${general}.`;
}

/**
 * Why the state's export rule is not applied: it is its investor-owned utilities' and the home's utility is another
 * kind (programme_scope.ts), whose own rule is not on file, so the figures assume retail credit and say so.
 */
function stateSetAsideWords(c: ReportContext): string {
  const a = c.program.stateRuleSetAside!;
  return `${h(c.stateName)}'s export rule applies to its investor-owned utilities; ${
    h(a.utility)
  }, the utility chosen for your home, is ${
    h(a.ownership)
  } and sets its own, which we do not have: the figures assume it credits the energy you export at the retail rate. Ask ${
    h(a.utility)
  } how it credits solar exports.`;
}

/** The paragraph on the state's rules (a proposed system, exports credited below retail) gave the credit ratio. */
function exportRatioSaid(c: ReportContext): boolean {
  return c.figures.systemKw > 0 && c.figures.programCharges.exportShortfall > 0;
}

/**
 * The export rule in a line. When the paragraph on the state's rules just gave the ratio ("credited at about 25% of
 * the retail rate"), the line gives the advice only: it repeated "below the retail rate (about 25%)" a few lines on.
 */
function netMetering(c: ReportContext, ratioSaid = false): string {
  const p = c.program;
  if (p.netting === "monthly") {
    return ratioSaid
      ? "solar energy that meets your use within the same billing month is worth the full retail rate (see above), so a system sized to your use month by month saves the most."
      : `${
        h(c.stateName)
      } nets the energy you use and make within each billing month at the retail rate and credits only a month's excess production below it (about ${
        Math.round(p.exportCreditRatio * 100)
      }%).`;
  }
  if (p.netMetering === "net_billing" && ratioSaid) {
    return "energy you use at home is worth more than energy you export (see above), so running appliances while the sun shines saves the most.";
  }
  if (p.netMetering === "utility_rule" && p.utilityRule) {
    const r = p.utilityRule;
    const what = r.rule === "all_production" ? "your solar production" : "the solar energy you export";
    return ratioSaid
      ? `${h(r.utility)} credits ${what} at its ${h(r.rateName)} (see above), not at the retail rate, so ${
        r.rule === "all_production"
          ? "the credit does not depend on when you use your power."
          : "using your solar at home is worth the most."
      }`
      : `${h(r.utility)} credits ${what} at its ${h(r.rateName)}, ${
        cents(r.creditUsdPerKwh)
      } (in effect since ${longDate(r.effective)}).`;
  }
  switch (p.netMetering) {
    case "retail":
      return `${
        h(c.stateName)
      } credits energy you export at the full retail rate, so your panels offset your bill one for one.`;
    case "net_billing":
      return `${h(c.stateName)} credits exported energy below the retail rate (about ${
        Math.round(p.exportCreditRatio * 100)
      }%), so using your solar at home is worth the most.`;
    case "none":
      return `${
        h(c.stateName)
      } has no statewide net-metering rule; export credits depend on your utility or retail plan, so using your solar at home is worth the most.`;
    default:
      return "most utilities credit the solar energy you export; the figures assume credits at the retail rate.";
  }
}

/**
 * What a report on a use far beyond a home's says (flag `beyond_home_use`), plain text (also the email's and the
 * widget's): a 2.2 GWh commercial account the homeowner confirmed got "covering 1% of your usage" presented as a
 * normal home's report (QA pass 9). The figures stay, said for what they are: one roof's system against a use this
 * large, and what to do about it. Null without the flag.
 */
export function beyondHomeWords(
  f: Pick<SavingsFigures, "flags" | "annualKwh" | "systemKw" | "offsetPct">,
  partner?: string,
): string | null {
  if (!f.flags?.includes(BEYOND_HOME_USE)) return null;
  const covers = f.systemKw > 0
    ? ` The largest system your roof holds would cover only ${
      sharePct(f.offsetPct)
    } of it, so the savings here are for that system alone, not a plan for all of this use.`
    : "";
  return `This bill shows ${
    kwh(f.annualKwh)
  } a year, far more electricity than a home uses.${covers} A use this large is usually that of a business or a whole building: if this bill is not for your home, start again with your home bill; if it is, ask ${
    partner?.trim() || "your installer"
  } for a commercial solar assessment.`;
}

/** Why the report offers no system (the flags of the calculation); plain text (also the report email's). */
export function noSystemReason(f: SavingsFigures): string {
  if (f.flags.includes("zero_usage")) {
    return "Your bills show no measurable electricity use, so we do not recommend a solar system at this time.";
  }
  if (f.flags.includes("roof_not_owned")) {
    return "You told us you do not own the roof, so we do not propose a rooftop system; community solar subscriptions, where your state has them, let you save without panels on your roof.";
  }
  if (f.flags.includes("below_minimum_size")) {
    return f.flags.includes("roof_limited")
      ? "Your roof has room for fewer panels than the smallest system we propose (2 kW), so we do not propose one."
      : "Your electricity use is low enough that the system it needs would be smaller than the smallest we propose (2 kW, about 5 panels): below that, an installation's fixed costs (permit, interconnection, inverter, the crew's visit) would outweigh its savings, so we do not propose one.";
  }
  return "We could not find usable roof space for panels at this address.";
}

/**
 * No month of the year is a figure the home gave: usage typed by hand as one monthly average (the widget's "No bill
 * at hand?"), or a total without months.
 */
function noMonthlyFigures(f: SavingsFigures): boolean {
  return f.extrapolatedMonths.length >= 12;
}

/** Every month estimated and none from a bill's chart: the yearly use is the figure the homeowner typed. */
function homeownerEstimate(f: SavingsFigures): boolean {
  return noMonthlyFigures(f) && !f.chartMonths?.length;
}

/**
 * Whose fixed charge the bill's is: in a retail-choice area (Texas: Reliant's bill for a CenterPoint home) the home's
 * retail electricity provider's, not the utility's, which only delivers the power (QA pass 16).
 */
function chargeOwner(c: ReportContext): string {
  return c.figures.flags.includes(RETAIL_CHOICE) ? "electricity provider's" : "utility's";
}

/** The months were filled from a typical seasonal profile scaled to the known ones (usage.ts), not from a pattern
 * of the known months: "the seasonal pattern of the one we have" said what one month cannot have. Twelve equal
 * estimates are the average the homeowner typed, not a seasonal pattern, and there may have been no bill at all
 * ("Your bills gave no month-by-month usage … estimated from a typical seasonal pattern" under twelve equal months
 * typed by hand). */
function estimatedWords(f: SavingsFigures): string {
  const n = f.extrapolatedMonths.length;
  if (n >= 12) {
    return f.monthlyKwh.every((v) => v === f.monthlyKwh[0])
      ? "Every month here is the same figure, your average monthly use: we have no month-by-month usage, so the seasons are not shown; a bill with a usage history makes these figures firmer."
      : "We have no month-by-month usage, so every month here is estimated from a typical seasonal pattern scaled to your total; a bill with a usage history makes these figures firmer.";
  }
  // Months measured from the bill's bar chart are on the bill, as bars: they were called "not on your bills".
  const chart = f.chartMonths?.filter((m) => f.extrapolatedMonths.includes(m)).length ?? 0;
  const cap = (w: string) => `${w[0].toUpperCase()}${w.slice(1)}`;
  const bars = chart
    ? `${cap(countWord(chart))} of the twelve months ${
      chart === 1 ? "is" : "are"
    } shown on your bill only as a bar of its chart, without a figure: ${
      chart === 1 ? "its usage is" : "their usage is"
    } measured from the bar${chart === 1 ? "" : "s"}, an estimate.`
    : "";
  const filled = n - chart;
  const missing = filled
    ? `${cap(countWord(filled))}${chart ? " more" : ""} of the twelve months ${
      filled === 1 ? "was" : "were"
    } not on your bills and ${
      filled === 1 ? "is" : "are"
    } estimated from a typical seasonal pattern scaled to the ${countWord(12 - filled)} we have.`
    : "";
  return [bars, missing].filter(Boolean).join(" ");
}

function fixedChargeWords(f: SavingsFigures, owner: string): string {
  // Without a proposed system there is no "with solar" to keep paying it in.
  const proposed = f.systemKw > 0;
  if (f.fixedChargeMonthly !== null) {
    return `These costs include your ${owner} fixed charge of ${usdCents(f.fixedChargeMonthly)} a month${
      proposed ? ", which you keep paying with solar" : ""
    }.`;
  }
  // Usage typed by hand: there was no bill to read it from.
  const why = f.flags?.includes(FIXED_CHARGE_OTHER_UTILITY)
    ? "which your bill, from another utility, cannot tell"
    : noMonthlyFigures(f)
    ? "which we do not have"
    : "which we could not read from your bill";
  return proposed
    ? `These costs leave out your ${owner} fixed monthly customer charge, ${why}; you keep paying it with solar, so your bill does not drop to zero.`
    : `These costs leave out your ${owner} fixed monthly customer charge, ${why}.`;
}

/**
 * Who gets a federal credit with a lease or PPA on the report's date (credit.ts's policy for third-party-owned
 * systems): "the owner of the system claims the tax credit" promised a credit that, for a system sold after
 * July 4, 2026, needs it in service by the end of 2027, and after 2027 is gone.
 */
function leaseCreditWords(day: string): string {
  if (day > ITC_SOLAR_LAST_IN_SERVICE) {
    return "no federal tax credit applies to a new system, for you or its owner";
  }
  if (day > ITC_SOLAR_CONSTRUCTION_BY) {
    return "the company that owns the system, not you, may claim a federal credit (IRC §48E) if the system is in service by December 31, 2027; ask whether it lowers the price";
  }
  return "the company that owns the system claims any federal tax credit, not you";
}

/** The credit the figures use, its condition and source; never a credit the homeowner cannot claim. */
function creditWords(c: ReportContext): string {
  const k = c.figures.credit;
  const by = k.statedByPartner ? ` (as stated by ${h(c.partnerName ?? "your installer")})` : "";
  if (k.pct > 0) {
    return `<strong>${h(k.name)}${by}:</strong> ${k.pct}% of the system cost, ${h(k.condition)}. Source: ${
      h(k.source)
    }.`;
  }
  return `<strong>${h(k.name)}.</strong> ${h(k.condition[0].toUpperCase() + k.condition.slice(1))}. Source: ${
    h(k.source)
  }.`;
}

/**
 * The state data's names in the report's American English: "NYSERDA energy-efficiency programmes" read "…
 * programs" (the sentence around it said "programs", so the report used both spellings in one line).
 */
export function usSpelling(s: string): string {
  return s.replace(/\b([Pp])rogramme(s?)\b/g, "$1rogram$2");
}
