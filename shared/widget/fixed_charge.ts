// The fixed monthly charge a widget report includes: the bill's own, and only when the bill is the home's utility's.
// A fixed charge (customer / basic service charge) is set per utility and state, so another utility's bill cannot
// give it: QA pass 10 saw an Austin Energy home's report include the $8.34 of a Florida Power & Light bill the
// homeowner confirmed. No sourced per-utility table of fixed charges exists (data/reference/README.md), so then the
// report leaves the charge out and says why (flag `fixed_charge_other_utility`, shared/savings).
import type { ReadingReview } from "./reading.ts";

/**
 * The utility's fixed monthly charge as the bill reader read it (`electricityUsage.fixedMonthlyCharge`, dollars),
 * when it has one; otherwise the report says the fixed charge is not included (shared/savings).
 */
export function billFixedCharge(item: unknown): number | undefined {
  const n = (item as { electricityUsage?: { fixedMonthlyCharge?: unknown } } | null | undefined)
    ?.electricityUsage
    ?.fixedMonthlyCharge;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 500
    ? Math.round(n * 100) / 100
    : undefined;
}

export interface HomeFixedCharge {
  /** The charge for the report: the bill's, when the bill is the home's utility's in the home's state. */
  charge?: number;
  /** The bill had a fixed charge, but it is another utility's (or another state's): left out. */
  otherUtility: boolean;
}

/**
 * The bill's fixed charge for a home in `homeState`, given the review of the reading: left out when the bill is
 * from another utility than the one chosen for the home (the gate's `utility_mismatch`, still there when the
 * homeowner confirmed it) or was read as another state's (the state printed on the bill, which a service address
 * corrected to the home's does not change).
 */
export function homeFixedCharge(item: unknown, review: ReadingReview, homeState: string): HomeFixedCharge {
  const charge = billFixedCharge(item);
  if (charge === undefined) return { otherUtility: false };
  const billState = review.read
    ? (review.read.serviceAddress.state || review.read.marketState).toUpperCase()
    : "";
  const otherState = Boolean(billState && homeState && billState !== homeState.toUpperCase());
  const otherUtility = review.checks.some((c) => c.code === "utility_mismatch");
  return otherState || otherUtility ? { otherUtility: true } : { charge, otherUtility: false };
}

/**
 * The bill's utility when the gate found it another than the one chosen for the home (`utility_mismatch`, which a
 * confirmed report keeps): the report's export rule then follows neither utility's own rule (savings
 * utility_export.ts exportRuleFor). The utility line as corrected by the homeowner, else as read.
 */
export function otherBillUtility(review: ReadingReview): string | undefined {
  if (!review.checks.some((c) => c.code === "utility_mismatch")) return undefined;
  const corrected = review.corrections.utility?.corrected;
  const name = typeof corrected === "string" && corrected.trim()
    ? corrected
    : review.read?.utilityProviderName;
  return name?.trim() || undefined;
}
