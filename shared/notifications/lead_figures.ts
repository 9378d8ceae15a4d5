// The figures of the partner's "New lead" email: what the bill reader read (and what the homeowner corrected or
// confirmed on the widget's check step) and the homeowner's savings report, repeated from the report's own stored
// figures with the report's formatters, so the partner reads the numbers the homeowner read. Pure: no I/O.
import { cents, kwh, num, readableMonthKeys, sharePct, usd, usdCents, years } from "../format.ts";
import { netCostLabel } from "../savings/credit.ts";
import {
  BEYOND_HOME_USE,
  FIXED_CHARGE_OTHER_UTILITY,
  type SavingsFigures,
  UNIT_WHOLE_ROOF,
} from "../savings/calculate.ts";
import type { ReportBasis } from "../savings/report_basis.ts";
import { noSystemReason } from "../savings/report/embedded.ts";
import { day } from "./format.ts";
import { sameChosenUtility } from "../bills/utility_names.ts";
import { isWiresCompanyName } from "../providers/wires_companies.ts";

/** The stored report a lead points at (`savings_reports` row): its figures, its basis, its date. */
export interface StoredReportFigures {
  figures: SavingsFigures;
  basis: ReportBasis | null;
  createdAt: unknown;
}

export interface LeadFiguresInput {
  outOfArea: boolean;
  /** `leads.report_transaction_id`: a report was claimed (being made, or made). */
  reportClaimed: boolean;
  report: StoredReportFigures | null;
  /** `leads.bill_reading`: the check step's review (read values, failed checks, confirmed lines). */
  billReading: unknown;
  /** `leads.bill_corrections`: what the homeowner changed on the check step. */
  billCorrections: unknown;
  /** `leads.utility_provider`: the provider chosen for the home on the provider step. */
  chosenUtility?: unknown;
  /** `leads.monthly_kwh`: the months given with the lead (typed, or read from a bill). */
  monthlyKwh: unknown;
  /** The bill's amount due as the reader read it (text, dollars), and its billing period's end. */
  billAmountDue: unknown;
  billPeriodEnd: unknown;
}

/** One row of the email's tables: a label and its value, both plain text (escaped by the template). */
export interface Fact {
  label: string;
  value: string;
}

const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);
const GROUP_LABELS: Record<string, string> = {
  name: "Name",
  address: "Service address",
  utility: "Utility",
  usage: "Usage",
};

function addressText(a: unknown): string {
  if (!a || typeof a !== "object") return String(a ?? "").trim();
  const r = a as Record<string, unknown>;
  const s = (k: string) => String(r[k] ?? "").trim();
  return [s("line1"), s("line2"), s("city"), [s("state"), s("zip")].filter(Boolean).join(" ")].filter(Boolean)
    .join(", ");
}

function yearOfUsage(v: unknown): number | null {
  if (!Array.isArray(v) || !v.length) return null;
  const values = v.map((m) => (typeof m === "number" ? m : Number((m as { value?: unknown })?.value)));
  return values.every(finite) ? values.reduce((a, b) => a + b, 0) : null;
}

