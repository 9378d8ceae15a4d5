// What the bill reader read, what the homeowner corrected or confirmed, and whether a report may rest on it:
// the widget's confirm step and process-widget-savings-info both ask reviewReading().
import { hiddenFromWidget } from "../auth/widget_session.ts";
import { z } from "@hono/zod-openapi";
import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { notFound } from "../errors.ts";
import {
  annualKwh,
  checkReading,
  marksLine,
  type PlausibilityLimits,
  type Reading,
  READING_GROUPS,
  type ReadingAddress,
  type ReadingCheck,
  type ReadingGroup,
  type ReadingMonth,
  readingOf,
} from "../bills/plausibility.ts";
import { monthNumber } from "../savings/usage.ts";
import { chartMonths, unsureAsEstimated, usageMonthKey } from "../bills/unsure_months.ts";
import { StateCode } from "./schemas.ts";
import { oneLineText } from "../validation/one_line.ts";
import { LINK_IN_ADDRESS, LINK_IN_NAME, linkFree } from "../validation/person_name.ts";
import { type HomePlace, townCheck } from "../bills/plausibility_town.ts";
import { gazetteerPlaces, type PlaceBook } from "../geo/zip_places.ts";
import { errorText, log } from "../log.ts";

export { marksLine, readingLimits } from "../bills/plausibility.ts";

export const UsageMonth = z.object({
  // Checked here, before a lead is recorded: an unknown month or unit is the request's fault, not the report's.
  month: z.union([z.string().min(1).max(20), z.number().int().min(1).max(12)]).refine(
    (m) => monthNumber(m) !== undefined,
    "must be a month: a name (January, Jan), its number 1-12 or an ISO date",
  ),
  year: z.coerce.number().int().min(1990).max(2100).optional(),
  value: z.coerce.number().min(0).max(1_000_000),
  unit: z.string().max(10).refine((u) => /^\s*(kwh)?\s*$/i.test(u), "must be kWh").optional(),
  estimated: z.boolean().optional(),
});

// What the homeowner typed on the confirm step is kept on the lead (`bill_corrections`) and shown to the partner: one
// line each, cleaned like the widget's other fields (a name with CR/LF, a bidi override or a link was stored as typed
// until pass 6).
// The service address lines as the homeowner corrected them hold no web or email address either (pass 13).
const serviceLine = (max: number) => oneLineText(max).refine(linkFree, LINK_IN_ADDRESS);
const ServiceAddress = z.object({
  line1: serviceLine(200).default(""),
  line2: serviceLine(200).optional().nullable(),
  city: serviceLine(100).default(""),
  state: oneLineText(2).toUpperCase().default(""),
  zip: oneLineText(10).default(""),
});

export const Group = z.enum(READING_GROUPS as [ReadingGroup, ...ReadingGroup[]]);

/** The values the homeowner ended with on the confirm step (absent = kept as read). */
export const ReadingValues = z.object({
  customer_name: oneLineText(200).refine(linkFree, LINK_IN_NAME).optional(),
  service_address: ServiceAddress.optional(),
  utility: oneLineText(200).optional(),
  usage_by_month: z.array(UsageMonth).min(1).max(24).optional(),
}).openapi("ReadingValues");
export type ReadingValuesT = z.infer<typeof ReadingValues>;

export const ReadingCheckInput = z.object({
  transaction_id: z.string().uuid().optional().describe("The bill extraction's transactionId"),
  bill: z.record(z.string(), z.unknown()).optional().describe("Or a bill extraction item (data.items[0])"),
  address_state: StateCode.optional().describe(
    "State of the home's address (the bill's service state must match)",
  ),
  address_city: oneLineText(100).optional().describe(
    "City of the home's address (a service address in another town of the state is to be confirmed)",
  ),
  address_zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/, "must be a ZIP code").optional().describe(
    "ZIP code of the home's address (compared with the bill's service address, neighboring places tolerated)",
  ),
  utility_provider: z.string().trim().max(200).optional().describe(
    "The utility chosen for the home (the bill's utility must be the same)",
  ),
  values: ReadingValues.optional(),
  confirmed: z.array(Group).max(4).optional().describe("Lines the homeowner confirmed as right"),
}).openapi("ReadingCheckInput");

export interface Correction {
  read: unknown;
  corrected: unknown;
}

