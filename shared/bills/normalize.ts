import { parseAmount, parseDate } from "./embedded/values.ts";
import { STATES } from "./embedded/addresses.ts";
import {
  type Address,
  type BillItem,
  type ItemWithConfidence,
  type MeterWithConfidence,
  MonthNames,
} from "./schema.ts";
import { completeUsage } from "./usage_completion.ts";

const s = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "");
const dateOf = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s(v)) ? s(v) : parseDate(s(v)));
const moneyOf = (v: string) => {
  const t = s(v);
  if (!t) return "";
  if (/^-?\d+(\.\d+)?$/.test(t)) return t;
  return parseAmount(/\.\d{2}\b/.test(t) ? t : t.replace(/(\d)(?![\d,.])/, "$1.00"));
};

function address(a: Address): Address {
  const state = s(a.state).toUpperCase();
  return {
    line1: s(a.line1),
    line2: s(a.line2),
    city: s(a.city),
    state: STATES.has(state) ? state : s(a.state),
    zip: s(a.zip),
    country: s(a.country) || (s(a.line1) ? "US" : ""),
  };
}

/**
 * Applies the spec's field rules to any model's item, whatever adapter produced it: ISO dates, amounts
 * without symbols (credits negative), two-letter market state, and usageByMonth completed to 12 months.
 */
export function normalizeItem(item: ItemWithConfidence): ItemWithConfidence {
  const ci = item.customerInformation;
  const bi = item.billingInformation;
  const eu = item.electricityUsage;
  const serviceAddress = address(ci.serviceAddress);
  const billingAddress = address(bi.billingAddress);
  const rate = s(eu.supplyRatePerKwh).replace(/^\$/, "").replace(/\s*(\/|per)\s*kwh$/i, "");
  const state = s(eu.marketState).toUpperCase();
  return {
    customerInformation: {
      customerName: s(ci.customerName).replace(/[*|]+/g, " ").replace(/\s+/g, " ").trim(),
      accountNumber: s(ci.accountNumber),
      serviceNumber: s(ci.serviceNumber),
      serviceAddress,
    },
    billingInformation: {
      utilityProviderName: s(bi.utilityProviderName),
      invoiceDate: dateOf(bi.invoiceDate),
      billingPeriodStart: dateOf(bi.billingPeriodStart),
      billingPeriodEnd: dateOf(bi.billingPeriodEnd),
      amountDue: moneyOf(bi.amountDue),
      pastDue: moneyOf(bi.pastDue),
      dueDate: dateOf(bi.dueDate),
      billingAddress,
    },
    electricityUsage: {
      meters: eu.meters.map((m) => ({
        meterNumber: s(m.meterNumber),
        usageKwh: s(m.usageKwh).replace(/,/g, "").replace(/\s*kwh$/i, ""),
        servicePeriodStart: dateOf(m.servicePeriodStart),
        servicePeriodEnd: dateOf(m.servicePeriodEnd),
        // the reader's confidence in the meter travels with it (optional, additive)
        ...(typeof (m as MeterWithConfidence).confidence === "number"
          ? { confidence: (m as MeterWithConfidence).confidence }
          : {}),
      })),
      electricRate: s(eu.electricRate),
      electricityTier: s(eu.electricityTier),
      supplyRatePerKwh: /^\d*\.?\d+$/.test(rate) ? rate : "",
      marketState: STATES.has(state) ? state : serviceAddress.state || billingAddress.state,
      usageByMonth: completeUsage(eu.usageByMonth),
      ...("fixedMonthlyCharge" in eu ? { fixedMonthlyCharge: fixedCharge(eu.fixedMonthlyCharge) } : {}),
    },
    // the reader's confidence per field travels with the item (an optional, additive key)
    ...(item.confidence ? { confidence: { ...item.confidence } } : {}),
    // … and per month read, for the months the completed usage keeps as read
    ...(item.monthConfidence ? { monthConfidence: keptMonths(item.monthConfidence, eu.usageByMonth) } : {}),
  };
}

/** The per-month confidences of the months the completed usage keeps as read ("YYYY-MM" keys). */
function keptMonths(conf: Record<string, number>, read: BillItem["electricityUsage"]["usageByMonth"]) {
  const kept = new Set(
    completeUsage(read).filter((u) => !u.estimated).map((u) =>
      `${u.year}-${String(MonthNames.indexOf(u.month) + 1).padStart(2, "0")}`
    ),
  );
  return Object.fromEntries(Object.entries(conf).filter(([k]) => kept.has(k)));
}

/** A fixed monthly charge in dollars (a number or an amount string), null when absent or not a sane figure. */
function fixedCharge(v: unknown): number | null {
  const n = typeof v === "number" ? v : typeof v === "string" && moneyOf(v) ? Number(moneyOf(v)) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 500 ? Math.round(n * 100) / 100 : null;
}

export function isIncomplete(item: BillItem): string[] {
  const missing: string[] = [];
  if (!item.customerInformation.customerName) missing.push("customerName");
  const a = item.customerInformation.serviceAddress;
  if (!a.line1 || !(a.city || a.zip)) missing.push("serviceAddress");
  return missing;
}
