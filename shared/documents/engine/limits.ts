import { envInt } from "../../config.ts";

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

export function documentLimits(): DocumentLimits {
  return {
    maxImagePixels: envInt("DOCUMENT_MAX_IMAGE_PIXELS", 50_000_000),
    maxImageSide: envInt("DOCUMENT_MAX_IMAGE_SIDE", 20_000),
    maxInflatedBytes: envInt("DOCUMENT_MAX_INFLATED_MB", 256) * 1024 * 1024,
    maxPdfObjects: envInt("DOCUMENT_MAX_PDF_OBJECTS", 200_000),
    maxPdfPages: envInt("DOCUMENT_MAX_PDF_PAGES", 500),
  };
}

export function poolLimits(): PoolLimits {
  return {
    workers: Math.max(1, envInt("DOCUMENT_WORKERS", 2)),
    queueMax: Math.max(0, envInt("DOCUMENT_QUEUE_MAX", 16)),
    workerMaxMb: Math.max(128, envInt("DOCUMENT_WORKER_MAX_MB", 1024)),
    timeoutMs: envInt("DOCUMENT_TIMEOUT_SECONDS", 60) * 1000,
    textTimeoutMs: envInt("DOCUMENT_TEXT_TIMEOUT_SECONDS", 180) * 1000,
    idleMs: envInt("DOCUMENT_WORKER_IDLE_SECONDS", 20) * 1000,
  };
}
