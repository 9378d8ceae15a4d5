// The savings pipeline: geocode -> roof data -> state rates -> calculation -> report -> stored, with the
// PDF and the email delivered by a queued job (savings.deliver).
import type { AuthContext } from "../db/scoped.ts";
import { badRequest, DomainError, forbidden, isSeamUnavailable } from "../errors.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { enqueue } from "../queue/queue.ts";
import { formatAddress, geocoder, type GeocodeResult } from "../geo/index.ts";
import { STATE_NAMES } from "../geo/states.ts";
import { modelRoof, type RoofData, roofData } from "../roof/index.ts";
import {
  type ReportContext,
  ReportInvalidError,
  reportWriter,
  type SavingsReport,
  validateReport,
} from "./report/index.ts";
import { EmbeddedReportWriter } from "./report/embedded.ts";
import {
  BEYOND_HOME_USE,
  calculateSavings,
  FIXED_CHARGE_OTHER_UTILITY,
  RETAIL_CHOICE,
  type SavingsFigures,
  UNIT_WHOLE_ROOF,
  UTILITY_RATE_ESTIMATE,
} from "./calculate.ts";
export { UTILITY_RATE_ESTIMATE };
import { loadStateData, type StateData } from "./reference.ts";
import { exportRuleFor, withUtilityExport } from "./utility_export.ts";
import { type UtilityRateEstimate, utilityRateFor } from "./utility_rate.ts";
import { STATE_RULE_NOT_FOR_UTILITY, utilityOwnership, withProgrammeScope } from "./programme_scope.ts";
import { exportBasisWords } from "./export_basis.ts";
import { normaliseUsage, UsageError, type UsageInput } from "./usage.ts";
import type { InsightsRequest, SavingsRequest } from "./input.ts";
import { CAPITALS } from "../roof/capitals.ts";
import { productionMonthShares } from "./production_months.ts";
import { federalCredit } from "./credit.ts";
import { DEFAULT_SETTINGS, loadSavingsSettings } from "./settings.ts";
import { roofAccess, unitOnWholeRoof } from "./roof_access.ts";
import { partnerBranding } from "./delivery.ts";
import { jsonb } from "../db/client.ts";
import { rateLimitPolicy } from "../ratelimit/policy.ts";
import { countReportRecipient } from "../ratelimit/recipient.ts";
import { readingLimits } from "../bills/plausibility.ts";
import { isRetailChoiceHome } from "../providers/wires_companies.ts";

/** A yearly use beyond the gate's residential bound is flagged: the report, email and widget say what it means. */
function flagBeyondHome(p: Platform, figures: SavingsFigures): void {
  if (figures.annualKwh > readingLimits(p).annualKwhMax) figures.flags.push(BEYOND_HOME_USE);
}

export const DELIVERY_QUEUE = "savings.deliver";

export interface SavingsResult {
  transactionId: string;
  report: SavingsReport;
  figures: SavingsFigures;
  address: GeocodeResult;
  roof: Omit<RoofData, "configs">;
  rates: {
    ratePerKwh: number;
    source: string;
    escalatorPct: number;
    costPerWatt: number;
    costSource: string;
    nationalFallback: boolean;
  };
  program: { state: string; generic: boolean; netMetering: string; source: string };
  writer: string;
  delivery: { status: "queued" | "none"; email: string };
}

function usage(input: UsageInput[]) {
  try {
    return normaliseUsage(input);
  } catch (e) {
    if (e instanceof UsageError) throw badRequest("invalid_usage", e.message);
    throw e;
  }
}

async function locate(
  p: Platform,
  address: SavingsRequest["address"],
  location?: { lat: number; lon: number },
): Promise<GeocodeResult> {
  // A geocoder that cannot answer is its seam's error as it is (502 geocoder_unavailable, mapped by the HTTP layer).
  const g: GeocodeResult | null = await geocoder(p).geocode(address);
  if (!g) {
    throw badRequest(
      "address_not_found",
      `The address "${
        typeof address === "string" ? address : formatAddress(address)
      }" could not be located in the US`,
    );
  }
  return location ? { ...g, lat: location.lat, lon: location.lon } : g;
}

