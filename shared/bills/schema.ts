import { z } from "zod";

// The extraction result (SPEC "Bill extraction result"). Every field is a string as the spec says; "" means
// the bill does not show it. The same zod schema is the Gemini response schema and validates every answer.
export const Address = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: z.string(),
});
export type Address = z.infer<typeof Address>;

export const Meter = z.object({
  meterNumber: z.string(),
  usageKwh: z.string(),
  servicePeriodStart: z.string().describe("YYYY-MM-DD"),
  servicePeriodEnd: z.string().describe("YYYY-MM-DD"),
});
export type Meter = z.infer<typeof Meter>;

export const MonthNames = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export const MonthlyUsage = z.object({
  month: z.enum(MonthNames),
  year: z.number().int(),
  value: z.number(),
  unit: z.literal("kWh"),
  /** true when the value was extrapolated, not read from the bill. */
  estimated: z.boolean().optional(),
  /**
   * true when the value was measured from the height of a chart's bar that prints no figure (embedded/chart_bars.ts):
   * an estimate to the chart's resolution, to be confirmed by the homeowner. A printed figure never carries it.
   */
  fromChart: z.boolean().optional(),
});
export type MonthlyUsage = z.infer<typeof MonthlyUsage>;

export const BillItem = z.object({
  customerInformation: z.object({
    customerName: z.string().describe("From the payment stub; no routing codes or scanning noise"),
    accountNumber: z.string(),
    serviceNumber: z.string().describe("Only if explicitly labelled on the bill, else empty"),
    serviceAddress: Address,
  }),
  billingInformation: z.object({
    utilityProviderName: z.string(),
    invoiceDate: z.string().describe("YYYY-MM-DD"),
    billingPeriodStart: z.string().describe("YYYY-MM-DD"),
    billingPeriodEnd: z.string().describe("YYYY-MM-DD"),
    amountDue: z.string().describe("Total due, no currency symbol; negative for a credit"),
    pastDue: z.string().describe("Previous balance remaining after the last payment"),
    dueDate: z.string().describe("YYYY-MM-DD"),
    billingAddress: Address,
  }),
  electricityUsage: z.object({
    meters: z.array(Meter),
    electricRate: z.string().describe("Rate plan or class"),
    electricityTier: z.string().describe("Only if explicitly marked on the bill, else empty"),
    supplyRatePerKwh: z.string().describe("Supply or generation rate in dollars per kWh, e.g. 0.0712"),
    marketState: z.string().describe("Two-letter state of the service address"),
    usageByMonth: z.array(MonthlyUsage).describe("Usage history read from the bill, most recent last"),
    fixedMonthlyCharge: z.number().nullable().optional().describe(
      "The utility's fixed monthly charge in dollars (customer / basic service / facilities / base charge), null if not printed",
    ),
  }),
});
export type BillItem = z.infer<typeof BillItem>;

/**
 * The reader's confidence (0..1) per field it filled, keyed by the field's name (`customerName`,
 * `serviceAddress`, `invoiceDate`, `supplyRatePerKwh`, `usageByMonth`, …). Optional on an item (only the
 * embedded reader gives it); a field left empty has no entry. Not part of the model's response schema.
 */
export type ItemConfidence = Record<string, number>;
/**
 * The reader's confidence (0..1) in each month of `usageByMonth` it read, keyed "YYYY-MM" (`{"2024-01": 0.9}`);
 * months the usage completion estimated have none. Optional (the embedded reader gives it).
 */
export type MonthConfidence = Record<string, number>;
/** A meter with the reader's confidence in it (0..1; optional, the embedded reader gives it). */
export type MeterWithConfidence = Meter & { confidence?: number };
export type ItemWithConfidence = BillItem & {
  confidence?: ItemConfidence;
  monthConfidence?: MonthConfidence;
};

/** What a model answers per attempt: whether the document is an electricity bill, and the item. */
export const ModelAnswer = z.object({
  isElectricityBill: z.boolean(),
  item: BillItem,
});
export type ModelAnswer = z.infer<typeof ModelAnswer>;

/** An item of the envelope: the extraction result plus the reader's optional per-field confidence. */
export const ExtractedItem = BillItem.extend({
  electricityUsage: BillItem.shape.electricityUsage.extend({
    meters: z.array(Meter.extend({
      confidence: z.number().min(0).max(1).optional().describe("The reader's confidence in this meter, 0..1"),
    })),
  }),
  confidence: z.record(z.string(), z.number().min(0).max(1)).optional().describe(
    "The reader's confidence per filled field, 0..1 (embedded engine)",
  ),
  monthConfidence: z.record(z.string(), z.number().min(0).max(1)).optional().describe(
    'The reader\'s confidence in each usage month it read, 0..1, keyed "YYYY-MM" (embedded engine)',
  ),
});

export const FileStatus = z.object({
  filename: z.string(),
  status: z.enum(["success", "failed", "skipped"]),
});

export const Envelope = z.object({
  apiVersion: z.string(),
  transactionId: z.string().uuid(),
  transactionGroupId: z.string().uuid(),
  id: z.string(),
  data: z.object({ items: z.array(ExtractedItem) }),
  fileStatus: z.array(FileStatus),
});
export type Envelope = z.infer<typeof Envelope>;

export const API_VERSION = "1.0";

export function emptyAddress(): Address {
  return { line1: "", line2: "", city: "", state: "", zip: "", country: "" };
}

export function emptyItem(): BillItem {
  return {
    customerInformation: {
      customerName: "",
      accountNumber: "",
      serviceNumber: "",
      serviceAddress: emptyAddress(),
    },
    billingInformation: {
      utilityProviderName: "",
      invoiceDate: "",
      billingPeriodStart: "",
      billingPeriodEnd: "",
      amountDue: "",
      pastDue: "",
      dueDate: "",
      billingAddress: emptyAddress(),
    },
    electricityUsage: {
      meters: [],
      electricRate: "",
      electricityTier: "",
      supplyRatePerKwh: "",
      marketState: "",
      usageByMonth: [],
    },
  };
}
