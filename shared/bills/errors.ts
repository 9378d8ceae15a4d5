import { ApiError } from "../http/errors.ts";

// The spec's utility-bill-service errors, with stable snake_case codes.
export const invalidFileType = (message: string) => new ApiError(400, "invalid_file_type", `Invalid file type: ${message}`);
export const incompleteBill = (missing: string[]) =>
  new ApiError(400, "incomplete_bill", `Incomplete bill: could not extract ${missing.join(" and ")} after all attempts`, { missing });
export const subscriptionInactive = (message: string) => new ApiError(400, "subscription_inactive", `Subscription inactive: ${message}`);
export const processingFailed = () =>
  new ApiError(500, "processing_failed", "Processing failed: the language model returned an unparseable response after all retries");
export const tooLarge = (message: string) => new ApiError(413, "payload_too_large", message);