/** Roof figures from the provider; the embedded model when the provider has no building or is down. */
async function roofAt(p: Platform, lat: number, lon: number, roofAreaM2?: number): Promise<RoofData> {
  try {
    const r = await roofData(p).findClosest({ lat, lon, roofAreaM2 });
    if (r) return r;
    log("info", "roof data: no building found, using the model", { lat, lon });
  } catch (e) {
    log("warn", "roof data provider failed, using the model", { error: errorText(e) });
  }
  return modelRoof({ lat, lon, roofAreaM2 });
}

/** Writes and validates the report; a model that is unreachable falls back to the embedded writer. */
export async function writeValidReport(
  p: Platform,
  ctx: ReportContext,
): Promise<{ report: SavingsReport; writer: string }> {
  const writer = reportWriter(p);
  let report: SavingsReport, name = writer.name;
  try {
    report = await writer.write(ctx);
  } catch (e) {
    if (e instanceof ReportInvalidError) throw new DomainError("internal", "report_invalid", e.message);
    if (!isSeamUnavailable(e)) throw e;
    log("warn", "report writer unavailable, using the embedded writer", {
      writer: writer.name,
      error: errorText(e),
    });
    report = await new EmbeddedReportWriter().write(ctx);
    name = "embedded (fallback)";
  }
  const v = validateReport(report);
  if (!v.ok) {
    throw new DomainError(
      "internal",
      "report_invalid",
      `The generated report failed validation: ${v.problems}`,
    );
  }
  return { report: v.report, writer: name };
}

import type { ReportBasis } from "./report_basis.ts";
export type { ReportBasis };

function reportBasis(c: ReportContext): ReportBasis {
  return {
    rateKind: c.rateKind ?? "state",
    rateYear: c.rateYear ?? null,
    ...(c.rateUtility ? { rateUtility: c.rateUtility } : {}),
    rateSource: c.rateSource,
    costSource: c.costSource,
    costYear: c.costYear ?? null,
    costIsNationalFallback: c.costIsNationalFallback === true,
    escalatorBasis: c.escalatorBasis ?? "",
    exportRule: exportBasisWords(c.program, c.stateName),
  };
}

/** The escalator's source in a few words: the state's own EIA history, or the national default. */
function escalatorBasis(state: StateData): string {
  const own = state.escalatorSource.match(/\((\d{4})\) to .*\((\d{4})\)/);
  if (own && !state.escalatorSource.startsWith("National")) {
    return `EIA, ${STATE_NAMES[state.state] ?? state.state} ${own[1]}–${own[2]}`;
  }
  return "EIA, US average 2003–2023; no state history on file";
}

function context(
  customerName: string,
  address: string,
  state: StateData,
  figures: SavingsFigures,
  customerRate: boolean,
  partnerName?: string,
  now: Date = new Date(),
  utilityRate: UtilityRateEstimate | null = null,
): ReportContext {
  const own = customerRate ? null : utilityRate;
  return {
    partnerName,
    reportDate: now.toISOString().slice(0, 10),
    customerName,
    state: state.state,
    stateName: STATE_NAMES[state.state] ?? state.state,
    address,
    figures,
    program: state.program,
    rateSource: customerRate
      ? "the customer's own rate (supplied by the caller)"
      : own
      ? `${own.source}; ${state.rateSource}`
      : state.rateSource,
    rateKind: customerRate
      ? "customer"
      : own
      ? "utility"
      : state.rateIsNationalFallback
      ? "national"
      : "state",
    ...(own ? { rateUtility: own.utility } : {}),
    costSource: state.costSource,
    costIsNationalFallback: state.costIsNationalFallback,
    rateYear: customerRate ? null : state.rateYear,
    costYear: state.costYear,
    escalatorBasis: escalatorBasis(state),
  };
}

/**
 * The full pipeline for one customer; stores the report and queues the PDF + email unless deliver=false.
 * `opts.now` is the report's date (the credit policy applies on it); tests pass one, callers never do.
 */
