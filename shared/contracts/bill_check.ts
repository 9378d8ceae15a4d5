import type { BillItem } from "../bills/schema.ts";
import { CAPITALS } from "../roof/capitals.ts";
import type { Reason } from "./schema.ts";
import type { ContractSummary } from "./schema.ts";
import { sameAddress } from "./rules.ts";

// National fallback when the state has no recorded yield: the median PVWatts yield of the state capitals.
const US_YIELD_AC_PER_KW = 1400;

export interface BillCheck {
  nameMatches: boolean | null;
  addressMatches: boolean | null;
  annualUsageKwh: number | null;
  expectedProductionKwh: number | null;
  /** expected production / annual usage */
  usageOffset: number | null;
  reasons: Reason[];
}

function nameTokens(s: string): Set<string> {
  return new Set(
    s.toLowerCase().replace(/[^a-z\s'-]/g, " ").split(/\s+/).filter((t) =>
      t.length > 1 && !["and", "the", "mr", "mrs", "ms"].includes(t)
    ),
  );
}

/** Last name (or any two name words) in common, ignoring case and punctuation. */
export function namesMatch(a: string, b: string): boolean {
  const A = nameTokens(a), B = nameTokens(b);
  const common = [...A].filter((t) => B.has(t));
  const lastA = [...A].at(-1), lastB = [...B].at(-1);
  return common.length >= 2 || (!!lastA && lastA === lastB) ||
    (common.length >= 1 && (A.size === 1 || B.size === 1));
}

/** Yearly usage from the bill's monthly history: the sum of the last 12 months, or the mean x 12 when fewer. */
export function annualUsage(bill: BillItem): number | null {
  const months = bill.electricityUsage.usageByMonth.slice(-12).map((m) => m.value).filter((v) =>
    Number.isFinite(v) && v >= 0
  );
  if (!months.length) return null;
  const sum = months.reduce((a, b) => a + b, 0);
  return Math.round(months.length >= 12 ? sum : (sum / months.length) * 12);
}

/**
 * analyze-contract-bill: the contract against the customer's bill extraction — same customer, same
 * service address, and a system whose expected production fits the usage (within the partner's bounds).
 */
export function checkAgainstBill(
  s: ContractSummary,
  bill: BillItem,
  bounds: { min: number; max: number },
): BillCheck {
  const reasons: Reason[] = [];
  const billName = bill.customerInformation.customerName;
  const nameMatches = billName && s.customer.name ? namesMatch(s.customer.name, billName) : null;
  if (nameMatches === false) {
    reasons.push({
      code: "bill_name_mismatch",
      severity: "review",
      message: `Contract customer "${s.customer.name}" differs from the bill's "${billName}"`,
    });
  }
  const sa = bill.customerInformation.serviceAddress;
  const addressMatches = sa.line1 && s.propertyAddress.line1 ? sameAddress(s.propertyAddress, sa) : null;
  if (addressMatches === false) {
    reasons.push({
      code: "bill_address_mismatch",
      severity: "review",
      message:
        `Contract address "${s.propertyAddress.line1}" differs from the bill's service address "${sa.line1}"`,
    });
  }
  const usage = annualUsage(bill);
  const state = (s.propertyAddress.state || bill.electricityUsage.marketState || sa.state).toUpperCase();
  const perKw = CAPITALS.find((c) => c.state === state)?.yieldAcPerKw ?? US_YIELD_AC_PER_KW;
  const production = s.systemSizeKw ? Math.round(s.systemSizeKw * perKw) : null;
  const offset = usage && production ? Math.round((production / usage) * 100) / 100 : null;
  if (usage === null) {
    reasons.push({
      code: "bill_usage_unknown",
      severity: "review",
      message: "The bill shows no usage history to size the system against",
    });
  } else if (offset !== null && offset > bounds.max) {
    reasons.push({
      code: "system_oversized",
      severity: "review",
      message: `Expected production ${production} kWh/yr is ${
        Math.round(offset * 100)
      }% of the ${usage} kWh/yr used (limit ${Math.round(bounds.max * 100)}%)`,
    });
  } else if (offset !== null && offset < bounds.min) {
    reasons.push({
      code: "system_undersized",
      severity: "review",
      message: `Expected production ${production} kWh/yr covers only ${
        Math.round(offset * 100)
      }% of the ${usage} kWh/yr used (minimum ${Math.round(bounds.min * 100)}%)`,
    });
  }
  return {
    nameMatches,
    addressMatches,
    annualUsageKwh: usage,
    expectedProductionKwh: production,
    usageOffset: offset,
    reasons,
  };
}