export interface ReadingReview {
  transactionId: string | null;
  /** What the reader read (null without a bill: usage typed by the homeowner). */
  read: Omit<Reading, "confidence"> & { annualKwh: number } | null;
  /** Every failed check on the values as they stand (read, or corrected). */
  checks: ReadingCheck[];
  /** Confirm-step lines with a failed check or a low confidence: to be confirmed or corrected. */
  needsConfirmation: ReadingGroup[];
  /** Of those, the ones not confirmed yet: a report is refused while any is left. */
  unconfirmed: ReadingGroup[];
  /** Lines the homeowner changed: what was read and what they made of it. */
  corrections: Partial<Record<ReadingGroup, Correction>>;
  confirmed: ReadingGroup[];
}

/** The first item of one of this partner's bill extractions; 404 for another partner's or an unknown one. */
export async function extractionItem(
  p: Platform,
  auth: AuthContext,
  transactionId: string,
): Promise<unknown> {
  const [row] = await p.sql`select result, widget_session from public.bill_extractions
    where organization_id = ${auth.orgId ?? null} and transaction_id = ${transactionId}`;
  // A widget token reads only its own homeowner session's bills (shared/auth/widget_session.ts).
  if (!row || hiddenFromWidget(auth, row.widget_session)) {
    throw notFound("not_found", `No bill extraction with transactionId ${transactionId}`);
  }
  return (row.result as { data?: { items?: unknown[] } } | null)?.data?.items?.[0] ?? {};
}

const norm = (s: string | undefined | null) => String(s ?? "").trim().replace(/\s+/g, " ").toLowerCase();
/** The street with its unit: the check step shows one street line ("9570 Cedar Ln, Apt 31C") for line1 + line2. */
const street = (a: ReadingAddress) =>
  norm([a.line1, a.line2].filter((x) => String(x ?? "").trim()).join(" ")).replace(/\s*,\s*/g, " ");
const sameAddress = (a: ReadingAddress, b: ReadingAddress) =>
  street(a) === street(b) && (["city", "state", "zip"] as const).every((k) => norm(a[k]) === norm(b[k]));
const sameUsage = (a: ReadingMonth[], b: ReadingMonth[]) =>
  a.length === b.length && a.every((m, i) => Math.round(Number(m.value)) === Math.round(Number(b[i].value)));
const EMPTY: Reading = {
  customerName: "",
  serviceAddress: { line1: "", city: "", state: "", zip: "" },
  utilityProviderName: "",
  usageByMonth: [],
  supplyRatePerKwh: "",
  marketState: "",
  billingPeriodEnd: "",
  invoiceDate: "",
  dueDate: "",
};

/**
 * The homeowner's months with the reader's `fromChart` mark kept on each month sent back as read (same month, same
 * rounded value): the widget sends its months back without the mark (UsageMonth has no such field), and without it
 * the check step called the months measured from a bar chart "not sure we read" instead of saying they are bars.
 */
function chartMarksKept(months: ReadingMonth[], read: ReadingMonth[]): ReadingMonth[] {
  const key = (m: ReadingMonth) => `${m.year ?? ""}-${monthNumber(m.month) ?? ""}`;
  const chart = new Map(read.filter((m) => m.fromChart).map((m) => [key(m), Math.round(Number(m.value))]));
  return months.map((m) =>
    chart.get(key(m)) === Math.round(Number(m.value)) && !m.fromChart ? { ...m, fromChart: true } : m
  );
}

/**
 * Checks the values a report would rest on: the reading with the homeowner's corrections applied. A failed
 * value check holds until the value is corrected into range or the line is confirmed; a doubt about the
 * reading itself (low confidence, a misread rate or dates) is lifted by a correction of that line too.
 */
export interface ReviewInput {
  item: unknown | null;
  transactionId?: string | null;
  values?: ReadingValuesT;
  addressState?: string;
  /** The utility chosen for the home on the provider step. */
  chosenUtility?: string | null;
  confirmed?: ReadingGroup[];
  /** The platform's plausibility limits (readingLimits(p)). */
  limits: PlausibilityLimits;
  /** Checks made elsewhere on the same values (the town check, which needs the gazetteer: reviewReadingAt). */
  more?: ReadingCheck[];
}

/** The service address a report would rest on: the homeowner's, else the one read. */
function usedServiceAddress(read: Reading | null, v: ReadingValuesT): ReadingAddress {
  return v.service_address
    ? { ...v.service_address, line2: v.service_address.line2 ?? "" }
    : (read ?? EMPTY).serviceAddress;
}

/**
 * reviewReading with the town check: the service address (as corrected) against the home's city and ZIP, through
 * the gazetteer's places (shared/bills/plausibility_town.ts). Without a home city or ZIP, the same as reviewReading.
 */
