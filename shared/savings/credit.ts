// The federal tax credit a savings report may show: a dated, sourced policy, applied on the report's date
// to the offer shown (a system the homeowner owns, or a lease/PPA owned by a third party), with a per-partner
// override for partners who state their own figure. Pure: no I/O.

export type Ownership = "owned" | "third_party";

export interface CreditRule {
  name: string;
  pct: number;
  /** First and last expenditure dates (inclusive, ISO) the rule applies to. */
  from: string;
  to: string;
  condition: string;
  source: string;
}

const RCEC = "Residential Clean Energy Credit (IRC §25D)";
const RCEC_END =
  "P.L. 119-21 (One Big Beautiful Bill Act, 2025) §70506: no §25D credit for expenditures made after December 31, 2025; IRS Fact Sheet FS-2025-05 (August 21, 2025)";

/** Homeowner-owned systems: IRC §25D by expenditure date (the installation's completion date). */
export const OWNED_CREDIT_RULES: CreditRule[] = [
  {
    name: RCEC,
    pct: 30,
    from: "2022-01-01",
    to: "2025-12-31",
    condition:
      "for a system you own (cash or loan) whose installation is completed by December 31, 2025; claimed on your federal income tax return (non-refundable; an unused part carries forward)",
    source:
      `IRC §25D(g) as amended by the Inflation Reduction Act (P.L. 117-169 §13302): 30% for 2022-2032; ended early by ${RCEC_END}`,
  },
  {
    name: RCEC,
    pct: 26,
    from: "2020-01-01",
    to: "2021-12-31",
    condition:
      "for a system you own, placed in service in 2020 or 2021; claimed on your federal income tax return",
    source:
      "IRC §25D(g) as amended by the Consolidated Appropriations Act, 2021 (P.L. 116-260, Div. EE §148)",
  },
  {
    name: RCEC,
    pct: 30,
    from: "2017-01-01",
    to: "2019-12-31",
    condition: "for a system you own, placed in service 2017-2019; claimed on your federal income tax return",
    source: "IRC §25D(g) as amended by the Consolidated Appropriations Act, 2016 (P.L. 114-113, Div. P §304)",
  },
];

const ITC = "IRC §48E (clean electricity investment credit)";
const ITC_SOLAR_END =
  "P.L. 119-21 (One Big Beautiful Bill Act, 2025) §70512: no §45Y/§48E credit for solar facilities placed in service after December 31, 2027 unless their construction began by July 4, 2026";
/** The last day a solar system whose construction starts now can be placed in service for §48E. */
export const ITC_SOLAR_LAST_IN_SERVICE = "2027-12-31";
/** The last day construction could begin for a solar system to keep §48E whenever it is placed in service. */
export const ITC_SOLAR_CONSTRUCTION_BY = "2026-07-04";

/**
 * Lease / PPA: the homeowner claims nothing (§25D needs ownership); the owner's §48E is described with the
 * placed-in-service deadline that applies to a system sold on `day`.
 */
function thirdPartyCredit(day: string): AppliedCredit {
  const base = { pct: 0, claimant: "system_owner" as const, statedByPartner: false };
  if (day > ITC_SOLAR_LAST_IN_SERVICE) {
    return {
      ...base,
      name: "No federal credit for you",
      condition:
        "with a lease or power purchase agreement the company that owns the system claims federal credits, not you; for a new solar system the owner's credit (IRC §48E) ended after 2027",
      source: `IRC §25D applies only to property the taxpayer owns; ${ITC_SOLAR_END}`,
    };
  }
  const deadline = day > ITC_SOLAR_CONSTRUCTION_BY
    ? "; for a system sold now, only if it is placed in service by December 31, 2027"
    : "";
  return {
    ...base,
    name: "No federal credit for you",
    condition:
      `with a lease or power purchase agreement the company that owns the system claims any federal credit (${ITC}${deadline}), not you; ask the installer whether it lowers your price`,
    source:
      `IRC §25D applies only to property the taxpayer owns; third-party-owned systems fall under IRC §48E (claimed by the owner); ${ITC_SOLAR_END}`,
  };
}

/** What a partner states for its own offer (organization setting), e.g. a lease/PPA price reduction. */
export interface CreditOverride {
  pct: number;
  name: string;
  condition: string;
  source: string;
}

export interface AppliedCredit {
  /** The percentage of the gross cost shown as a credit; 0 when none applies. */
  pct: number;
  name: string;
  /** Who claims it: the homeowner, the system's owner (lease/PPA), or nobody. */
  claimant: "homeowner" | "system_owner" | "none";
  condition: string;
  source: string;
  /** The partner's own figure (organization setting), not the platform's policy. */
  statedByPartner: boolean;
}

/**
 * How a report names its net cost: net of the credit applied, or said to have none. One wording for the PDF's
 * tile and the email's facts, so the two never disagree (the email said "after the federal tax credit" when
 * none applied).
 */
export function netCostLabel(c: Pick<AppliedCredit, "pct"> | null | undefined): string {
  if (!c) return "Net cost";
  return c.pct > 0 ? `Net cost after ${c.pct}% tax credit` : "Net cost (no federal credit)";
}

/**
 * The credit on `date` (the report's date, YYYY-MM-DD or a Date) for the offer's ownership. A partner's
 * override wins: it is the partner's statement about its own offer and is shown as such.
 */
export function federalCredit(
  date: string | Date,
  ownership: Ownership = "owned",
  override?: CreditOverride | null,
): AppliedCredit {
  const day = (typeof date === "string" ? date : date.toISOString()).slice(0, 10);
  if (override) {
    return {
      ...override,
      claimant: ownership === "owned" ? "homeowner" : "system_owner",
      statedByPartner: true,
    };
  }
  if (ownership === "third_party") return thirdPartyCredit(day);
  const rule = OWNED_CREDIT_RULES.find((r) => day >= r.from && day <= r.to);
  if (rule) {
    return {
      pct: rule.pct,
      name: rule.name,
      claimant: "homeowner",
      condition: rule.condition,
      source: rule.source,
      statedByPartner: false,
    };
  }
  if (day > OWNED_CREDIT_RULES[0].to) {
    return {
      pct: 0,
      name: `No federal tax credit: the ${RCEC} ended`,
      claimant: "none",
      statedByPartner: false,
      condition:
        "the credit is not allowed for systems paid for and installed after December 31, 2025, so the figures include none",
      source: RCEC_END,
    };
  }
  return {
    pct: 0,
    name: "No federal tax credit on file for this date",
    claimant: "none",
    statedByPartner: false,
    condition: "the platform's credit policy starts in 2017",
    source: "shared/savings/credit.ts",
  };
}
