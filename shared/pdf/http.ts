// HTTP side of PDF rendering: the binary response and the mapping of renderer errors to clear 4xx answers.
import { DomainError } from "../errors.ts";
import { PdfInputError } from "./input_error.ts";
import { TemplateDataError, TemplateNotFoundError } from "./templates.ts";

export function pdfResponse(pdf: Uint8Array, filename: string): Response {
  return new Response(pdf as BodyInit, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `inline; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}

export async function pdfErrors(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof PdfInputError) throw new DomainError("invalid", "invalid_document", e.message);
    if (e instanceof TemplateNotFoundError) {
      throw new DomainError("not_found", "template_not_found", e.message);
    }
    if (e instanceof TemplateDataError) throw new DomainError("invalid", "missing_template_data", e.message);
    throw e;
  }
}
