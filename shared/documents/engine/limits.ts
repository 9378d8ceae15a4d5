import { envInt, envOptional, type EnvSource } from "../../config.ts";

/** What a document may cost before it is refused, and what a worker may use (documented in docs/documents.md). */
export interface DocumentLimits {
  /** Pixels of one image (PNG/JPEG upload, image in a PDF or HTML, a logo). */
  maxImagePixels: number;
  /** Width or height of one image, in pixels. */
  maxImageSide: number;
  /** Bytes all compressed (Flate) streams of one PDF may inflate to, together. */
  maxInflatedBytes: number;
  /** Objects held in a PDF's object streams (/ObjStm /N), together. */
  maxPdfObjects: number;
  /** Pages of one PDF. */
  maxPdfPages: number;
}

export interface PoolLimits {
  /** Worker subprocesses running at once. */
  workers: number;
  /** Requests waiting for a worker; one more is refused with 503 busy. */
  queueMax: number;
  /** Resident memory of one worker (MB): the V8 heap cap and the RSS watchdog's kill line. */
  workerMaxMb: number;
  /** Time one request may take (ms) before its worker is killed; text extraction (OCR) gets `textTimeoutMs`. */
  timeoutMs: number;
  textTimeoutMs: number;
  /** An idle worker exits after this long (ms), giving its memory back. */
  idleMs: number;
}

// Read once per process (per engine: closeDocumentEngine() resets them, so a test that changes the
// environment and closes the engine gets the new values); never per request.

export function loadDocumentLimits(source: EnvSource = Deno.env): DocumentLimits {
  return {
    maxImagePixels: envInt("DOCUMENT_MAX_IMAGE_PIXELS", 50_000_000, source),
    maxImageSide: envInt("DOCUMENT_MAX_IMAGE_SIDE", 20_000, source),
    maxInflatedBytes: envInt("DOCUMENT_MAX_INFLATED_MB", 256, source) * 1024 * 1024,
    maxPdfObjects: envInt("DOCUMENT_MAX_PDF_OBJECTS", 200_000, source),
    maxPdfPages: envInt("DOCUMENT_MAX_PDF_PAGES", 500, source),
  };
}

let documentLimitsOnce: DocumentLimits | undefined;
/** This process's document limits, read at the first use. */
export function documentLimits(): DocumentLimits {
  return (documentLimitsOnce ??= loadDocumentLimits());
}

/** Forgets the limits read (closeDocumentEngine): the next documentLimits() reads the environment again. */
export function resetDocumentLimits(): void {
  documentLimitsOnce = undefined;
}

export function poolLimits(source: EnvSource = Deno.env): PoolLimits {
  return {
    workers: Math.max(1, envInt("DOCUMENT_WORKERS", 2, source)),
    queueMax: Math.max(0, envInt("DOCUMENT_QUEUE_MAX", 16, source)),
    workerMaxMb: Math.max(128, envInt("DOCUMENT_WORKER_MAX_MB", 1024, source)),
    timeoutMs: envInt("DOCUMENT_TIMEOUT_SECONDS", 60, source) * 1000,
    textTimeoutMs: envInt("DOCUMENT_TEXT_TIMEOUT_SECONDS", 180, source) * 1000,
    idleMs: envInt("DOCUMENT_WORKER_IDLE_SECONDS", 20, source) * 1000,
  };
}

/** How a worker subprocess is started: the OCR binary it may run, where it may write, where its stderr goes. */
export interface WorkerSpawnSettings {
  /** TESSERACT_BIN, default "tesseract" (ocr_native.ts reads the same variable inside the worker). */
  tesseractBin: string;
  /** TMPDIR, default /tmp. */
  tmpDir: string;
  /** DOCUMENT_WORKER_STDERR=inherit shows the workers' stderr (debugging); default: discarded. */
  inheritStderr: boolean;
}

export function loadWorkerSpawnSettings(source: EnvSource = Deno.env): WorkerSpawnSettings {
  return {
    tesseractBin: envOptional("TESSERACT_BIN", source) ?? "tesseract",
    tmpDir: envOptional("TMPDIR", source) ?? "/tmp",
    inheritStderr: envOptional("DOCUMENT_WORKER_STDERR", source) === "inherit",
  };
}
