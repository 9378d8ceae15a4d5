// PDF rendering as the services call it: in a document worker (engine/), so a heavy or hostile input
// (200 KB of HTML, a poisoned logo) costs one worker, never the service's event loop or memory.
import type { PageOptions } from "../pdf/render.ts";
import type { SavingsReportDocument } from "../pdf/savings_report.ts";
import { documentEngine } from "./engine/index.ts";

/** shared/pdf/render.ts renderHtmlToPdf, in a worker (PdfInputError comes back as itself). */
export function renderHtmlToPdf(html: string, opts: PageOptions = {}): Promise<Uint8Array> {
  return documentEngine().renderHtmlToPdf(html, opts);
}

/** shared/pdf/savings_report.ts renderSavingsReportPdf, in a worker; a logo over the limits is left off. */
export function renderSavingsReportPdf(doc: SavingsReportDocument): Promise<Uint8Array> {
  return documentEngine().renderSavingsReport(doc);
}