export async function reviewReadingAt(
  places: PlaceBook,
  o: ReviewInput & { home?: HomePlace },
): Promise<ReadingReview> {
  const read = o.item ? readingOf(o.item) : null;
  const home = { ...o.home, state: o.home?.state ?? o.addressState };
  let town: ReadingCheck | null = null;
  if ((home.city || home.zip) && (read || o.values?.service_address)) {
    // The gazetteer unavailable (its reference data still loading or failed) skips this one check, logged: the
    // homeowner's check step and the report do not wait on it.
    town = await townCheck(places, home, usedServiceAddress(read, o.values ?? {})).catch((e) => {
      log("warn", "town check skipped: the gazetteer did not answer", { error: errorText(e) });
      return null;
    });
  }
  return reviewReading({ ...o, more: [...(o.more ?? []), ...(town ? [town] : [])] });
}

/** reviewReadingAt on the platform's gazetteer (public.geo_zips, public.geo_cities). */
export function reviewReadingFor(p: Platform, o: ReviewInput & { home?: HomePlace }): Promise<ReadingReview> {
  return reviewReadingAt(gazetteerPlaces(p.sql), o);
}

export function reviewReading(o: ReviewInput): ReadingReview {
  const read = o.item ? readingOf(o.item) : null;
  const base = read ?? EMPTY;
  const v = o.values ?? {};
  const used: Reading = {
    ...base,
    customerName: v.customer_name ?? base.customerName,
    serviceAddress: usedServiceAddress(read, v),
    utilityProviderName: v.utility ?? base.utilityProviderName,
    usageByMonth: v.usage_by_month ? chartMarksKept(v.usage_by_month, base.usageByMonth) : base.usageByMonth,
  };
  const corrections: ReadingReview["corrections"] = {};
  if (read) {
    if (norm(used.customerName) !== norm(read.customerName)) {
      corrections.name = { read: read.customerName, corrected: used.customerName };
    }
    if (!sameAddress(used.serviceAddress, read.serviceAddress)) {
      corrections.address = { read: read.serviceAddress, corrected: used.serviceAddress };
    }
    // A bill that names no utility gets the provider chosen for the home on the check step (widget/src/utility_line.ts):
    // kept as filled in, it is no correction of the bill (the partner's email said "read nothing, corrected to …").
    const filledFromChoice = !read.utilityProviderName.trim() &&
      norm(used.utilityProviderName) === norm(o.chosenUtility);
    if (norm(used.utilityProviderName) !== norm(read.utilityProviderName) && !filledFromChoice) {
      corrections.utility = { read: read.utilityProviderName, corrected: used.utilityProviderName };
    }
    if (!sameUsage(used.usageByMonth, read.usageByMonth)) {
      corrections.usage = { read: read.usageByMonth, corrected: used.usageByMonth };
    }
  }
  const gate = checkReading({
    reading: used,
    addressState: o.addressState,
    chosenUtility: o.chosenUtility ?? undefined,
    limits: o.limits,
  });
  const checks = [...gate.checks, ...(o.more ?? [])].filter((c) => !(c.quality && corrections[c.group]));
  const needsConfirmation = READING_GROUPS.filter((g) => checks.some((c) => c.group === g && marksLine(c)));
  const confirmed = READING_GROUPS.filter((g) => o.confirmed?.includes(g));
  const { confidence: _c, ...shown } = read ?? EMPTY;
  return {
    transactionId: o.transactionId ?? null,
    read: read ? { ...shown, annualKwh: annualKwh(read.usageByMonth) } : null,
    checks,
    needsConfirmation,
    unconfirmed: needsConfirmation.filter((g) => !confirmed.includes(g)),
    corrections,
    confirmed,
  };
}

/**
 * The usage a report rests on. A month the reader was unsure of (its per-month confidence under the confirm step's
 * limit) that the homeowner kept as read is the bill's printed figure, confirmed: it goes as read, not as an
 * estimate (QA pass 10; it was marked `estimated`, so the summary and the report called a printed month
 * "(estimated)"). A month measured from a chart's bar, kept as read, is still an estimate (the bill prints no figure
 * for it), said to come from the bill's bars. A month typed over is the homeowner's own figure.
 */
export function usageForReport<T extends ReadingMonth>(
  item: unknown | null,
  usage: T[],
): (T & { fromChart?: boolean })[] {
  if (!item) return usage;
  const read = readingOf(item);
  const chart = chartMonths(read.usageByMonth);
  return unsureAsEstimated(usage, chart, read.usageByMonth).map((u) => {
    // and the report says where it came from (the bill's bars, not a seasonal pattern)
    const k = usageMonthKey(u);
    return u.estimated && k && chart.includes(k) ? { ...u, fromChart: true } : u;
  });
}
