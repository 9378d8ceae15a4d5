// The bill reader as a document-worker operation (shared/documents/engine/registry.ts): registered here, so a
// worker subprocess that is asked for it imports this module and parses there, off the service's event loop.
import { registerDocumentOp } from "../documents/engine/registry.ts";
import { type BillReadOptions, readBillText } from "./read_bill_text.ts";
import type { DocumentText } from "../documents/document_text.ts";
import type { ModelAnswer } from "./schema.ts";

export const READ_BILL_TEXT_OP = "readBillText";

registerDocumentOp(
  READ_BILL_TEXT_OP,
  (text: DocumentText, opts: BillReadOptions): Promise<ModelAnswer> =>
    Promise.resolve(readBillText(text, opts)),
  import.meta.url,
);
