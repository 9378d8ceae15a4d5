import { billExtractionStatus, startBillExtraction } from "../bills/jobs.ts";
import type { BillItem } from "../bills/schema.ts";
import type { Platform } from "../platform.ts";

export interface HandoffStatus {
  status: "IN_PROGRESS" | "COMPLETED" | "FAILED";
  message: string;
  item?: BillItem;
}

/**
 * Hands stored bill attachments ("<bucket>/<path>", the files of one bill in page order) to the utility-bill-service's asynchronous
 * extraction (its subscription rule applies); returns the extraction's transactionId.
 */
export async function startBillHandoff(
  p: Platform,
  req: { orgId: string; objectPaths: string[]; externalId?: string },
): Promise<string> {
  return await startBillExtraction(p, {
    orgId: req.orgId,
    objectPaths: req.objectPaths,
    transactionId: crypto.randomUUID(),
    transactionGroupId: crypto.randomUUID(),
    externalId: req.externalId,
  });
}

/** The state of an extraction started by startBillHandoff. */
export async function billHandoffStatus(
  p: Platform,
  orgId: string,
  transactionId: string,
): Promise<HandoffStatus> {
  const s = await billExtractionStatus(p, orgId, transactionId);
  if (!s) return { status: "FAILED", message: `No bill extraction ${transactionId}` };
  const failed = (s as { error?: { message: string } }).error;
  return {
    status: s.status,
    message: failed?.message ?? s.message,
    item: (s as { result?: { data: { items: BillItem[] } } }).result?.data.items[0],
  };
}