/** A value of a correction as one line ("10,870 kWh over 12 months", an address, a name); "" when empty. */
function correctionValue(group: string, v: unknown): string {
  if (group === "usage") {
    const total = yearOfUsage(v);
    const n = (v as unknown[]).length;
    return total === null ? "" : `${kwh(total)} over ${n} month${n === 1 ? "" : "s"}`;
  }
  if (group === "address") return addressText(v);
  return String(v ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The check step's corrections, as "Usage: read 304,611 kWh over 12 months, corrected to 10,870 kWh over 12 months".
 * `billState`, the state the bill is for as read (its market state), is named when the service address was not
 * read and the homeowner's is in another state: "read nothing (the bill is for FL), corrected to …" (QA pass 10: an
 * Austin home's lead showed the FPL bill's Florida nowhere once the homeowner filled in the home's address).
 */
export function correctionFacts(corrections: unknown, billState = ""): Fact[] {
  if (!corrections || typeof corrections !== "object") return [];
  return Object.entries(corrections as Record<string, { read?: unknown; corrected?: unknown }>)
    .filter(([g]) => g in GROUP_LABELS)
    .map(([g, c]) => {
      const read = correctionValue(g, c?.read), corrected = correctionValue(g, c?.corrected);
      const typedState = String((c?.corrected as { state?: unknown } | null)?.state ?? "").trim()
        .toUpperCase();
      const otherState = g === "address" && !read && /^[A-Z]{2}$/.test(billState) && typedState &&
        typedState !== billState;
      return {
        label: GROUP_LABELS[g],
        value: `read ${
          read ? `“${read}”` : `nothing${otherState ? ` (the bill is for ${billState})` : ""}`
        }, corrected to ${corrected ? `“${corrected}”` : "nothing"}`,
      };
    });
}

/**
 * The plausibility checks that failed on the values the report used, and whether the homeowner confirmed them: one
 * line per confirm-step line (QA pass 12: "unsure of the state" and "unsure of the service address" were two
 * "Service address" lines), every distinct reason on it; the reader's doubts about several of its fields are one
 * reason ("the reader is unsure of the state (confidence 55%) and the service address (confidence 55%)").
 */
export function checkFacts(reading: unknown): Fact[] {
  const r = (reading ?? {}) as { checks?: unknown; confirmed?: unknown };
  const confirmed = new Set(Array.isArray(r.confirmed) ? r.confirmed.map(String) : []);
  if (!Array.isArray(r.checks)) return [];
  const lines = new Map<string, { reasons: string[]; unsure: string[] }>();
  for (const c of r.checks as { group?: unknown; message?: unknown; partnerOnly?: unknown }[]) {
    // a check the homeowner was never shown (readerNotes) is not "marked for the homeowner"
    if (c?.partnerOnly === true) continue;
    const message = readableMonthKeys(String(c?.message ?? "").trim());
    if (!message) continue;
    const group = String(c?.group);
    const line = lines.get(group) ?? { reasons: [], unsure: [] };
    lines.set(group, line);
    const doubt = UNSURE.exec(message)?.[1];
    if (doubt !== undefined) {
      if (!line.unsure.includes(doubt)) line.unsure.push(doubt);
      if (line.unsure.length === 1) line.reasons.push(UNSURE_SLOT);
    } else if (!line.reasons.includes(message)) line.reasons.push(message);
  }
  return [...lines].map(([group, l]) => ({
    label: GROUP_LABELS[group] ?? "Reading",
    value: `${
      l.reasons.map((m) => m === UNSURE_SLOT ? `the reader is unsure of ${joinAnd(l.unsure)}` : m).join("; ")
    }${confirmed.has(group) ? " (confirmed by the homeowner)" : ""}`,
  }));
}

/** The reading fields of plausibility.ts's PARTNER_ONLY_FIELDS, as the partner reads them. */
const PARTNER_ONLY_LABELS: Record<string, string> = { supplyRatePerKwh: "Supply rate" };

/**
 * The checks on a value the check step does not show and the report does not use (plausibility.ts's partnerOnly:
 * the bill's supply rate), which the homeowner was never asked about: listed apart, under their field's name (QA
 * pass 16: "Marked for the homeowner to check: - Usage: a supply rate of 0.0115 $/kWh is outside 2–60 ¢/kWh").
 */
export function readerNotes(reading: unknown): Fact[] {
  const checks = (reading as { checks?: unknown } | null)?.checks;
  if (!Array.isArray(checks)) return [];
  const out: Fact[] = [];
  for (const c of checks as { field?: unknown; message?: unknown; partnerOnly?: unknown }[]) {
    const message = String(c?.message ?? "").trim();
    if (c?.partnerOnly !== true || !message) continue;
    const fact = { label: PARTNER_ONLY_LABELS[String(c.field)] ?? "Reading", value: message };
    if (!out.some((f) => f.label === fact.label && f.value === fact.value)) out.push(fact);
  }
  return out;
}

/** A reader's doubt about one of its fields (plausibility.ts's low_confidence message). */
const UNSURE = /^the reader is unsure of (.+)$/;
const UNSURE_SLOT = "\u0000unsure";
const joinAnd = (xs: string[]) =>
  xs.length < 2 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`;

/** The usage and the bill as read (or as given with the lead when no bill was read). */
export function readingFacts(i: LeadFiguresInput): Fact[] {
  const bill = billIssuer(i);
  const facts: Fact[] = bill ? [bill] : [];
  const read = (i.billReading as { read?: { annualKwh?: unknown; usageByMonth?: unknown[] } | null } | null)
    ?.read;
  if (read && finite(read.annualKwh) && read.annualKwh > 0) {
    const months = Array.isArray(read.usageByMonth) ? read.usageByMonth : [];
    const n = months.length;
    // months measured from a bar chart that prints no figure are estimates: the report shows them as such
    const bars = months.filter((m) => (m as { fromChart?: unknown })?.fromChart === true).length;
    // months the bill does not give, filled in from a seasonal pattern (`estimated`; QA pass 16: "as read from the
    // bill" said nothing of the ten estimated months of a two-month bill)
    const estimated = months.filter((m) => (m as { estimated?: unknown })?.estimated === true).length;
    const given = n - estimated;
    const notes = [
      n && n < 12
        ? `${n} months read, the rest estimated`
        : estimated
        ? `${given === 1 ? "1 month" : `${given} months`} read, ${estimated} estimated`
        : "",
      bars ? `${bars === 1 ? "one month" : `${bars} months`} measured from the bill's bar chart` : "",
    ].filter(Boolean).join("; ");
    facts.push({
      label: "Yearly use, as read from the bill",
      value: `${kwh(read.annualKwh)}${notes ? ` (${notes})` : ""}${
        (i.billCorrections as Record<string, unknown> | null)?.usage
          ? "; corrected by the homeowner (below)"
          : ""
      }`,
    });
  } else {
    const total = yearOfUsage(i.monthlyKwh);
    const n = Array.isArray(i.monthlyKwh) ? i.monthlyKwh.length : 0;
    if (total !== null && total > 0) {
      facts.push({
        label: "Use given with the lead",
        value: n >= 12 ? `${kwh(total)} a year` : `${kwh(total)} over ${n} month${n === 1 ? "" : "s"}`,
      });
    }
  }
  const due = typeof i.billAmountDue === "string" || finite(i.billAmountDue)
    ? Number(String(i.billAmountDue).replace(/[$,\s]/g, ""))
    : NaN;
  if (String(i.billAmountDue ?? "").trim() && Number.isFinite(due)) {
    const end = day(i.billPeriodEnd);
    facts.push({
      label: "Bill amount, as read",
      // a negative amount due is a credit balance (QA pass 16: "-$58.79")
      value: `${due < 0 ? `${usdCents(-due)} credit` : usdCents(due)}${end ? ` (period ending ${end})` : ""}`,
    });
  }
  return facts;
}

