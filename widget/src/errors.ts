import { ApiError } from "./api.ts";
import { t } from "./locale.ts";

/** A message a homeowner can act on; never a raw server message for a 5xx. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.status === 0) return t.errorNetwork;
    if (e.code === "address_not_found") return t.addressNotFound;
    if (e.code === "invalid_file_type") return t.notABill;
    if (e.code === "incomplete_bill") return t.incompleteBill;
    if (e.code === "password_protected") return t.passwordProtected;
    // partner-side states a homeowner cannot act on: never the server's wording
    if (e.code === "subscription_inactive") return t.billReadingOff;
    if (e.code === "payload_too_large" || e.status === 413) return t.billTooLarge;
    // the server's "Too many properties were created from here; try again in 718 s" is not the homeowner's wording
    // (QA pass 16): many homes share one address (an office, a phone carrier), so say when, in minutes
    if (e.status === 429) return t.tooManyTries(e.retryAfter);
    if (e.status >= 500 || e.status === 401) return t.errorGeneric;
    return e.message;
  }
  return t.errorGeneric;
}
