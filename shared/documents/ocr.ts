import { createRequire } from "node:module";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { piecesToLines, type TextPiece } from "./text_layout.ts";
import { imageSize } from "./image_size.ts";
import { nativeOcr, nativeOcrAvailable } from "./ocr_native.ts";

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
    await w.setParameters(
      { tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: "1", debug_file: "/dev/null" } as never,
    );
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

type Recognized = { lines: OcrLine[]; confidence: number };

type Options = { adaptive?: boolean };

async function recognizeWasm(image: Uint8Array, opts: Options): Promise<Recognized> {
  const w = await worker();
  if (opts.adaptive) await w.setParameters({ thresholding_method: "1" } as never);
  try {
    const { data } = await w.recognize(image as never, {}, { blocks: true, text: true });
    return {
      lines: (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines)),
      confidence: data.confidence,
    };
  } finally {
    if (opts.adaptive) await w.setParameters({ thresholding_method: "0" } as never);
  }
}

async function recognize(image: Uint8Array, opts: Options = {}): Promise<Recognized> {
  return (await nativeOcrAvailable()) ? await nativeOcr(image, opts) : await recognizeWasm(image, opts);
}

const confidentWords = (r: Recognized) =>
  r.lines.reduce((n, l) => n + l.words.filter((w) => w.confidence >= 60).length, 0);

/** Which OCR engine this process uses: "tesseract-native" or "tesseract.js". */
export async function ocrEngine(): Promise<string> {
  return (await nativeOcrAvailable()) ? "tesseract-native" : "tesseract.js";
}

// A page read with less mean confidence than this may be turned (a photo taken sideways or upside down):
// the other three orientations are read too and the most confident one is kept.
const LOW_CONFIDENCE = 55;
// A page read into fewer confident words than this may be a dim, unevenly lit photo, where tesseract's
// global threshold loses most of the text (a test page: 3 of 43 lines): it is read again with tesseract's
// adaptive (tiled Otsu) threshold and the reading with more confident words is kept.
const SPARSE_WORDS = 40;

/**
 * OCR of a PNG or JPEG page: lines in reading order, rebuilt from word boxes so table columns survive.
 * The native `tesseract` when installed, else tesseract.js (WASM); only ever inside a document worker.
 */
export function ocrImage(bytes: Uint8Array): Promise<OcrResult> {
  // One page at a time: tesseract is CPU bound and this machine is shared.
  const run = queue.then(async () => {
    const { image, scale } = await fitForOcr(bytes);
    let best = await recognize(image);
    let bestImage = image;
    if (best.confidence < LOW_CONFIDENCE) {
      for (const turns of [2, 1, 3]) {
        const turned = await rotated(image, turns);
        const r = await recognize(turned);
        if (r.confidence > best.confidence + 10) [best, bestImage] = [r, turned];
      }
    }
    if (confidentWords(best) < SPARSE_WORDS) {
      const r = await recognize(bestImage, { adaptive: true });
      if (confidentWords(r) > confidentWords(best)) best = r;
    }
    const pieces = ocrPieces(best.lines, scale);
    return { lines: piecesToLines(pieces), pieces, confidence: best.confidence };
  });
  queue = run.catch(() => {});
  return run;
}

/** The image turned by quarter turns clockwise (PNG). */
async function rotated(image: Uint8Array, turns: number): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const img = await loadImage(image);
  const swap = turns % 2 === 1;
  const canvas = createCanvas(swap ? img.height : img.width, swap ? img.width : img.height);
  const ctx = canvas.getContext("2d");
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((turns * Math.PI) / 2);
  ctx.drawImage(img, -img.width / 2, -img.height / 2);
  return new Uint8Array(canvas.toBuffer("image/png"));
}

/** Stops the OCR worker and the document engine's workers (tests and CLI exit cleanly). */
export async function closeOcr(): Promise<void> {
  const w = workerPromise;
  workerPromise = undefined;
  if (w) await (await w).terminate();
  const { closeDocumentEngine } = await import("./engine/index.ts");
  await closeDocumentEngine();
}

