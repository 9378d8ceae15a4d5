// The home's own electricity rate from its retail electricity provider's bill, in a retail-choice area (Texas: the
// chosen utility is the wires company, CenterPoint or Oncor; the bill is Reliant's or TXU's). That bill is the home's
// own, so its rate counts as the home's, as its base charge does (fixed_charge.ts); elsewhere the report keeps the
// utility's or the state's average (shared/savings/pipeline.ts). QA pass 16: a Reliant bill at 7.38 ¢/kWh energy
// plus CenterPoint's delivery charges (17.2 ¢ a kWh in all) got the Texas average of 14.46 ¢.
//
// The plan's energy charge (`supplyRatePerKwh`) is not the rate: the wires company's delivery charges are billed per
// kWh on top of it (Reliant: $69.64 of delivery for 736 kWh), so it alone would halve the savings. The rate is the
// bill's current charges less its base charge, per kWh billed: energy, delivery, fees and taxes that a kWh of solar
// saves. Current charges are the amount due less the previous balance left (`pastDue`). Only a figure that holds
// together is used: the base charge read (else the rate would carry it), the billed kWh read from the meters, the
// rate at least the plan's energy charge (it includes it) and within the gate's rate band (READING_RATE_MIN_CENTS to
// READING_RATE_MAX_CENTS). Otherwise the report keeps the state's average.
import { isRetailChoiceHome } from "../providers/wires_companies.ts";
import type { PlausibilityLimits } from "../bills/plausibility.ts";
import { billFixedCharge } from "./fixed_charge.ts";
import type { ReadingReview } from "./reading.ts";

/** A dollar or kWh figure as the reader gives it ("129.63", "$1,234.50", "1,196"); NaN when there is none. */
function amount(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string" || !v.trim()) return Number.NaN;
  const s = v.replace(/[$,\s]/g, "");
  return /^-?\d*\.?\d+$/.test(s) ? Number(s) : Number.NaN;
}

interface BillShape {
  billingInformation?: { amountDue?: unknown; pastDue?: unknown };
  electricityUsage?: { meters?: { usageKwh?: unknown }[]; supplyRatePerKwh?: unknown };
}

/**
 * The rate ($/kWh, five decimals) for the report from a retail provider's bill of a home in a retail-choice area, or
 * undefined (not such a home, another state's bill, or figures that do not hold together: see above).
 */
export function retailBillRate(
  item: unknown,
  review: ReadingReview,
  home: { state: string; chosenUtility: string | null | undefined },
  limits: Pick<PlausibilityLimits, "rateMinCents" | "rateMaxCents">,
): number | undefined {
  if (!item || !review.read || !isRetailChoiceHome(home.state ?? "", home.chosenUtility ?? "")) {
    return undefined;
  }
  const billState = (review.read.serviceAddress.state || review.read.marketState).toUpperCase();
  if (billState && billState !== home.state.toUpperCase()) return undefined;
  if (review.checks.some((c) => c.code === "utility_mismatch")) return undefined;
  const b = item as BillShape;
  const base = billFixedCharge(item);
  const due = amount(b.billingInformation?.amountDue);
  const past = amount(b.billingInformation?.pastDue);
  const meters = b.electricityUsage?.meters ?? [];
  const kwh = meters.reduce((s, m) => s + amount(m.usageKwh), 0);
  if (base === undefined || !(due > 0) || !(kwh > 0)) return undefined;
  const current = due - (past > 0 ? past : 0);
  const rate = (current - base) / kwh;
  const energy = amount(b.electricityUsage?.supplyRatePerKwh);
  if (!(rate * 100 >= limits.rateMinCents && rate * 100 <= limits.rateMaxCents)) return undefined;
  if (Number.isFinite(energy) && rate < energy) return undefined;
  return Math.round(rate * 1e5) / 1e5;
}
