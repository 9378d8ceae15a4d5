// A partner's stored image (the report logo) is decoded once in a document worker when it is saved:
// only an image that decoded there is ever stored.
import { DomainError } from "../errors.ts";
import { documentEngine } from "./engine/index.ts";
import type { ImageInfo } from "./engine/ops.ts";

/** Validates a PNG/JPEG data: URI by decoding it in the sandbox; 400 invalid_file_type or 422 document_too_complex naming `field`. */
export async function validateImageDataUri(uri: string, field: string): Promise<ImageInfo> {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(uri.slice(uri.indexOf(",") + 1)), (c) => c.charCodeAt(0));
  } catch {
    throw new DomainError("invalid", "invalid_file_type", `${field} is not valid base64`);
  }
  try {
    return await documentEngine().validateImage(bytes);
  } catch (e) {
    if (e instanceof DomainError && (e.code === "invalid_file_type" || e.code === "document_too_complex")) {
      throw new DomainError(e.kind, e.code, `${field}: ${e.message}`);
    }
    throw e;
  }
}
