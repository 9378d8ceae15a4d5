import { z } from "zod";

// The structured summary of a solar contract. The same zod schema is Gemini's response schema and the
// embedded analyser's output type. null means the contract does not state it.
export const ContractAddress = z.object({
  line1: z.string(),
  city: z.string(),
  state: z.string().describe("Two-letter state"),
  zip: z.string(),
});
export type ContractAddress = z.infer<typeof ContractAddress>;

export const Equipment = z.object({
  manufacturer: z.string(),
  model: z.string(),
  quantity: z.number().int().nullable(),
});

export const FinancingTypes = ["cash", "loan", "lease", "ppa", "unknown"] as const;
export const ClauseKeys = [
  "cancellation",
  "warranty",
  "production_guarantee",
  "interconnection",
  "insurance",
  "arbitration",
] as const;
export type ClauseKey = typeof ClauseKeys[number];

export const Signature = z.object({
  signed: z.boolean(),
  name: z.string().describe("Name of the signer as printed, or empty"),
  date: z.string().describe("YYYY-MM-DD, or empty when undated"),
});

export const ContractSummary = z.object({
  isSolarContract: z.boolean(),
  parties: z.object({
    installer: z.string().describe("The seller / installer company"),
    customer: z.string().describe("Customer name(s) as printed"),
    financier: z.string().describe("Lender or lessor when different from the installer, else empty"),
  }),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  propertyAddress: ContractAddress,
  systemSizeKw: z.number().nullable().describe("DC nameplate size in kW"),
  equipment: z.object({ panels: Equipment, inverter: Equipment, battery: Equipment.nullable() }),
  totalPrice: z.number().nullable().describe("Total contract price in USD"),
  pricePerWatt: z.number().nullable().describe(
    "USD per DC watt; totalPrice / (systemSizeKw * 1000) when not printed",
  ),
  financing: z.object({
    type: z.enum(FinancingTypes),
    termYears: z.number().nullable(),
    escalatorPct: z.number().nullable().describe("Annual payment escalator in percent"),
    downPayment: z.number().nullable(),
  }),
  cancellationPeriodDays: z.number().int().nullable(),
  clauses: z.array(z.enum(ClauseKeys)).describe("Which of these clauses the contract contains"),
  signatures: z.object({ customer: Signature, installer: Signature }),
});
export type ContractSummary = z.infer<typeof ContractSummary>;

export type ApprovalStatus = "APPROVED" | "NEEDS_REVIEW" | "REJECTED";

export interface Reason {
  code: string;
  severity: "reject" | "review";
  message: string;
}

export interface ApprovalRules {
  maxPricePerWatt: number;
  minSystemSizeKw: number;
  maxSystemSizeKw: number;
  maxEscalatorPct: number;
  minCancellationDays: number;
  requiredClauses: string[];
  requireCustomerSignature: boolean;
  requireInstallerSignature: boolean;
  requireAddressMatch: boolean;
  allowedFinancing: string[];
  minUsageOffset: number;
  maxUsageOffset: number;
}

export const DEFAULT_RULES: ApprovalRules = {
  maxPricePerWatt: 4,
  minSystemSizeKw: 1,
  maxSystemSizeKw: 30,
  maxEscalatorPct: 2.99,
  minCancellationDays: 3,
  requiredClauses: ["cancellation", "warranty"],
  requireCustomerSignature: true,
  requireInstallerSignature: true,
  requireAddressMatch: true,
  allowedFinancing: ["cash", "loan", "lease", "ppa"],
  minUsageOffset: 0.6,
  maxUsageOffset: 1.3,
};
