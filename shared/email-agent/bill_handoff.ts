import type { BillItem } from "../bills/schema.ts";
import type { Platform } from "../platform.ts";
import type { MailAttachment } from "./parse.ts";

export interface HandoffStatus {
  status: "IN_PROGRESS" | "COMPLETED" | "FAILED";
  message: string;
  item?: BillItem;
}

/** Hands bill attachments to the utility-bill-service's async extraction; returns its transactionId. */
export function startBillHandoff(
  _p: Platform,
  _req: { orgId: string; files: MailAttachment[]; externalId?: string; messageRowId: string },
): Promise<string> {
  // Wired to shared/bills startBillExtraction when the bills area publishes it.
  return Promise.reject(new Error("async bill extraction is not available yet"));
}

/** The state of an extraction started by startBillHandoff. */
export function billHandoffStatus(_p: Platform, _transactionId: string): Promise<HandoffStatus> {
  return Promise.resolve({ status: "FAILED", message: "async bill extraction is not available yet" });
}