// Phone photos are often 3000-4000 px wide; bill text is readable at about 150-200 dpi (1700-2200 px
// across a letter page), and tesseract's time grows with the pixel count. Larger images are scaled down.
const MAX_OCR_WIDTH = 2200;

async function fitForOcr(bytes: Uint8Array): Promise<{ image: Uint8Array; scale: number }> {
  // The native decoder crashes the process on some malformed headers: only well-formed ones reach it.
  const size = imageSize(bytes);
  if (!size) throw new Error("The image could not be read (no valid PNG or JPEG header)");
  if (size.width <= MAX_OCR_WIDTH) return { image: bytes, scale: 1 };
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const img = await loadImage(bytes).catch(() => undefined);
  if (!img || img.width <= MAX_OCR_WIDTH) return { image: bytes, scale: 1 };
  const scale = MAX_OCR_WIDTH / img.width;
  const canvas = createCanvas(MAX_OCR_WIDTH, Math.round(img.height * scale));
  canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
  return { image: new Uint8Array(canvas.toBuffer("image/png")), scale };
}

type Box = { x0: number; y0: number; x1: number; y1: number };

/** The page's skew (dy/dx): the median slope of word centres along the lines of three or more words. */
export function pageSkew(lines: Box[][]): number {
  const slopes: number[] = [];
  for (const words of lines) {
    if (words.length < 3) continue;
    const pts = words.map((b) => ({ x: (b.x0 + b.x1) / 2, y: (b.y0 + b.y1) / 2 }));
    const mx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
    const my = pts.reduce((a, p) => a + p.y, 0) / pts.length;
    const sxx = pts.reduce((a, p) => a + (p.x - mx) ** 2, 0);
    if (sxx < 1e-6) continue;
    slopes.push(pts.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx);
  }
  if (!slopes.length) return 0;
  slopes.sort((a, b) => a - b);
  const m = slopes[Math.floor(slopes.length / 2)];
  return Math.abs(m) < 0.1 ? m : 0;
}

type OcrWord = { text: string; confidence: number; bbox: Box };
type OcrLine = { bbox: Box; words: OcrWord[] };

/**
 * Positioned words of a page from tesseract's lines, in the original image's pixels (`scale`: the factor
 * the image was shrunk by). A skewed scan is straightened with one height per OCR line, its centre moved
 * along the page's slope to x = 0: every word of a line keeps that height (a word's own box centre
 * would move words with descenders, commas or only capitals off their line), and the cells of one table
 * row, read as separate OCR lines at different x, land at the same height. Specks read as marks or
 * letters (a tiny, unsure box) are dropped.
 */
export function ocrPieces(lines: OcrLine[], scale = 1): TextPiece[] {
  const slope = pageSkew(lines.map((l) => l.words.map((w) => w.bbox)));
  const pieces: TextPiece[] = [];
  for (const line of lines) {
    const lb = line.bbox;
    const lineHeight = lb.y1 - lb.y0;
    const y = (lb.y0 + lb.y1) / 2 - slope * (lb.x0 + lb.x1) / 2;
    for (const word of line.words) {
      const b = word.bbox;
      if (isSpeck(word, lineHeight)) continue;
      pieces.push({
        x: b.x0 / scale,
        y: y / scale,
        width: (b.x1 - b.x0) / scale,
        height: lineHeight / scale,
        text: word.text,
      });
    }
  }
  return pieces;
}

/** Dust on a scan read as a mark or a letter: one character or no letter or digit, unsure, and under a third of its line's height. */
function isSpeck(word: OcrWord, lineHeight: number): boolean {
  const b = word.bbox;
  const text = word.text.trim();
  return (text.length <= 1 || !/[A-Za-z0-9]/.test(text)) && word.confidence < 50 &&
    (b.y1 - b.y0) < lineHeight / 3;
}
