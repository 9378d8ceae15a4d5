import { z } from "@hono/zod-openapi";
import { phoneOk } from "./phone.ts";
import { isUsState } from "./states.ts";
import { LINK_IN_ADDRESS, LINK_IN_NAME, linkFree } from "../validation/person_name.ts";
import { oneLineText } from "../validation/one_line.ts";

// One line a homeowner typed (names, address lines, provider): cleaned of controls and invisible characters that can
// hide or reorder what a partner reads (shared/validation/one_line.ts) before its limits apply.
const text = oneLineText;
export const Zip = z.string().trim().regex(/^\d{5}(-\d{4})?$/, "must be a 5-digit US zip").transform((s) =>
  s.slice(0, 5)
);
export const StateCode = z.string().trim().toUpperCase().refine(isUsState, "must be a US state code");

// Address lines are one clean line without a web or email address (LINK_IN_ADDRESS): the savings report and the
// booking email print them for any mailbox.
const addressLine = (max: number, min = 0) => text(max).min(min).refine(linkFree, LINK_IN_ADDRESS);

export const Address = z.object({
  line1: addressLine(200, 1),
  line2: addressLine(200).optional().nullable(),
  city: addressLine(100, 1),
  state: StateCode,
  zip: Zip,
  country: z.literal("US").default("US"),
}).openapi("Address");

export const ContactInput = z.object({
  first_name: text(100).min(1).refine(linkFree, LINK_IN_NAME),
  last_name: text(100).refine(linkFree, LINK_IN_NAME).default(""),
  email: z.string().trim().toLowerCase().email().max(254),
  phone: text(40).regex(/^[+()\d\s.-]*$/, "must be a phone number")
    .refine(phoneOk, "must be a phone number with its area code (10 to 15 digits)").optional().nullable(),
}).openapi("ContactInput");

/**
 * A property's free-form `details` (the widget's and the partner's notes on the home), as JSON text: at most this many
 * bytes, also after a `PUT` merges more keys in (shared/widget/records.ts). Unbounded, the public widget token stored
 * a request's whole body there, again on every `PUT` (security pass 6).
 */
export const MAX_PROPERTY_DETAILS_BYTES = 16 * 1024;
const DETAILS_TOO_LARGE = `must be at most ${MAX_PROPERTY_DETAILS_BYTES} bytes of JSON`;
export function detailsWithin(d: Record<string, unknown>): boolean {
  return new TextEncoder().encode(JSON.stringify(d)).byteLength <= MAX_PROPERTY_DETAILS_BYTES;
}

export const PropertyInput = z.object({
  contact_id: z.string().uuid().optional().nullable(),
  address: Address,
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
  roof_type: text(60).optional().nullable(),
  utility_provider: text(200).optional().nullable(),
  details: z.record(z.string(), z.unknown()).refine(detailsWithin, DETAILS_TOO_LARGE).optional(),
}).openapi("PropertyInput");

export const PropertyPatch = PropertyInput.partial().openapi("PropertyPatch");

const IdemKey = z.string().trim().min(8).max(200);

export const LeadInput = z.object({
  idempotency_key: IdemKey.optional(),
  contact: ContactInput,
  address: Address.optional(),
  contact_id: z.string().uuid().optional(),
  property_id: z.string().uuid().optional(),
  utility_provider: text(200).optional().nullable(),
  consent: z.boolean().default(false),
  consent_text: text(1000).optional(),
  monthly_kwh: z.array(z.number().min(0).max(1_000_000)).max(24).optional(),
}).openapi("LeadInput");

export const OpportunityInput = z.object({
  lead_id: z.string().uuid(),
  idempotency_key: IdemKey.optional(),
  name: text(200).min(1).optional(),
  stage: z.enum(["qualification", "proposal", "negotiation", "closed_won", "closed_lost"]).default(
    "qualification",
  ),
  amount: z.number().min(0).max(10_000_000).optional().nullable(),
  system_size_kw: z.number().min(0).max(1000).optional().nullable(),
}).openapi("OpportunityInput");

export type AddressT = z.infer<typeof Address>;
export type ContactInputT = z.infer<typeof ContactInput>;
export type PropertyInputT = z.infer<typeof PropertyInput>;
export type PropertyPatchT = z.infer<typeof PropertyPatch>;
export type LeadInputT = z.infer<typeof LeadInput>;
export type OpportunityInputT = z.infer<typeof OpportunityInput>;
