import { gazetteerPlaces } from "../geo/zip_places.ts";
import { enqueue, type Job, PermanentJobError } from "../queue/queue.ts";
import type { Platform } from "../platform.ts";
import { objectStore } from "../storage/index.ts";
import { assertSafePath } from "../storage/types.ts";
import { badRequest } from "../errors.ts";
import { errorText } from "../log.ts";
import { billDocument } from "./document.ts";
import { envelopeFor } from "./envelope.ts";
import { extractBill } from "./extract.ts";
import { billLimits } from "./limits.ts";
import { billModel } from "./models.ts";
import { Envelope } from "./schema.ts";
import { runAndRecord } from "./service.ts";
import {
  createExtraction,
  extractionById,
  type ExtractionRow,
  finishExtraction,
  MILESTONES,
  setProgress,
} from "./store.ts";
import { assertSubscriptionActive } from "./subscription.ts";

export const BILL_QUEUE = "bills.extract";

export interface StartBillExtraction {
  orgId: string;
  /** "<bucket>/<path>" of each file of one bill (PDF, PNG or JPEG) already in the object store, in page order. */
  objectPaths: string[];
  transactionId: string;
  transactionGroupId: string;
  externalId?: string;
  userId?: string;
}

/** Splits "bucket/path/to/file.pdf"; 400 for a path that is not a safe object path. */
export function splitObjectPath(objectPath: string): { bucket: string; path: string } {
  try {
    assertSafePath(objectPath);
  } catch {
    throw badRequest(
      "invalid_request",
      "objectPath must be \"<bucket>/<path>\" with no empty, '.' or '..' segments",
    );
  }
  const i = objectPath.indexOf("/");
  if (i <= 0) throw badRequest("invalid_request", 'objectPath must be "<bucket>/<path>"');
  return { bucket: objectPath.slice(0, i), path: objectPath.slice(i + 1) };
}

/**
 * Starts the asynchronous extraction of a stored bill (POST /process-utility-bill, the email agent):
 * checks the subscription, records the job at 0% "initiated" and queues it in the same transaction.
 * Returns the transactionId; read progress with billExtractionStatus().
 */
export async function startBillExtraction(p: Platform, s: StartBillExtraction): Promise<string> {
  await assertSubscriptionActive(p.sql, s.orgId);
  billModel(p); // a model the server cannot build is 503 not_configured now, not a failed job later
  const { maxFiles } = billLimits(p);
  if (!s.objectPaths.length) throw badRequest("invalid_request", "objectPaths: give at least one file");
  if (s.objectPaths.length > maxFiles) {
    throw badRequest("too_many_files", `objectPaths: at most ${maxFiles} files make one bill`);
  }
  const filenames = s.objectPaths.map((o) => splitObjectPath(o).path.split("/").pop()!);
  await p.sql.begin(async (tx) => {
    const id = await createExtraction(tx, {
      orgId: s.orgId,
      transactionId: s.transactionId,
      transactionGroupId: s.transactionGroupId,
      externalId: s.externalId ?? null,
      userId: s.userId ?? null,
      mode: "async",
      objectPaths: s.objectPaths,
      filenames,
    });
    await enqueue(tx, BILL_QUEUE, { extractionId: id }, {
      maxAttempts: 3,
      dedupeKey: `bill:${id}`,
    });
  });
  return s.transactionId;
}

/** The queue handler: 10% validated → 20% processing → 50% extracted → 100% COMPLETED or FAILED. */
export async function runBillJob(p: Platform, job: Job): Promise<void> {
  const id = String(job.payload.extractionId ?? "");
  const row = await extractionById(p.sql, id);
  if (!row || row.status !== "IN_PROGRESS") return;
  try {
    await runStoredExtraction(p, row);
  } catch (e) {
    // Bill errors (not a bill, incomplete, unparseable) are already recorded as FAILED: nothing to retry.
    if ((await extractionById(p.sql, id))?.status === "FAILED") return;
    if (job.attempts >= job.max_attempts) {
      await finishExtraction(p.sql, id, {
        errorCode: "processing_failed",
        errorMessage: "Processing failed (see the server log)",
      });
      throw new PermanentJobError(errorText(e));
    }
    throw e;
  }
}

async function runStoredExtraction(p: Platform, row: ExtractionRow): Promise<void> {
  // Several stored files are one bill (pages photographed one by one), as with POST /process-bill.
  const files = [];
  for (const [i, objectPath] of row.object_paths.entries()) {
    const { bucket, path } = splitObjectPath(objectPath);
    const obj = await objectStore(p).get(bucket, path);
    if (!obj) {
      await finishExtraction(p.sql, row.id, {
        errorCode: "not_found",
        errorMessage: `No object at ${objectPath}`,
      });
      return;
    }
    files.push({ filename: row.filenames[i] ?? path.split("/").pop()!, bytes: obj.bytes });
  }
  const filenames = files.map((f) => f.filename);
  let doc;
  try {
    doc = await billDocument(files, billLimits(p));
  } catch (e) {
    // run rejects, so the envelope is never built
    await runAndRecord(p, row.id, () => Promise.reject(e), () => {
      throw e;
    }).catch(() => {});
    return;
  }
  await setProgress(p.sql, row.id, MILESTONES.validated, "validated");
  await setProgress(p.sql, row.id, MILESTONES.processing, "processing");
  await runAndRecord(
    p,
    row.id,
    async () => {
      const x = await extractBill(billModel(p), doc, { places: gazetteerPlaces(p.sql) });
      await setProgress(p.sql, row.id, MILESTONES.extracted, "extracted");
      return x;
    },
    (x) =>
      envelopeFor({
        id: row.id,
        transactionId: row.transaction_id,
        transactionGroupId: row.transaction_group_id,
        item: x.item,
        filenames,
      }),
  ).catch(() => {});
}

export interface BillStatus {
  status: "IN_PROGRESS" | "COMPLETED" | "FAILED";
  percentage: string;
  message: string;
  transactionId: string;
  /** The extraction envelope, once COMPLETED. */
  result?: unknown;
  /** {code, message}, once FAILED. */
  error?: { code: string; message: string };
}

/** SPEC "Async status response" plus the result (COMPLETED) or the error (FAILED). */
export function billStatus(row: ExtractionRow): BillStatus {
  const s: BillStatus = {
    status: row.status,
    percentage: `${row.percentage}%`,
    message: row.message,
    transactionId: row.transaction_id,
  };
  // jsonb keeps no key order: re-parse so the envelope reads in the spec's order
  if (row.status === "COMPLETED" && row.result) s.result = Envelope.parse(row.result);
  if (row.status === "FAILED") {
    s.error = { code: row.error_code ?? "processing_failed", message: row.error_message ?? "failed" };
  }
  return s;
}

/** Status of an organisation's extraction by transactionId (for the email agent); undefined when unknown. */
export async function billExtractionStatus(
  p: Platform,
  orgId: string,
  transactionId: string,
): Promise<BillStatus | undefined> {
  const [row] = await p
    .sql`select * from public.bill_extractions where organization_id = ${orgId} and transaction_id = ${transactionId}`;
  return row ? billStatus(row as unknown as ExtractionRow) : undefined;
}