/**
 * Who issued the bill, when it is not the utility chosen for the home and no check marked it (a marked one is listed
 * under "Marked for the homeowner to check"): a Texas home on a wires company (CenterPoint, Oncor) gets its bill
 * from the retail provider it signed with, which the "Utility" line did not name (QA pass 16: "Utility: CenterPoint
 * Energy" for a Reliant Energy bill, whose plan sets the export credit).
 */
function billIssuer(i: LeadFiguresInput): Fact | null {
  const chosen = String(i.chosenUtility ?? "").trim();
  const corrected = (i.billCorrections as { utility?: { corrected?: unknown } } | null)?.utility?.corrected;
  const reading = i.billReading as
    | { read?: { utilityProviderName?: unknown } | null; checks?: unknown }
    | null;
  const issuer = String(corrected ?? reading?.read?.utilityProviderName ?? "").trim();
  if (!chosen || !issuer || sameChosenUtility(chosen, issuer)) return null;
  const checks = Array.isArray(reading?.checks) ? reading.checks as { code?: unknown }[] : [];
  if (checks.some((c) => c?.code === "utility_mismatch")) return null;
  return {
    label: "Bill from",
    value: isWiresCompanyName(chosen)
      ? `${issuer}, the homeowner's retail electricity provider (${chosen} delivers the power)`
      : issuer,
  };
}

