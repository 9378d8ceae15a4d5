import type { Sql } from "../db/client.ts";
import { normalizeStreet } from "../email-agent/link.ts";
import {
  type ApprovalRules,
  type ApprovalStatus,
  type ContractSummary,
  DEFAULT_RULES,
  type Reason,
} from "./schema.ts";

/** The partner's approval rules from public.contract_approval_rules, or the defaults when it has none. */
export async function loadRules(sql: Sql, orgId: string): Promise<ApprovalRules> {
  const [r] = await sql`select * from public.contract_approval_rules where organization_id = ${orgId}`;
  if (!r) return DEFAULT_RULES;
  return {
    maxPricePerWatt: Number(r.max_price_per_watt),
    minSystemSizeKw: Number(r.min_system_size_kw),
    maxSystemSizeKw: Number(r.max_system_size_kw),
    maxEscalatorPct: Number(r.max_escalator_pct),
    minCancellationDays: r.min_cancellation_days as number,
    requiredClauses: r.required_clauses as string[],
    requireCustomerSignature: r.require_customer_signature as boolean,
    requireInstallerSignature: r.require_installer_signature as boolean,
    requireAddressMatch: r.require_address_match as boolean,
    allowedFinancing: r.allowed_financing as string[],
    minUsageOffset: Number(r.min_usage_offset),
    maxUsageOffset: Number(r.max_usage_offset),
  };
}

export interface PropertyAddress {
  line1: string;
  city: string;
  state: string;
  zip: string;
}

/** Same street (normalised spelling) and ZIP. */
export function sameAddress(
  a: { line1?: string; zip?: string },
  b: { line1?: string; zip?: string },
): boolean {
  return !!a.line1 && !!b.line1 && normalizeStreet(a.line1) === normalizeStreet(b.line1) &&
    (a.zip ?? "").slice(0, 5) === (b.zip ?? "").slice(0, 5);
}

const money = (n: number) => `$${n.toFixed(2)}`;

/**
 * Judges a contract summary against the partner's rules. Hard failures (missing signatures, price per
 * watt over the ceiling, escalator over the cap, financing not offered, address of another property)
 * reject; anything missing or unclear asks for a human review; otherwise the contract is approved.
 */
export function judge(
  s: ContractSummary,
  rules: ApprovalRules,
  property: PropertyAddress | null,
): { status: ApprovalStatus; reasons: Reason[] } {
  const reasons: Reason[] = [];
  const reject = (code: string, message: string) => reasons.push({ code, severity: "reject", message });
  const review = (code: string, message: string) => reasons.push({ code, severity: "review", message });

  if (!s.isSolarContract) {
    reject("not_a_solar_contract", "The document does not look like a solar installation contract");
  }
  if (rules.requireCustomerSignature && !s.signatures.customer.signed) {
    reject("customer_signature_missing", "The customer has not signed the contract");
  }
  if (rules.requireInstallerSignature && !s.signatures.installer.signed) {
    reject("installer_signature_missing", "The installer has not signed the contract");
  }
  if (s.signatures.customer.signed && !s.signatures.customer.date) {
    review("customer_signature_undated", "The customer's signature has no date");
  }

  if (s.pricePerWatt === null) {
    review(
      "price_per_watt_unknown",
      "Total price or system size could not be read, so the price per watt is unknown",
    );
  } else if (s.pricePerWatt > rules.maxPricePerWatt) {
    reject(
      "price_per_watt_too_high",
      `Price per watt ${money(s.pricePerWatt)} is above the ceiling of ${money(rules.maxPricePerWatt)}`,
    );
  }
  if (s.systemSizeKw === null) review("system_size_unknown", "The system size could not be read");
  else if (s.systemSizeKw < rules.minSystemSizeKw || s.systemSizeKw > rules.maxSystemSizeKw) {
    review(
      "system_size_out_of_range",
      `System size ${s.systemSizeKw} kW is outside ${rules.minSystemSizeKw}-${rules.maxSystemSizeKw} kW`,
    );
  }
  if (s.financing.type === "unknown") {
    review("financing_unknown", "The financing type could not be determined");
  } else if (!rules.allowedFinancing.includes(s.financing.type)) {
    reject("financing_not_allowed", `Financing type ${s.financing.type} is not offered by this partner`);
  }
  if (s.financing.escalatorPct !== null && s.financing.escalatorPct > rules.maxEscalatorPct) {
    reject(
      "escalator_too_high",
      `Annual escalator ${s.financing.escalatorPct}% is above the cap of ${rules.maxEscalatorPct}%`,
    );
  }

  for (const clause of rules.requiredClauses) {
    if (!s.clauses.some((c) => c === clause)) {
      review(`missing_clause_${clause}`, `Required clause missing: ${clause.replaceAll("_", " ")}`);
    }
  }
  if (
    s.clauses.includes("cancellation") && s.cancellationPeriodDays !== null &&
    s.cancellationPeriodDays < rules.minCancellationDays
  ) {
    review(
      "cancellation_period_short",
      `Cancellation period of ${s.cancellationPeriodDays} days is shorter than ${rules.minCancellationDays}`,
    );
  }

  if (rules.requireAddressMatch && property) {
    if (!s.propertyAddress.line1) review("address_missing", "The contract states no property address");
    else if (!sameAddress(s.propertyAddress, property)) {
      reject(
        "address_mismatch",
        `Contract address "${s.propertyAddress.line1}, ${s.propertyAddress.zip}" is not the property's "${property.line1}, ${property.zip}"`,
      );
    }
  }
  const status: ApprovalStatus = reasons.some((r) => r.severity === "reject")
    ? "REJECTED"
    : reasons.length
    ? "NEEDS_REVIEW"
    : "APPROVED";
  return { status, reasons };
}
