import { API_VERSION, type BillItem, type Envelope } from "./schema.ts";

/** SPEC "Bill extraction response envelope": one item per document, one status per uploaded file. */
export function envelopeFor(
  e: { id: string; transactionId: string; transactionGroupId: string; item: BillItem; filenames: string[] },
): Envelope {
  return {
    apiVersion: API_VERSION,
    transactionId: e.transactionId,
    transactionGroupId: e.transactionGroupId,
    id: e.id,
    data: { items: [e.item] },
    fileStatus: e.filenames.map((filename) => ({ filename, status: "success" })),
  };
}
