// PDF rendering as the services call it: in a document worker (engine/), so a heavy or hostile input
// (200 KB of HTML) costs one worker, never the service's event loop or memory. A domain's own renderers
// register as worker operations (engine/registry.ts; the savings report: shared/savings/report_render.ts).
import type { PageOptions } from "../pdf/render.ts";
import { documentEngine } from "./engine/index.ts";

/** shared/pdf/render.ts renderHtmlToPdf, in a worker (PdfInputError comes back as itself). */
export function renderHtmlToPdf(html: string, opts: PageOptions = {}): Promise<Uint8Array> {
  return documentEngine().renderHtmlToPdf(html, opts);
}
