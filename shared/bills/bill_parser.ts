// Where the embedded bill reader (read_bill_text.ts) parses. At the text bounds (text_bounds.ts) a parse takes
// seconds of CPU (docs/security.md "Pass 5" and "Pass 6"); in the service's own isolate that holds the event loop, so
// /health and every other request of the service wait. It runs as a document-worker operation (parse_op.ts):
// in a worker subprocess of the document engine (docs/documents.md), with its own deadline
// (BILL_PARSE_TIMEOUT_SECONDS: the worker is killed, 422 document_too_complex), the engine's bounded waiting line
// (503 busy with Retry-After), memory cap and idle exit. Where the engine runs its operations in the caller's
// isolate (the Supabase Edge Runtime, which starts no subprocesses and has no Web Workers: docs/deploy.md) the
// parse runs there as before, within the same text bounds; BILL_PARSE=in-process forces that.
import { envInt, envOptional } from "../config.ts";
import type { DocumentText } from "../documents/document_text.ts";
import { documentEngine } from "../documents/engine/index.ts";
import { READ_BILL_TEXT_OP } from "./parse_op.ts";
import type { BillReadOptions } from "./read_bill_text.ts";
import type { ModelAnswer } from "./schema.ts";

/** Reads a bill's text into the extraction answer (in a document worker or in this isolate). */
export type BillTextParser = (text: DocumentText, opts: BillReadOptions) => Promise<ModelAnswer>;

/** The parse in this isolate (scripts and benchmarks call it; BILL_PARSE=in-process). The reader (read_bill_text.ts
 * and the ≈65 modules of embedded/ it imports) loads on the first parse: the service parses in a document worker by
 * default, so `npm start` does not compile it beside initdb (docs/operations.md, "Local stack: cold12"). */
export const parseInProcess: BillTextParser = async (text, opts) =>
  (await import("./read_bill_text.ts")).readBillText(text, opts);

/** The parse as a document-worker operation, killed after `timeoutSeconds`. */
export const parseInDocumentWorker = (timeoutSeconds: number): BillTextParser => (text, opts) =>
  documentEngine().call<ModelAnswer>(READ_BILL_TEXT_OP, [text, opts], {
    timeoutMs: Math.max(1, timeoutSeconds * 1000),
  });

/** The parse as a document-worker operation, with its own settings. */
export type WorkerParser = BillTextParser & { where: "worker"; timeoutSeconds: number };

/**
 * The service's parser: BILL_PARSE=worker (default) or in-process. The settings are read here, once, when the bill
 * model is made (a request never reads the environment: tests/integration/foundation/env_per_request_test.ts).
 */
export function billTextParser(): BillTextParser {
  const where = envOptional("BILL_PARSE") ?? "worker";
  if (where === "in-process") return parseInProcess;
  if (where === "worker") {
    const timeoutSeconds = envInt("BILL_PARSE_TIMEOUT_SECONDS", 15);
    return Object.assign(parseInDocumentWorker(timeoutSeconds), { where: "worker" as const, timeoutSeconds });
  }
  throw new Error(`BILL_PARSE must be worker or in-process, got "${where}"`);
}