export async function createSavingsReport(
  p: Platform,
  auth: AuthContext,
  req: SavingsRequest,
  opts: { now?: Date } = {},
): Promise<SavingsResult> {
  if (!auth.orgId) throw forbidden("forbidden", "The token has no organization");
  const months = usage(req.usageByMonth);
  const address = await locate(p, req.address, req.location);
  const [roof, stateRows, settings, partner] = await Promise.all([
    roofAt(p, address.lat, address.lon, req.roofAreaM2),
    loadStateData(p.sql, address.state),
    loadSavingsSettings(p.sql, auth.orgId),
    partnerBranding(p.sql, auth.orgId),
  ]);
  // Without the bill's own rate, the chosen utility's own average (estimated from EIA-861 2020) when it has one on
  // file, else the state's; not with another utility's bill (the home's utility is then not sure).
  const utilityRate = req.ratePerKwh === undefined && !stateRows.rateIsNationalFallback &&
      !String(req.otherBillUtility ?? "").trim()
    ? await utilityRateFor(p.sql, req.utility, address.state, stateRows.ratePerKwh, stateRows.rateYear)
    : null;
  const ratePerKwh = req.ratePerKwh ?? utilityRate?.ratePerKwh ?? stateRows.ratePerKwh;
  // The own export rule (Austin Energy's Value of Solar) of the utility whose usage the report rests on replaces the
  // state's; with another utility's bill, the state's rule applies and the report says why.
  const exportRule = exportRuleFor(req.utility, req.otherBillUtility, address.state);
  // A rule of the state's investor-owned utilities is not a cooperative's or a city utility's (programme_scope.ts);
  // with another utility's bill the home's utility is not sure, and the state's rule stays. A utility with its own
  // rule on file (SMUD in California, rates19) is given that rule, not the generic one: its state's is not set aside.
  const owner = stateRows.program.scope === "investor_owned" && !String(req.otherBillUtility ?? "").trim() &&
      !exportRule.rule
    ? await utilityOwnership(p.sql, req.utility, address.state)
    : null;
  const scoped = withProgrammeScope(stateRows.program, owner?.utility ?? null, owner?.ownership);
  const program = withUtilityExport(scoped, exportRule.rule, ratePerKwh);
  const state = {
    ...stateRows,
    program: exportRule.setAside ? { ...program, utilityRuleSetAside: exportRule.setAside } : program,
  };
  const figures = calculateSavings({
    usage: months,
    ratePerKwh,
    escalatorPct: state.escalatorPct,
    costPerWatt: state.costPerWatt,
    roof,
    program: state.program,
    credit: federalCredit(opts.now ?? new Date(), settings.offerOwnership, settings.creditOverride),
    fixedChargeMonthly: req.fixedChargeMonthly ?? null,
    roofAccess: roofAccess(req.address, req.roofOwnership),
    productionShares: productionMonthShares(address.lat, address.lon),
  });
  if (state.rateIsNationalFallback && !utilityRate) figures.flags.push("national_average_rate");
  if (utilityRate) figures.flags.push(UTILITY_RATE_ESTIMATE);
  if (state.program.isGeneric) figures.flags.push("generic_state_programmes");
  if (state.program.stateRuleSetAside) figures.flags.push(STATE_RULE_NOT_FOR_UTILITY);
  if (isRetailChoiceHome(address.state, req.utility ?? "")) figures.flags.push(RETAIL_CHOICE);
  if (unitOnWholeRoof(req.address, req.roofOwnership, figures.systemKw)) figures.flags.push(UNIT_WHOLE_ROOF);
  if (req.fixedChargeOfOtherUtility && figures.fixedChargeMonthly === null) {
    figures.flags.push(FIXED_CHARGE_OTHER_UTILITY);
  }
  flagBeyondHome(p, figures);
  const reportContext = context(
    req.customerName,
    address.formattedAddress,
    state,
    figures,
    req.ratePerKwh !== undefined,
    partner.name,
    opts.now,
    utilityRate,
  );
  const { report, writer } = await writeValidReport(p, reportContext);

  const id = req.transactionId ?? crypto.randomUUID();
  const deliver = req.deliver !== false;
  const { configs: _configs, ...roofSummary } = roof;
  await p.sql.begin(async (tx) => {
    const t = tx as unknown as typeof p.sql;
    const rows = await t`insert into public.savings_reports
      (id, organization_id, created_by, customer_name, email, state, address, input, figures, report, writer, delivery_status)
      values (${id}, ${auth.orgId}, ${auth.userId}, ${req.customerName}, ${req.email}, ${address.state}, ${
      jsonb(t, address)
    },
              ${
      jsonb(t, {
        ...req,
        partnerLogo: req.partnerLogo ? "(data URI)" : undefined,
        roof: roofSummary,
        basis: reportBasis(reportContext),
      })
    }, ${jsonb(t, figures)},
              ${jsonb(t, report)}, ${writer}, ${deliver ? "queued" : "none"})
      on conflict (id) do nothing returning id`;
    if (!rows.length) {
      throw new DomainError(
        "conflict",
        "duplicate_transaction",
        `A savings report with transaction id ${id} already exists`,
      );
    }
    if (deliver) {
      // The public widget token may have a report emailed to an address it names: bounded per recipient (429),
      // counted here, with the email, so a request refused earlier (or rolled back) costs the recipient nothing.
      if (auth.role === "widget") await countReportRecipient(t, rateLimitPolicy(p), req.email);
      await enqueue(t, DELIVERY_QUEUE, { reportId: id, partnerLogo: req.partnerLogo }, {
        dedupeKey: `savings-deliver:${id}`,
        maxAttempts: 6,
      });
    }
  });
  log("info", "savings report created", {
    transactionId: id,
    org: auth.orgId,
    state: address.state,
    systemKw: figures.systemKw,
    writer,
    roof: roof.source,
  });
  return {
    transactionId: id,
    report,
    figures,
    address,
    roof: roofSummary,
    writer,
    rates: {
      ratePerKwh,
      source: req.ratePerKwh ? "caller" : utilityRate ? utilityRate.source : state.rateSource,
      escalatorPct: state.escalatorPct,
      costPerWatt: state.costPerWatt,
      costSource: state.costSource,
      nationalFallback: state.costIsNationalFallback,
    },
    program: {
      state: address.state,
      generic: state.program.isGeneric,
      netMetering: state.program.netMetering,
      source: state.program.source,
    },
    delivery: { status: deliver ? "queued" : "none", email: req.email },
  };
}

