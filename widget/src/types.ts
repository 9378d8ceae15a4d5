export interface WidgetInfo {
  logo_url: string | null;
  serving_states: string[];
  roof_types: string[];
  widget_info: string;
  theme: { primary?: string; accent?: string };
  partner_name?: string;
  map_tile_url?: string | null;
  /** Origins that may frame the widget (its own check on a static host: frame_guard.ts). */
  frame_origins?: string[];
}

export interface Suggestion {
  description: string;
  line1?: string;
  city?: string;
  state?: string;
  zip?: string;
  lat?: number;
  lon?: number;
  /** False when `zip` is only the city's central ZIP among several: geocode to get the candidates (issue 15). */
  zipConfirmed?: boolean;
}

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  zip: string;
}

export interface Provider {
  id: string;
  name: string;
  ownership: string | null;
  match: string;
}

export interface MonthUsage {
  month: string;
  year: number;
  value: number;
  unit: string;
  estimated?: boolean;
}

export interface Savings {
  transactionId: string;
  systemKw: number;
  panels: number;
  annualProductionKwh: number;
  grossCost: number;
  federalCredit: number;
  netCost: number;
  netAnnualSavings: number;
  paybackYears: number | null;
  annualKwh: number;
  monthlyKwh: number[];
  /** Months (1-12) of monthlyKwh that are estimated: drawn lighter. Absent from an older answer. */
  estimatedMonths?: number[];
  offsetPct: number;
  /** Why no system is offered (systemKw 0): roof_not_owned, below_minimum_size, zero_usage, no_usable_roof. */
  noSystemReason?: string | null;
  /** The yearly use is beyond a home's (the gate's bound): the summary says what the figures mean. */
  beyondHomeUse?: boolean;
  emailSentTo: string;
}

export type ReadingGroup = "name" | "address" | "utility" | "usage";

export interface ReadingCheck {
  code: string;
  field: string;
  group: ReadingGroup;
  message: string;
  /** The usage months ("YYYY-MM") the check is about (low_confidence_months). */
  months?: string[];
  /** A check of a value the confirm step does not show (the supply rate): the partner's, no reason here. */
  partnerOnly?: true;
}

/** widget-service /bill-reading: what the bill reader read and what must be confirmed (the plausibility gate). */
export interface ReadingReview {
  transactionId: string | null;
  read: {
    customerName: string;
    serviceAddress: Address;
    utilityProviderName: string;
    usageByMonth: MonthUsage[];
    annualKwh: number;
  } | null;
  checks: ReadingCheck[];
  needsConfirmation: ReadingGroup[];
  unconfirmed: ReadingGroup[];
}

/** What the homeowner made of the reading on the check step. */
export interface ReadingValues {
  customer_name?: string;
  service_address?: Address;
  utility?: string;
}

export type StepId = "address" | "confirm" | "provider" | "bill" | "check" | "contact" | "summary";
/** The steps shown in the progress bar ("check" is part of "Your bill"). */
export const STEPS: StepId[] = ["address", "confirm", "provider", "bill", "contact", "summary"];
/** Every step in order (Back goes to the one before). */
export const ORDER: StepId[] = ["address", "confirm", "provider", "bill", "check", "contact", "summary"];

/** Everything the homeowner entered; kept while moving back and forth between steps. */
export interface WidgetState {
  step: StepId;
  query: string;
  address: Address | null;
  lat: number | null;
  lon: number | null;
  /** False while the address's ZIP is the platform's default among the city's several: the homeowner confirms it. */
  zipConfirmed: boolean;
  /** The city's ZIPs to pick from while `zipConfirmed` is false. */
  zipCandidates: string[] | null;
  roofType: string;
  /** Asked when the address is a unit (shared/savings/roof_access.ts): who owns the roof; "" = not asked/answered. */
  roofOwnership: "own" | "not_owned" | "";
  propertyId: string | null;
  providers: Provider[] | null;
  providersZip: string | null;
  providerId: string;
  providerOther: string;
  files: File[];
  billTransactionId: string | null;
  billUtility: string | null;
  usage: MonthUsage[] | null;
  /** The plausibility gate's answer on the bill reading (null: not read yet, or usage typed by hand). */
  review: ReadingReview | null;
  /** The homeowner's corrections of the reading, and the lines they confirmed as right. */
  reading: ReadingValues;
  confirmed: ReadingGroup[];
  contact: { first_name: string; last_name: string; email: string; phone: string };
  consent: boolean;
  leadKey: string;
  leadId: string | null;
  /** The contact details the lead was created with: a change makes a new lead (with a new key). */
  leadContact: string | null;
  savings: Savings | null;
  /** The address whose out-of-area lead was left on the exit screen (a reload shows the thanks again). */
  exitDone: string | null;
  /** The exit screen is showing (restored on reload even where the frame's history entry is not). */
  onExit: boolean;
}

export function newState(): WidgetState {
  return {
    step: "address",
    query: "",
    address: null,
    lat: null,
    lon: null,
    zipConfirmed: true,
    zipCandidates: null,
    roofType: "",
    roofOwnership: "",
    propertyId: null,
    providers: null,
    providersZip: null,
    providerId: "",
    providerOther: "",
    files: [],
    billTransactionId: null,
    billUtility: null,
    usage: null,
    review: null,
    reading: {},
    confirmed: [],
    contact: { first_name: "", last_name: "", email: "", phone: "" },
    consent: false,
    leadKey: crypto.randomUUID(),
    leadId: null,
    leadContact: null,
    savings: null,
    exitDone: null,
    onExit: false,
  };
}

/** The utility chosen on the provider step, as the lead records it ("Other": the name typed), or null. */
export function chosenProviderName(s: WidgetState): string | null {
  const provider = s.providers?.find((p) => p.id === s.providerId);
  if (!provider) return null;
  return provider.id === "other" ? (s.providerOther.trim() || provider.name) : provider.name;
}
