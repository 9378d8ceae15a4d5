// Request shapes of the savings pipeline (shared by the routes and by other teams' callers).
import { z } from "@hono/zod-openapi";
import { LINK_IN_ADDRESS, LINK_IN_NAME, linkFree } from "../validation/person_name.ts";

export const usageEntry = z.object({
  month: z.union([z.string().min(1).max(20), z.number().int().min(1).max(12)]),
  year: z.coerce.number().int().min(1990).max(2100).optional(),
  value: z.coerce.number().min(0).max(1_000_000),
  unit: z.string().max(10).optional(),
  extrapolated: z.boolean().optional(),
  /** The bill extraction's name for an extrapolated month. */
  estimated: z.boolean().optional(),
});

// The address is printed on the report's PDF cover and in its email's subject, sent to any mailbox the caller names:
// no web or email address or phone number in it, as in the widget's (pass 15: this route, open to partner staff, was
// left out in pass 13).
const addressText = (max: number) => z.string().max(max).refine(linkFree, LINK_IN_ADDRESS);

export const addressParts = z.object({
  line1: addressText(200).optional(),
  line2: addressText(200).optional(),
  city: addressText(100).optional(),
  state: z.string().max(40).optional(),
  zip: z.string().max(10).optional(),
  country: z.string().max(60).optional(),
});

export const savingsRequest = z.object({
  customerName: z.string().trim().min(1).max(200).refine(linkFree, LINK_IN_NAME),
  email: z.string().trim().email().max(320),
  address: z.union([z.string().trim().min(3).max(400).refine(linkFree, LINK_IN_ADDRESS), addressParts]),
  usageByMonth: z.array(usageEntry).min(1).max(24),
  transactionId: z.string().uuid().optional(),
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
  ratePerKwh: z.number().positive().max(2).optional(),
  roofAreaM2: z.number().positive().max(10_000).optional(),
  /** A PNG/JPEG data: URI shown on the PDF cover (URLs are never fetched). */
  partnerLogo: z.string().max(500_000).regex(
    /^data:image\/(png|jpe?g);base64,/i,
    "must be a PNG or JPEG data: URI",
  ).optional(),
  deliver: z.boolean().optional(),
  /** The utility's fixed monthly customer charge from the bill ($/month); solar does not remove it. */
  fixedChargeMonthly: z.number().min(0).max(500).optional(),
  /** The bill is another utility's than the home's: its fixed charge is not the home's, so none is given (the
   * report says why it leaves the charge out). */
  fixedChargeOfOtherUtility: z.boolean().optional(),
  /** Who owns the roof, asked when the address is a unit (apartment, condo, lot): "own" or "not_owned". */
  roofOwnership: z.enum(["own", "not_owned"]).optional(),
  /** The home's utility (the widget's provider step): a utility with an export rule of its own gets it in place of
   * the state's (data/reference/utility_export_programs.csv). */
  utility: z.string().trim().max(200).optional(),
  /** The bill the usage comes from is this other utility's, not `utility`'s (the gate's utility_mismatch, confirmed):
   * neither utility's own export rule is applied, the state's is, and the report says why. */
  otherBillUtility: z.string().trim().max(200).optional(),
});
export type SavingsRequest = z.infer<typeof savingsRequest>;

/** /generate-savings-insights: usage and financial data supplied by the caller. */
export const insightsRequest = z.object({
  customerName: z.string().trim().min(1).max(200),
  state: z.string().trim().regex(/^[A-Za-z]{2}$/, "two-letter state abbreviation").transform((s) =>
    s.toUpperCase()
  ),
  address: z.string().trim().max(400).optional(),
  usageByMonth: z.array(usageEntry).min(1).max(24),
  financials: z.object({
    ratePerKwh: z.number().positive().max(2).optional(),
    escalatorPct: z.number().min(-5).max(20).optional(),
    costPerWatt: z.number().positive().max(20).optional(),
    yieldDcKwhPerKw: z.number().min(300).max(3000).optional(),
    panelCapacityW: z.number().int().min(100).max(1000).optional(),
    maxPanels: z.number().int().min(0).max(500).optional(),
    fixedChargeMonthly: z.number().min(0).max(500).optional(),
  }).default({}),
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
});
export type InsightsRequest = z.infer<typeof insightsRequest>;
