import { DomainError } from "../errors.ts";

// The spec's utility-bill-service errors, with stable snake_case codes.
export const invalidFileType = (message: string) =>
  new DomainError("invalid", "invalid_file_type", `Invalid file type: ${message}`);
export const incompleteBill = (missing: string[]) =>
  new DomainError(
    "invalid",
    "incomplete_bill",
    `Incomplete bill: could not extract ${missing.join(" and ")} after all attempts`,
    { missing },
  );
export const subscriptionInactive = (message: string) =>
  new DomainError("invalid", "subscription_inactive", `Subscription inactive: ${message}`);
export const processingFailed = () =>
  new DomainError(
    "internal",
    "processing_failed",
    "Processing failed: the language model returned an unparseable response after all retries",
  );
export const tooLarge = (message: string) => new DomainError("too_large", "payload_too_large", message);