function costBasis(f: SavingsFigures, b: ReportBasis | null, state: string): string {
  const perW = `$${f.costPerWatt.toFixed(2)}/W installed`;
  if (!b) return perW;
  // As the report says it: "AZ median of $1.99/W, 2024", "national median of $2.50/W, 2024; no state figure on file".
  const whose = b.costIsNationalFallback ? "national" : state || "state";
  const year = [b.costYear, b.costIsNationalFallback ? "no state figure on file" : null].filter(Boolean).join(
    "; ",
  );
  return `${perW}, the ${whose} median${year ? ` (${year})` : ""}`;
}

function savingsBasis(f: SavingsFigures, b: ReportBasis | null, state: string): string {
  const eia = b?.rateYear ? ` (EIA, ${b.rateYear})` : "";
  const whose = !b
    ? ""
    : b.rateKind === "customer"
    ? ", the homeowner's own rate"
    : b.rateKind === "utility"
    ? `, ${
      b.rateUtility ?? "the home's utility"
    }'s average residential rate, estimated (its EIA-861 2020 average moved with the ${
      state ? `${state} ` : "state "
    }average${b.rateYear ? ` to ${b.rateYear}` : ""})`
    : b.rateKind === "national"
    ? `, the US average residential rate${eia}; no state figure on file`
    : `, the ${state ? `${state} ` : ""}average residential rate${eia}`;
  const rising = finite(f.escalatorPct)
    ? `; prices rising ${f.escalatorPct}% a year${b?.escalatorBasis ? ` (${b.escalatorBasis})` : ""}`
    : "";
  const estimated = f.extrapolatedMonths?.length ?? 0;
  return `${kwh(f.annualKwh)} a year at ${cents(f.ratePerKwh)}${whose}${rising}${
    estimated ? `; ${estimated} of the 12 months estimated` : ""
  }${b?.exportRule ? `; ${b.exportRule}` : ""}${fixedChargeBasis(f)}`;
}

/**
 * Whether the costs include the utility's fixed charge, as the report says (QA pass 11: the partner's email did not
 * say that an Austin Energy home's report left out the fixed charge of the FPL bill its homeowner confirmed).
 */
function fixedChargeBasis(f: SavingsFigures): string {
  if (finite(f.fixedChargeMonthly)) {
    return `; the bill's fixed charge of ${usdCents(f.fixedChargeMonthly)} a month included`;
  }
  if ((f.flags ?? []).includes(FIXED_CHARGE_OTHER_UTILITY)) {
    return "; no fixed charge included (the bill is another utility's)";
  }
  return f.flags ? "; no fixed charge included (not read)" : "";
}

/** The credit as the report states it: its name, percentage and amount, or that none applies and why. */
export function creditFact(f: SavingsFigures): Fact {
  const c = f.credit;
  const own = c.statedByPartner ? " (your own figure, from your savings settings)" : "";
  if (c.pct > 0 && finite(f.federalCredit)) {
    return { label: `${c.name} (${c.pct}%)`, value: `−${usd(f.federalCredit)}${own}; ${c.condition}` };
  }
  // QA pass 9: "Federal tax credit: No federal tax credit: the … ended" said the label twice; the credit's name
  // starts with it when none applies, so the value starts with "None" instead.
  const none = /^no federal tax credit(:\s*)?/i.exec(c.name);
  const name = !none ? c.name : `None${none[1] ? ": " : ""}${c.name.slice(none[0].length)}`;
  return { label: "Federal tax credit", value: `${name}${own}; ${c.condition}` };
}

