// The savings report PDF as the services render it: in a document worker (shared/documents/engine), so a
// heavy or hostile input (a poisoned stored logo) costs one worker, never the service's event loop or
// memory. This module registers the worker operation; a worker imports it on the operation's first use.
import { documentEngine } from "../documents/engine/index.ts";
import { safeImageDataUri } from "../documents/engine/ops.ts";
import { registerDocumentOp } from "../documents/engine/registry.ts";
import type { SavingsReportDocument } from "./report_pdf.ts";

const OP = "renderSavingsReport";

// In the worker: the renderer itself, with a stored logo over the limits left off instead of decoded.
registerDocumentOp(OP, async (doc: SavingsReportDocument): Promise<Uint8Array> => {
  const { renderSavingsReportPdf } = await import("./report_pdf.ts");
  return await renderSavingsReportPdf({
    ...doc,
    partner: { ...doc.partner, logoDataUri: safeImageDataUri(doc.partner.logoDataUri, "The report logo") },
  });
}, import.meta.url);

/** shared/savings/report_pdf.ts renderSavingsReportPdf, in a worker; a logo over the limits is left off. */
export function renderSavingsReportPdf(doc: SavingsReportDocument): Promise<Uint8Array> {
  return documentEngine().call(OP, [doc]);
}
