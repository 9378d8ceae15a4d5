// The bill reader as a document-worker operation (shared/documents/engine/registry.ts): registered here, so a
// worker subprocess that is asked for it imports this module and parses there, off the service's event loop.
// The reader itself loads on the operation's first call: the service registers the operation (its module's URL) at
// start but parses in the worker, so its process never needs the reader (docs/operations.md, "Local stack: cold12").
import { registerDocumentOp } from "../documents/engine/registry.ts";
import type { BillReadOptions } from "./read_bill_text.ts";
import type { DocumentText } from "../documents/document_text.ts";
import type { ModelAnswer } from "./schema.ts";

export const READ_BILL_TEXT_OP = "readBillText";

registerDocumentOp(
  READ_BILL_TEXT_OP,
  async (text: DocumentText, opts: BillReadOptions): Promise<ModelAnswer> =>
    (await import("./read_bill_text.ts")).readBillText(text, opts),
  import.meta.url,
);