/** The report's figures; [] when a figure needed is missing (never a 0 or NaN standing for "unknown"). */
export function reportFacts(r: StoredReportFigures, state: string): Fact[] {
  const f = r.figures;
  const needed = [
    f.systemKw,
    f.grossCost,
    f.netCost,
    f.netAnnualSavings,
    f.annualKwh,
    f.ratePerKwh,
    f.costPerWatt,
  ];
  if (!needed.every(finite) || !f.credit) return [];
  const beyond = (f.flags ?? []).includes(BEYOND_HOME_USE);
  if (f.systemKw <= 0) {
    return [
      { label: "Yearly use in the report", value: kwh(f.annualKwh) },
      { label: "Proposed system", value: `none: ${noSystemReason({ ...f, flags: f.flags ?? [] })}` },
    ];
  }
  return [
    {
      label: "Proposed system",
      value: `${f.systemKw.toFixed(1)} kW, ${num(f.panels)} panel${f.panels === 1 ? "" : "s"} of ${
        num(f.panelCapacityW)
      } W${f.roofLimited ? " (the most the roof holds)" : ""}`,
    },
    // a unit's size rests on the whole roof found for the address (QA pass 16): the partner checks the share
    ...((f.flags ?? []).includes(UNIT_WHOLE_ROOF)
      ? [{
        label: "Roof to check",
        value:
          "the address is a unit and the homeowner says they own the roof: the size assumes the whole roof found for the address is theirs (the building's, or a single-family model roof); check the share they can use",
      }]
      : []),
    {
      label: "Production",
      value: `${kwh(f.annualProductionKwh)} a year, ${sharePct(f.offsetPct ?? 0)} of the ${
        beyond ? "account's" : "home's"
      } use`,
    },
    // QA pass 10: a 2.2 GWh account's lead said "1% of the home's use" with nothing more
    ...(beyond
      ? [{
        label: "Use beyond a home's",
        value: `${
          kwh(f.annualKwh)
        } a year is far more than a home uses: likely a business or building account. The report and the email told the homeowner so and to ask you for a commercial solar assessment.`,
      }]
      : []),
    { label: "First-year savings", value: usd(f.netAnnualSavings) },
    { label: "Savings basis", value: savingsBasis(f, r.basis, state) },
    { label: "Gross cost", value: usd(f.grossCost) },
    { label: "Cost basis", value: costBasis(f, r.basis, state) },
    creditFact(f),
    { label: netCostLabel(f.credit), value: usd(f.netCost) },
    { label: "Payback", value: years(f.paybackYears) },
  ];
}

/** Why there are no report figures, in one sentence for the partner. */
export function noReportText(i: Pick<LeadFiguresInput, "outOfArea" | "reportClaimed">): string {
  if (i.outOfArea) return "No savings report: the address is outside your serving states, so none is made.";
  if (i.reportClaimed) {
    return "The savings report is still being made; its figures will be on the lead in the console.";
  }
  return "No savings report yet: the homeowner has not finished the savings estimate, so there is no system size, cost or savings to show. If they finish it, the report will be on the lead in the console.";
}

/** Everything the template needs about the reading and the report. */
export function leadFigures(i: LeadFiguresInput, state: string) {
  const report = i.report ? reportFacts(i.report, state) : [];
  return {
    reading_facts: readingFacts(i),
    corrections: correctionFacts(
      i.billCorrections,
      String((i.billReading as { read?: { marketState?: unknown } | null } | null)?.read?.marketState ?? "")
        .trim().toUpperCase(),
    ),
    checks: checkFacts(i.billReading),
    reader_notes: readerNotes(i.billReading),
    report_facts: report,
    has_report: report.length > 0,
    report_date: report.length ? day(i.report!.createdAt) : "",
    no_report: report.length
      ? ""
      : i.report
      ? "The savings report's figures could not be read here; open the lead in the console for the report."
      : noReportText(i),
  };
}

/** The home's utility: the one chosen for the lead, else what the homeowner made of the bill's, else the bill's. */
export function utilityOf(chosen: unknown, reading: unknown, corrections: unknown): string {
  const corrected = (corrections as { utility?: { corrected?: unknown } } | null)?.utility?.corrected;
  const read = (reading as { read?: { utilityProviderName?: unknown } | null } | null)?.read
    ?.utilityProviderName;
  return [chosen, corrected, read].map((x) => String(x ?? "").trim()).find(Boolean) ?? "";
}
