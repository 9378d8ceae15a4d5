import { createRequire } from "node:module";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { piecesToLines, type TextPiece } from "./text_layout.ts";

// The English model ships in the npm package @tesseract.js-data/eng: OCR never downloads anything.
const require = createRequire(import.meta.url);
const engData = require("@tesseract.js-data/eng") as { langPath: string; gzip: boolean };

let workerPromise: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function worker(): Promise<Worker> {
  workerPromise ??= createWorker("eng", OEM.LSTM_ONLY, {
    langPath: engData.langPath,
    gzip: engData.gzip,
    cacheMethod: "none",
    logger: () => {},
    errorHandler: () => {},
  }).then(async (w) => {
    // debug_file keeps tesseract's "Estimating resolution" chatter off stdout (the CLI prints JSON there).
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: "1", debug_file: "/dev/null" } as never);
    return w;
  });
  return await workerPromise;
}

export interface OcrResult {
  lines: string[];
  /** Word boxes in pixels. */
  pieces: TextPiece[];
  confidence: number;
}

/** OCR of a PNG or JPEG page: lines in reading order, rebuilt from word boxes so table columns survive. */
export function ocrImage(bytes: Uint8Array): Promise<OcrResult> {
  // One worker, one page at a time: tesseract is CPU bound and this machine is shared.
  const run = queue.then(async () => {
    const w = await worker();
    const { data } = await w.recognize(bytes as never, {}, { blocks: true, text: true });
    const pieces: TextPiece[] = [];
    for (const block of data.blocks ?? []) {
      for (const para of block.paragraphs) {
        for (const line of para.lines) {
          for (const word of line.words) {
            const b = word.bbox;
            pieces.push({ x: b.x0, y: (line.bbox.y0 + line.bbox.y1) / 2, width: b.x1 - b.x0, height: line.bbox.y1 - line.bbox.y0, text: word.text });
          }
        }
      }
    }
    return { lines: piecesToLines(pieces), pieces, confidence: data.confidence };
  });
  queue = run.catch(() => {});
  return run;
}

/** Stops the OCR worker (tests and CLI exit cleanly). */
export async function closeOcr(): Promise<void> {
  const w = workerPromise;
  workerPromise = undefined;
  if (w) await (await w).terminate();
}
