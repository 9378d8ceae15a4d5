import { widgetSessionOf } from "../auth/widget_session.ts";
import { gazetteerPlaces } from "../geo/zip_places.ts";
import type { AuthContext } from "../db/scoped.ts";
import { DomainError, isCallerError } from "../errors.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { objectStore } from "../storage/index.ts";
import { billDocument, type UploadedFile } from "./document.ts";
import { envelopeFor } from "./envelope.ts";
import { extractBill, type Extraction } from "./extract.ts";
import { billLimits } from "./limits.ts";
import { billModel } from "./models.ts";
import type { AttemptRecord } from "./retry.ts";
import type { Envelope } from "./schema.ts";
import { createExtraction, finishExtraction } from "./store.ts";
import { assertSubscriptionActive } from "./subscription.ts";

export const BILL_BUCKET = "bills";

export function safeName(filename: string): string {
  return filename.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(-100) || "file";
}

export interface SyncRequest {
  auth: AuthContext;
  files: UploadedFile[];
  transactionId: string;
  transactionGroupId: string;
  externalId?: string;
  mode: "sync" | "upload";
}

/**
 * The synchronous extraction (POST /process-bill and the widget's /upload): subscription first, then the
 * files (magic bytes, limits), stored in the object store, extracted, and the outcome recorded either way.
 */
export async function processBill(p: Platform, r: SyncRequest): Promise<Envelope> {
  const orgId = r.auth.orgId;
  await assertSubscriptionActive(p.sql, orgId);
  const started = performance.now();
  const doc = await billDocument(r.files, billLimits(p));
  const paths = doc.files.map((f, i) => `${orgId}/${r.transactionId}/${i + 1}-${safeName(f.filename)}`);
  const id = await createExtraction(p.sql, {
    orgId: orgId!,
    transactionId: r.transactionId,
    transactionGroupId: r.transactionGroupId,
    externalId: r.externalId ?? r.auth.email,
    userId: r.auth.userId,
    mode: r.mode,
    objectPaths: paths.map((x) => `${BILL_BUCKET}/${x}`),
    filenames: doc.files.map((f) => f.filename),
    widgetSession: widgetSessionOf(r.auth) ?? null,
  });
  const store = objectStore(p);
  try {
    await Promise.all(doc.files.map((f, i) => store.put(BILL_BUCKET, paths[i], f.bytes, f.mimeType)));
  } catch (e) {
    // the row must not stay IN_PROGRESS: record why, then answer 500 (the error handler logs it)
    await finishExtraction(p.sql, id, {
      errorCode: "storage_failed",
      // The store's own error (a path, a host) goes to the log only; the caller polls this message.
      errorMessage: "Could not store the upload",
    });
    throw e;
  }
  const stored = performance.now();
  return await runAndRecord(
    p,
    id,
    // The widget's upload answers what was read even when the name or service address was left empty: the
    // homeowner gives both anyway (the check and contact steps). The partner API keeps incomplete_bill.
    () =>
      extractBill(billModel(p), doc, {
        allowIncomplete: r.mode === "upload",
        places: gazetteerPlaces(p.sql),
      }),
    (x) =>
      envelopeFor({
        id,
        transactionId: r.transactionId,
        transactionGroupId: r.transactionGroupId,
        item: x.item,
        filenames: doc.files.map((f) => f.filename),
      }),
    { storeMs: Math.round(stored - started) },
  );
}

/** Runs an extraction and records its result or its error on the row; rethrows errors for the caller. */
export async function runAndRecord(
  p: Platform,
  id: string,
  run: () => Promise<Extraction>,
  toEnvelope: (x: Extraction) => Envelope,
  timings: Record<string, number> = {},
): Promise<Envelope> {
  const started = performance.now();
  try {
    const x = await run();
    const result = toEnvelope(x);
    await finishExtraction(p.sql, id, {
      result,
      model: x.model,
      attempts: x.attempts,
      timings: { ...timings, extractMs: x.ms },
    });
    log("info", "bill extracted", {
      extraction: id,
      model: x.model,
      attempts: x.attempts.length,
      stop: x.stop,
      ms: x.ms,
    });
    return result;
  } catch (e) {
    const known = e instanceof DomainError; // a DomainError, also a domain's own (e.g. the document engine's 422)
    const extra = e as { attempts?: AttemptRecord[]; model?: string };
    await finishExtraction(p.sql, id, {
      errorCode: known ? e.code : "processing_failed",
      errorMessage: known ? e.message : "Unexpected failure while reading the bill (see the server log)",
      model: extra.model,
      attempts: extra.attempts,
      timings: { ...timings, extractMs: Math.round(performance.now() - started) },
    });
    log(known && isCallerError(e) ? "info" : "error", "bill extraction failed", {
      extraction: id,
      error: errorText(e),
    });
    throw e;
  }
}
