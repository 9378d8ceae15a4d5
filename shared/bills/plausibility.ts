// The plausibility gate between the bill reader and the savings model (issue 11 §2): a reading that fails a
// check, or that the reader itself is unsure of, is shown to the homeowner to confirm or correct before a
// report is computed from it. Pure functions; the limits come from the environment (documented in
// README.md and docs/widget.md).
import { ConfigError, envInt, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { sameChosenUtility } from "./utility_names.ts";
import { chartMonths, unsureMonths } from "./unsure_months.ts";
import { fieldInWords } from "./field_label.ts";
import { isRetailChoiceHome } from "../providers/wires_companies.ts";

/** What the homeowner confirms, in the widget's words: one group per line of the confirm step. */
export type ReadingGroup = "name" | "address" | "utility" | "usage";
export const READING_GROUPS: readonly ReadingGroup[] = ["name", "address", "utility", "usage"];

export interface ReadingAddress {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface ReadingMonth {
  month: string | number;
  year?: number;
  value: number;
  unit?: string;
  estimated?: boolean;
  /** Measured from a chart's bar without a printed figure (an estimate): marked to confirm (chart_estimated_months). */
  fromChart?: boolean;
}

/** The fields of a bill reading the gate looks at ("" when the bill does not show them). */
export interface Reading {
  customerName: string;
  serviceAddress: ReadingAddress;
  utilityProviderName: string;
  usageByMonth: ReadingMonth[];
  supplyRatePerKwh: string;
  marketState: string;
  billingPeriodEnd: string;
  invoiceDate: string;
  dueDate: string;
  /** The reader's own confidence per field, 0..1 (optional; an absent field is of unknown confidence, not low). */
  confidence?: Record<string, number>;
  /** The reader's confidence in each usage month it read, "YYYY-MM" -> 0..1 (optional, the embedded reader's). */
  monthConfidence?: Record<string, number>;
}

export interface ReadingCheck {
  /** Machine code, e.g. `annual_usage_out_of_range`. */
  code: string;
  /** The reading field the check is about, e.g. `usageByMonth`, `customerName`. */
  field: string;
  /** The confirm-step line that must be confirmed or corrected. */
  group: ReadingGroup;
  /** One sentence for the homeowner and the partner. */
  message: string;
  /** Whether the check is about the reading's quality (confidence, rate, dates) rather than the value used. */
  quality?: boolean;
  /** The usage months ("YYYY-MM") the check is about, for the confirm step to mark (low_confidence_months). */
  months?: string[];
  /** A check on a value the confirm step does not show and the report does not use (the supply rate): kept in the
   * partner's data, it marks no line for the homeowner and asks nothing of them (QA pass 15). */
  partnerOnly?: true;
}

/** Reading fields neither shown on the confirm step nor used by the savings model (it takes the state's rate). */
export const PARTNER_ONLY_FIELDS: readonly string[] = ["supplyRatePerKwh"];

/** Whether a check marks its confirm-step line (and must be confirmed before a report). */
export const marksLine = (c: { partnerOnly?: boolean }) => !c.partnerOnly;

export interface PlausibilityLimits {
  annualKwhMin: number;
  annualKwhMax: number;
  monthKwhMax: number;
  /** Largest month / median month of the usage history. */
  shapeMaxRatio: number;
  rateMinCents: number;
  rateMaxCents: number;
  /** Reader confidence below which a field must be confirmed. */
  minConfidence: number;
}

export const DEFAULT_LIMITS: PlausibilityLimits = {
  annualKwhMin: 1_000,
  annualKwhMax: 50_000,
  monthKwhMax: 8_000,
  shapeMaxRatio: 5,
  rateMinCents: 2,
  rateMaxCents: 60,
  minConfidence: 0.6,
};

/** The limits, each overridable by an environment variable (READING_*), read once per platform. */
export function plausibilityLimits(source: EnvSource = Deno.env): PlausibilityLimits {
  const d = DEFAULT_LIMITS;
  const n = (name: string, fallback: number) => {
    const v = envInt(name, fallback, source);
    if (v < 0) throw new ConfigError(name, `must not be negative, got ${v}`);
    return v;
  };
  const l = {
    annualKwhMin: n("READING_ANNUAL_KWH_MIN", d.annualKwhMin),
    annualKwhMax: n("READING_ANNUAL_KWH_MAX", d.annualKwhMax),
    monthKwhMax: n("READING_MONTH_KWH_MAX", d.monthKwhMax),
    shapeMaxRatio: n("READING_SHAPE_MAX_RATIO", d.shapeMaxRatio),
    rateMinCents: n("READING_RATE_MIN_CENTS", d.rateMinCents),
    rateMaxCents: n("READING_RATE_MAX_CENTS", d.rateMaxCents),
    minConfidence: n("READING_MIN_CONFIDENCE", d.minConfidence),
  };
  if (l.annualKwhMin > l.annualKwhMax) {
    throw new ConfigError(
      "READING_ANNUAL_KWH_MIN",
      `must not exceed READING_ANNUAL_KWH_MAX (${l.annualKwhMax})`,
    );
  }
  if (l.rateMinCents > l.rateMaxCents) {
    throw new ConfigError(
      "READING_RATE_MIN_CENTS",
      `must not exceed READING_RATE_MAX_CENTS (${l.rateMaxCents})`,
    );
  }
  return l;
}

/** The platform's reading limits (tests replace them with override(p, "readingLimits", …)). */
export function readingLimits(p: Platform): PlausibilityLimits {
  return provide(p, "readingLimits", () => plausibilityLimits());
}

declare module "../platform.ts" {
  interface Seams {
    readingLimits: PlausibilityLimits;
  }
}

const str = (v: unknown) => (typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : "");
const obj = (v: unknown) => (v && typeof v === "object" ? v as Record<string, unknown> : {});

/** The gate's view of a bill extraction item (SPEC "Bill extraction result"); tolerant of missing parts. */
export function readingOf(item: unknown): Reading {
  const i = obj(item);
  const ci = obj(i.customerInformation),
    bi = obj(i.billingInformation),
    eu = obj(i.electricityUsage),
    sa = obj(ci.serviceAddress);
  const months = Array.isArray(eu.usageByMonth) ? eu.usageByMonth as Record<string, unknown>[] : [];
  const confidence = obj(i.confidence);
  const monthConfidence = Object.fromEntries(
    Object.entries(obj(i.monthConfidence)).filter(([, v]) => typeof v === "number" && Number.isFinite(v)),
  ) as Record<string, number>;
  return {
    customerName: str(ci.customerName),
    serviceAddress: {
      line1: str(sa.line1),
      line2: str(sa.line2),
      city: str(sa.city),
      state: str(sa.state).toUpperCase(),
      zip: str(sa.zip),
    },
    utilityProviderName: str(bi.utilityProviderName),
    usageByMonth: months.map((m) => ({
      month: typeof m.month === "number" ? m.month : str(m.month),
      year: typeof m.year === "number" ? m.year : undefined,
      value: Number(m.value) || 0,
      unit: str(m.unit) || "kWh",
      estimated: m.estimated === true ? true : undefined,
      ...(m.fromChart === true ? { fromChart: true } : {}),
    })),
    supplyRatePerKwh: str(eu.supplyRatePerKwh),
    marketState: str(eu.marketState).toUpperCase(),
    billingPeriodEnd: str(bi.billingPeriodEnd),
    invoiceDate: str(bi.invoiceDate),
    dueDate: str(bi.dueDate),
    confidence: Object.fromEntries(
      Object.entries(confidence).filter(([, v]) => typeof v === "number" && Number.isFinite(v)),
    ) as Record<string, number>,
    ...(Object.keys(monthConfidence).length ? { monthConfidence } : {}),
  };
}

/** Annual kWh of a usage history: the sum of 12 months, or the mean month times 12 for a shorter one. */
export function annualKwh(months: ReadingMonth[]): number {
  const last = months.slice(-12);
  if (!last.length) return 0;
  const sum = last.reduce((n, m) => n + (Number(m.value) || 0), 0);
  return Math.round(last.length === 12 ? sum : (sum / last.length) * 12);
}

// Words that belong to a bill's own text (payment stubs, remittance and correspondence boxes, headers,
// links), never to a homeowner's name: "Direct Payment Plan", "Correspond With Duke Energy".
const BILL_WORDS = new Set([
  // a public body's account (QA pass 9: "CITY OF BUFFALO" greeted as "Hi City,"; QA pass 11: "Town Of Halfmoon")
  "authority",
  "borough",
  "city",
  "county",
  "district",
  "municipal",
  "municipality",
  "town",
  "township",
  "university",
  "village",
  "account",
  "amount",
  "autopay",
  "balance",
  "billing",
  "box",
  "call",
  "charges",
  "company",
  "co-op",
  "coop",
  "cooperative",
  "corp",
  "corporation",
  "correspond",
  "correspondence",
  "customer",
  "customers",
  "date",
  "debit",
  "department",
  "dept",
  "direct",
  "due",
  "electric",
  "electricity",
  "energy",
  "inc",
  "incorporated",
  "inquiries",
  "kwh",
  "llc",
  "ltd",
  "mail",
  "meter",
  "online",
  "payable",
  "payment",
  "payments",
  "plan",
  "please",
  "portion",
  "power",
  "questions",
  "remit",
  "remittance",
  "return",
  "send",
  "service",
  "services",
  "statement",
  "total",
  "usage",
  "utilities",
  "utility",
  "visit",
  "with",
  "your",
]);

function nameCheck(name: string, utility: string): ReadingCheck | null {
  if (!name) return null;
  const bad = (message: string): ReadingCheck => ({
    code: "name_not_a_person",
    field: "customerName",
    group: "name",
    message,
  });
  if (/(https?:|www\.|\.(com|org|net|coop|gov|us)\b|@)/i.test(name)) {
    return bad(`"${name}" is a web or email address from the bill, not a name`);
  }
  if (/\d/.test(name)) return bad(`"${name}" has digits; a name does not`);
  const words = name.toLowerCase().split(/[\s,.&/()]+/).filter(Boolean);
  const found = words.filter((w) => BILL_WORDS.has(w));
  if (found.length) return bad(`"${name}" reads like the bill's own text ("${found.join(" ")}"), not a name`);
  const utilityWords = new Set(utility.toLowerCase().split(/[\s,.&/()-]+/).filter((w) => w.length > 2));
  if (words.length && words.every((w) => utilityWords.has(w))) return bad(`"${name}" is the utility's name`);
  if (name.length > 60) return bad(`"${name}" is too long for a name`);
  return null;
}

function usageChecks(months: ReadingMonth[], l: PlausibilityLimits): ReadingCheck[] {
  if (!months.length) return [];
  const checks: ReadingCheck[] = [];
  const annual = annualKwh(months);
  const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
  const add = (code: string, message: string) =>
    checks.push({ code, field: "usageByMonth", group: "usage", message });
  if (annual < l.annualKwhMin || annual > l.annualKwhMax) {
    add(
      "annual_usage_out_of_range",
      `${fmt(annual)} kWh a year is outside the residential range of ${fmt(l.annualKwhMin)}–${
        fmt(l.annualKwhMax)
      } kWh`,
    );
  }
  const year = months.slice(-12);
  const values = year.map((m) => Number(m.value) || 0);
  // The month checks name the largest month the bill gave (an estimate is not on the bill to check it against: QA
  // pass 11 saw "a month of 528,431 kWh", July filled from the seasonal pattern); every month when none is the bill's.
  const read = year.filter((m) => !m.estimated).map((m) => Number(m.value) || 0);
  const max = Math.max(...(read.length ? read : values));
  if (max > l.monthKwhMax) {
    add(
      "month_usage_out_of_range",
      `a month of ${fmt(max)} kWh is more than a home uses (${fmt(l.monthKwhMax)} kWh at most)`,
    );
  }
  if (values.length >= 3) {
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    if (median > 0 ? max / median > l.shapeMaxRatio : max > 0) {
      add(
        "monthly_shape",
        `one month (${fmt(max)} kWh) is more than ${l.shapeMaxRatio} times a typical month (${
          fmt(median)
        } kWh): perhaps a meter reading, not usage`,
      );
    }
  }
  return checks;
}

function rateCheck(rate: string, l: PlausibilityLimits): ReadingCheck | null {
  if (!rate) return null;
  const dollars = Number(rate.replace(/[$,\s]/g, ""));
  const cents = dollars * 100;
  if (Number.isFinite(dollars) && cents >= l.rateMinCents && cents <= l.rateMaxCents) return null;
  return {
    code: "supply_rate_out_of_range",
    field: "supplyRatePerKwh",
    group: "usage",
    quality: true,
    message:
      `a supply rate of ${rate} $/kWh is outside ${l.rateMinCents}–${l.rateMaxCents} ¢/kWh: the bill may have been misread`,
  };
}

const day = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? Date.parse(`${s}T00:00:00Z`) : NaN);

function dateChecks(r: Reading, now: Date): ReadingCheck[] {
  const end = day(r.billingPeriodEnd), stated = day(r.invoiceDate), due = day(r.dueDate);
  const checks: ReadingCheck[] = [];
  const add = (code: string, message: string) =>
    checks.push({ code, field: "billingInformation", group: "usage", message, quality: true });
  const order = [[end, stated, "the billing period ends after the statement date"], [
    stated,
    due,
    "the statement date is after the due date",
  ], [end, due, "the billing period ends after the due date"]] as const;
  const wrong = order.find(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && a > b);
  if (wrong) add("dates_incoherent", `${wrong[2]}: the bill's dates may have been misread`);
  const tomorrow = now.getTime() + 86_400_000;
  if ((Number.isFinite(end) && end > tomorrow) || (Number.isFinite(stated) && stated > tomorrow)) {
    add("date_in_future", "the bill is dated in the future: its dates may have been misread");
  }
  return checks;
}

/** Which confirm-step line a reader's confidence key is about (`customerName`, `customerInformation.serviceAddress.zip`, …). */
export function groupOfField(key: string): ReadingGroup | null {
  const k = key.toLowerCase();
  if (/name/.test(k) && !/utility|provider/.test(k)) return "name";
  if (/utility|provider/.test(k)) return "utility";
  if (/serviceaddress|marketstate/.test(k)) return "address";
  if (/usage|kwh|month|rate|period|invoice|duedate|statement/.test(k)) return "usage";
  return null;
}

export interface GateInput {
  reading: Reading;
  /** The home's address as the homeowner gave it (its state must be the bill's service state). */
  addressState?: string;
  /** The utility the homeowner chose for the home (the provider step): the bill's must be the same utility. */
  chosenUtility?: string;
  /** The platform's limits (readingLimits(p)); never read from the environment here. */
  limits: PlausibilityLimits;
  now?: Date;
}

export interface GateResult {
  checks: ReadingCheck[];
  /** Confirm-step lines to confirm or correct, in display order. */
  needsConfirmation: ReadingGroup[];
}

/** Runs every check on a reading. Empty fields are not failures (the homeowner fills them in). */
export function checkReading(input: GateInput): GateResult {
  const r = input.reading;
  const l = input.limits;
  const checks: ReadingCheck[] = [];
  const name = nameCheck(r.customerName, r.utilityProviderName);
  if (name) checks.push(name);
  const billState = r.serviceAddress.state || r.marketState;
  const home = (input.addressState ?? "").toUpperCase();
  if (billState && home && billState !== home) {
    checks.push({
      code: "state_mismatch",
      field: "serviceAddress",
      group: "address",
      message: `the bill's service address is in ${billState}, the home is in ${home}`,
    });
  }
  const chosen = (input.chosenUtility ?? "").trim();
  const billUtility = r.utilityProviderName.trim();
  // In Texas's retail market the bill comes from the retail provider the homeowner signed with, while the list of
  // utilities for a ZIP names the wires company (Oncor, CenterPoint): two names of one supply, not a mismatch.
  // Only a wires company's homes buy from a retail provider: a city's or co-op's homes (Austin Energy, CPS Energy) get
  // the utility's own bill, so another utility's bill is a mismatch there (QA pass 9: an FPL bill passed for a home
  // on Austin Energy).
  const retailChoice = isRetailChoiceHome(home || billState, chosen);
  if (chosen && billUtility && !retailChoice && !sameChosenUtility(chosen, billUtility)) {
    checks.push({
      code: "utility_mismatch",
      field: "utilityProviderName",
      group: "utility",
      message: `the bill is from ${billUtility}, the utility chosen for the home is ${chosen}`,
    });
  }
  checks.push(...usageChecks(r.usageByMonth, l));
  // the months measured from a chart's bars (no figure printed): estimates, each marked to confirm
  const chart = chartMonths(r.usageByMonth);
  if (chart.length) {
    checks.push({
      code: "chart_estimated_months",
      field: "usageByMonth",
      group: "usage",
      quality: true,
      months: chart,
      message: `the bill prints no figure for ${
        chart.length === 1 ? "one month" : `${chart.length} months`
      } (${chart.join(", ")}): their usage was measured from the bars of its chart, an estimate`,
    });
  }
  // the months the reader is unsure of (its per-month confidence under the limit): each marked to confirm
  const unsure = unsureMonths(r.usageByMonth, r.monthConfidence, l.minConfidence).filter((k) =>
    !chart.includes(k)
  );
  if (unsure.length) {
    checks.push({
      code: "low_confidence_months",
      field: "usageByMonth",
      group: "usage",
      quality: true,
      months: unsure,
      message: `the reader is unsure of the usage of ${
        unsure.length === 1 ? "one month" : `${unsure.length} months`
      } (${unsure.join(", ")})`,
    });
  }
  const rate = rateCheck(r.supplyRatePerKwh, l);
  if (rate) checks.push(rate);
  checks.push(...dateChecks(r, input.now ?? new Date()));
  for (const [key, value] of Object.entries(r.confidence ?? {})) {
    const group = groupOfField(key);
    if (group && value < l.minConfidence) {
      checks.push({
        code: "low_confidence",
        field: key,
        group,
        quality: true,
        message: `the reader is unsure of ${fieldInWords(key)} (confidence ${Math.round(value * 100)}%)`,
      });
    }
  }
  for (const c of checks) if (PARTNER_ONLY_FIELDS.includes(c.field)) c.partnerOnly = true;
  return {
    checks,
    needsConfirmation: READING_GROUPS.filter((g) => checks.some((c) => c.group === g && marksLine(c))),
  };
}