/** Report only, from caller-supplied usage and financial data; state defaults fill what the caller omits. */
export async function generateInsights(
  p: Platform,
  req: InsightsRequest,
  auth?: AuthContext,
): Promise<{ report: SavingsReport; figures: SavingsFigures; writer: string }> {
  if (!STATE_NAMES[req.state]) throw badRequest("invalid_state", `Unknown state "${req.state}"`);
  const months = usage(req.usageByMonth);
  const [state, settings, partner] = await Promise.all([
    loadStateData(p.sql, req.state),
    auth?.orgId ? loadSavingsSettings(p.sql, auth.orgId) : DEFAULT_SETTINGS,
    auth?.orgId ? partnerBranding(p.sql, auth.orgId) : undefined,
  ]);
  const f = req.financials;
  const capital = CAPITALS.find((c) => c.state === req.state);
  const at = req.location ?? (capital ? { lat: capital.lat, lon: capital.lon } : { lat: 39.8, lon: -98.6 });
  const model = modelRoof(at);
  const roof = f.yieldDcKwhPerKw || f.panelCapacityW || f.maxPanels !== undefined
    ? {
      ...model,
      configs: [],
      yieldDcKwhPerKw: f.yieldDcKwhPerKw ?? model.yieldDcKwhPerKw,
      panelCapacityW: f.panelCapacityW ?? model.panelCapacityW,
      maxPanels: f.maxPanels ?? model.maxPanels,
    }
    : model;
  const figures = calculateSavings({
    usage: months,
    ratePerKwh: f.ratePerKwh ?? state.ratePerKwh,
    escalatorPct: f.escalatorPct ?? state.escalatorPct,
    costPerWatt: f.costPerWatt ?? state.costPerWatt,
    roof,
    program: state.program,
    credit: federalCredit(new Date(), settings.offerOwnership, settings.creditOverride),
    fixedChargeMonthly: f.fixedChargeMonthly ?? null,
    productionShares: productionMonthShares(at.lat, at.lon),
  });
  flagBeyondHome(p, figures);
  const { report, writer } = await writeValidReport(
    p,
    context(
      req.customerName,
      req.address ?? STATE_NAMES[req.state],
      state,
      figures,
      f.ratePerKwh !== undefined,
      partner?.name,
    ),
  );
  return { report, figures, writer };
}
