// The Gemini report writer: structured JSON output, validated by the same schema as the embedded writer;
// an invalid answer is retried, then ReportInvalidError.
import type { StructuredClient } from "../../llm/types.ts";
import { log } from "../../log.ts";
import { reportSchema, SECTION_TITLES } from "./schema.ts";
import type { ReportContext, ReportWriter, SavingsReport } from "./types.ts";
import { ReportInvalidError } from "./types.ts";

export const REPORT_ATTEMPTS = 3;

export function reportPrompt(ctx: ReportContext): { system: string; text: string } {
  const system = [
    "You write personalized residential solar savings reports for US homeowners.",
    `The home is in the state with abbreviation ${ctx.state} (${ctx.stateName}). Use local ${ctx.state} electricity rates, programs and incentives;`,
    "for anything without state-specific data, use national averages and generic program descriptions. Never invent a named program: name only programs given in the data.",
    'Use exactly the figures provided (do not recompute or round differently). Answer in JSON: {"sections": [...]} with three sections in this order:',
    `I "${
      SECTION_TITLES[0]
    }" (current spend, solar opportunity, headline savings figure, state-specific efficiency programmes);`,
    `II "${SECTION_TITLES[1]}" (monthly and annual consumption, peak months, year-on-year cost projection);`,
    `III "${
      SECTION_TITLES[2]
    }" (system size, annual production, gross cost, tax credit, net cost, payback, annual savings, additional benefits such as property tax exemption and net metering, financing options, battery storage incentives).`,
    "Tax credit: use only figures.credit (its name, pct, condition and source) and figures.federalCredit. When figures.credit.pct is 0, say that no federal tax credit applies and why; never mention a 30% or any other credit the data does not give.",
    "Estimated months: a month in figures.extrapolatedMonths was not measured (estimated, or measured from a bar of the bill's chart); never name one as a peak or a measured figure without saying it is estimated.",
    "Fixed charge: figures.fixedChargeMonthly is the utility's fixed monthly charge included in every cost (null: unknown and excluded; with the flag fixed_charge_other_utility it is left out because the bill is another utility's than the home's: say so); never say the bill with solar is $0. With the flag retail_choice the home buys from a retail electricity provider: call the bill, its rate and its fixed charge the electricity provider's, never the utility's.",
    "When figures.systemKw is 0 explain why from figures.flags (below_minimum_size: under the 2 kW minimum; roof_not_owned; zero_usage; no_usable_roof). With roof_ownership_unknown, ask who owns the roof.",
    "Each section: sequence (Roman numeral I, II or III), title (exactly as above), text (HTML using only p, ul, ol, li, strong, em, br, table, thead, tbody, tr, th, td; no attributes, no other tags).",
  ].join("\n");
  const f = ctx.figures;
  const data = {
    customerName: ctx.customerName,
    state: ctx.state,
    address: ctx.address,
    rates: {
      ratePerKwh: f.ratePerKwh,
      rateIs: {
        state: "the state average",
        national: "the US average",
        customer: "the customer's own rate",
        utility: `an estimate of ${
          ctx.rateUtility ?? "the customer's utility"
        }'s own average rate (see source)`,
      }[ctx.rateKind ?? "state"],
      source: ctx.rateSource,
      escalatorPctPerYear: f.escalatorPct,
    },
    solarCost: {
      usdPerWatt: f.costPerWatt,
      source: ctx.costSource,
      nationalMedianUsed: ctx.costIsNationalFallback,
    },
    stateProgrammes: ctx.program.isGeneric ? { stateSpecificData: false } : {
      netMetering: ctx.program.netMetering,
      exportCreditShareOfRetail: ctx.program.exportCreditRatio,
      // monthly: use and production net within the billing month at retail; only the month's excess gets the ratio
      netting: ctx.program.netting ?? "instant",
      monthlyExcessKwhCreditedAtExportRatio: ctx.figures.monthlyExcessKwh,
      // the home's utility's own rule, in place of the state's (Austin Energy's Value of Solar)
      utilityExportRule: ctx.program.utilityRule
        ? {
          utility: ctx.program.utilityRule.utility,
          rule: ctx.program.utilityRule.rule,
          creditUsdPerKwh: ctx.program.utilityRule.creditUsdPerKwh,
          shareOfProductionCredited: ctx.program.utilityRule.shareOfProduction,
          effective: ctx.program.utilityRule.effective,
          source: ctx.program.utilityRule.source,
        }
        : undefined,
      // a utility's own rule not applied: the bill the usage comes from is another utility's (say why)
      utilityExportRuleNotApplied: ctx.program.utilityRuleSetAside
        ? {
          utility: ctx.program.utilityRuleSetAside.rule.utility,
          rateName: ctx.program.utilityRuleSetAside.rule.rateName,
          utilityChosenForHome: ctx.program.utilityRuleSetAside.chosen,
          utilityOfBill: ctx.program.utilityRuleSetAside.bill,
          why:
            "the usage comes from a bill of another utility than the one chosen for the home, so the state's general rules are applied: say so",
        }
        : undefined,
      propertyTaxExemption: ctx.program.propertyTaxExemption,
      incentives: ctx.program.incentives,
      efficiencyPrograms: ctx.program.efficiencyPrograms,
      batteryIncentives: ctx.program.batteryIncentives,
      source: ctx.program.source,
    },
    figures: { ...f, projection: f.projection.filter((p) => [1, 5, 10, 15, 20, 25].includes(p.year)) },
  };
  return { system, text: `Report data (JSON):\n${JSON.stringify(data)}` };
}

/** The report writer on a structured-output model: Gemini, or an OpenAI-compatible endpoint (same prompt and schema). */
export class GeminiReportWriter implements ReportWriter {
  readonly name: string;
  constructor(private readonly client: StructuredClient, private readonly attempts = REPORT_ATTEMPTS) {
    this.name = client.provider;
  }

  async write(ctx: ReportContext): Promise<SavingsReport> {
    const { system, text } = reportPrompt(ctx);
    let last = "";
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      // An unreachable or failing model throws SeamUnavailableError (the caller falls back to the embedded writer).
      const r = await this.client.generate({ system, parts: [{ text }], schema: reportSchema });
      if (r.ok) return r.value;
      last = `${r.error}: ${r.detail}`;
      log("warn", "report writer answer rejected", {
        writer: this.name,
        attempt,
        model: r.model,
        problem: last.slice(0, 500),
      });
    }
    throw new ReportInvalidError(
      `The language model returned no valid report after ${this.attempts} attempts (${last.slice(0, 300)})`,
    );
  }
}
