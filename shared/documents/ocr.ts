import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { createWorker, OEM, PSM, type Worker, type WorkerParams } from "tesseract.js";
import { piecesToLines, type TextPiece } from "./text_layout.ts";
import { imageSize } from "./image_size.ts";
import { photoNumberWords } from "./ocr_photo_words.ts";
import { lostPieces, lostSheet, withLostWords } from "./ocr_photo_lost.ts";
import { cellsToRead, withHistoryCells } from "./ocr_history_cells.ts";
import { type FilledBox, printsValueAxis } from "./pdf_shapes.ts";
import {
  inkThreshold,
  mayHoldBars,
  type PageShapes,
  pageShapes,
  shapesInPieceFrame,
} from "./chart_raster.ts";
import { barChartRegion, chartSheet, withChartWords } from "./chart_raster_text.ts";
import { mayHoldLine } from "./chart_line_gate.ts";
import {
  enlarged,
  lineChartRegion,
  type PageTraces,
  pageTraces,
  tracesInPieceFrame,
} from "./chart_raster_lines.ts";
import type { StrokedPath } from "./pdf_strokes.ts";
import {
  dropNativeStandby,
  nativeOcr,
  nativeOcrAvailable,
  nativeOcrEngine,
  ocrConfig,
  type PendingOcr,
  readyNativeOcr,
  returnNativeOcr,
  takeNativeOcr,
} from "./ocr_native.ts";
import {
  type BandSheet,
  bandSheet,
  encodePgm,
  type Gray,
  grayFromRgba,
  prepareForOcr,
  quarterTurn,
  stackBelow,
} from "./ocr_preprocess.ts";
import {
  applyVerification,
  disagreements,
  NUMBERS,
  pickWords,
  PLACES,
  settleWords,
  slotReadings,
  THIRD_SCALE,
  verifySheet,
  type WordKind,
} from "./ocr_verify.ts";

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
    const params: Partial<WorkerParams> = {
      tessedit_pageseg_mode: PSM.AUTO,
      preserve_interword_spaces: "1",
      debug_file: "/dev/null",
    };
    await w.setParameters(params);
    return w;
  });
  return await workerPromise;
}

export interface OcrResult {
  lines: string[];
  /** Word boxes in pixels. */
  pieces: TextPiece[];
  confidence: number;
  /**
   * A page printing a chart's value axis: its filled shapes and ruled lines found in its pixels, in the pieces'
   * frame (chart_raster.ts), for a chart whose bars print no value.
   */
  boxes?: FilledBox[];
  /** A line chart's lines traced in its pixels (chart_raster_lines.ts), in the pieces' frame. */
  strokes?: StrokedPath[];
  /** The size of a pixel of the pieces in points, the page taken as a letter page (8.5 inches across). */
  pixelPoints: number;
}

/** A letter page's width in points: a scan's pixels are sized against it (OcrResult pixelPoints). */
const LETTER_WIDTH_PT = 612;

type Recognized = { lines: OcrLine[]; confidence: number };

/**
 * `adaptive`: tiled Otsu thresholding; `sauvola`: Sauvola's local thresholding (a phone photo's page);
 * `block`: one uniform block of text (page segmentation mode 6, for the verification sheet) instead of
 * automatic page segmentation; `whitelist`: the only characters to read.
 */
type Options = { adaptive?: boolean; sauvola?: boolean; block?: boolean; whitelist?: string };

/** The tesseract parameters of `opts` and the defaults they replace (set back after the reading). */
function optionParams(opts: Options): [Partial<WorkerParams>, Partial<WorkerParams>] {
  const set: Partial<WorkerParams> = {}, reset: Partial<WorkerParams> = {};
  if (opts.adaptive) [set.thresholding_method, reset.thresholding_method] = ["1", "0"];
  if (opts.sauvola) [set.thresholding_method, reset.thresholding_method] = ["2", "0"];
  if (opts.block) [set.tessedit_pageseg_mode, reset.tessedit_pageseg_mode] = [PSM.SINGLE_BLOCK, PSM.AUTO];
  if (opts.whitelist) [set.tessedit_char_whitelist, reset.tessedit_char_whitelist] = [opts.whitelist, ""];
  return [set, reset];
}

async function recognizeWasm(image: Uint8Array, opts: Options): Promise<Recognized> {
  const w = await worker();
  const [set, reset] = optionParams(opts);
  const changed = Object.keys(set).length > 0;
  if (changed) await w.setParameters(set);
  try {
    const { data } = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, {
      blocks: true,
      text: true,
    });
    return {
      lines: (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines)),
      confidence: data.confidence,
    };
  } finally {
    if (changed) await w.setParameters(reset);
  }
}

/** `started`: a native tesseract already loading its model for this image (first reading of a page). */
async function recognize(image: Uint8Array, opts: Options = {}, started?: PendingOcr): Promise<Recognized> {
  if (started) return await started.read(image);
  return (await nativeOcrAvailable()) ? await nativeOcr(image, opts) : await recognizeWasm(image, opts);
}

const confidentWords = (r: Recognized) =>
  r.lines.reduce((n, l) => n + l.words.filter((w) => w.confidence >= 60).length, 0);

/** Share of the words of three or more characters whose box is much taller than wide (text read sideways). */
function verticalWords(r: Recognized): number {
  let n = 0, tall = 0;
  for (const l of r.lines) {
    for (const w of l.words) {
      if (w.text.trim().length < 3) continue;
      n++;
      if (w.bbox.y1 - w.bbox.y0 > 1.5 * (w.bbox.x1 - w.bbox.x0)) tall++;
    }
  }
  return n ? tall / n : 0;
}

// White between the page and the band sheet under it.
const SHEET_GAP = 48;

/**
 * One tesseract run over the page with its band sheet (ocr_preprocess.ts bandSheet) stacked under it: one
 * process and one model load instead of two; the sheet's lines are told from the page's by their height and
 * merged in (withBands).
 */
async function readPage(page: Gray, opts: Options = {}, started?: PendingOcr): Promise<Recognized> {
  let bands;
  try {
    bands = bandSheet(page);
  } catch (e) {
    await started?.cancel();
    throw e;
  }
  if (!bands) return await recognize(encodePgm(page), opts, started);
  const r = await recognize(encodePgm(stackBelow(page, bands.sheet, SHEET_GAP)), opts, started);
  const top = page.height + SHEET_GAP / 2;
  const mid = (l: OcrLine) => (l.bbox.y0 + l.bbox.y1) / 2;
  const dy = page.height + SHEET_GAP;
  const up = (b: Box) => ({ x0: b.x0, x1: b.x1, y0: b.y0 - dy, y1: b.y1 - dy });
  const sheetLines = r.lines.filter((l) => mid(l) >= top)
    .map((l) => ({ bbox: up(l.bbox), words: l.words.map((w) => ({ ...w, bbox: up(w.bbox) })) }));
  return withBands(
    { lines: r.lines.filter((l) => mid(l) < top), confidence: r.confidence },
    bands,
    { lines: sheetLines, confidence: r.confidence },
  );
}

/**
 * The page's reading with its light-on-dark bands read again from the band sheet: words of the page
 * reading inside a band (tesseract's own try at inverted text, often lost or garbled) give way to the
 * sheet's, moved back to the band's place on the page.
 */
export function withBands(page: Recognized, sheet: BandSheet, read: Recognized): Recognized {
  // a word whose middle row meets the band (its edges read as "[" or "|" included)
  const inBand = (b: Box) => {
    const row = Math.floor((b.y0 + b.y1) / 2) * sheet.pageWidth;
    for (let x = Math.max(0, b.x0 - 2); x <= Math.min(sheet.pageWidth - 1, b.x1 + 2); x++) {
      if (sheet.mask[row + x]) return true;
    }
    return false;
  };
  const lines = page.lines
    .map((l) => ({ ...l, words: l.words.filter((w) => !inBand(w.bbox)) }))
    .filter((l) => l.words.length);
  for (const line of read.lines) {
    const cy = (line.bbox.y0 + line.bbox.y1) / 2;
    const band = sheet.bands.find((b) => cy >= b.sheetY && cy < b.sheetY + (b.box.y1 - b.box.y0));
    if (!band) continue;
    const dx = band.box.x0 - band.sheetX, dy = band.box.y0 - band.sheetY;
    const move = (b: Box) => ({ x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });
    lines.push({ bbox: move(line.bbox), words: line.words.map((w) => ({ ...w, bbox: move(w.bbox) })) });
  }
  return { lines, confidence: page.confidence };
}

/**
 * Which OCR engine this process uses: "tesseract-ffi" (the resident libtesseract), "tesseract-native" (the
 * CLI) or "tesseract.js".
 */
export async function ocrEngine(): Promise<string> {
  const native = await nativeOcrEngine();
  return native === "ffi" ? "tesseract-ffi" : native === "cli" ? "tesseract-native" : "tesseract.js";
}

// A page read with less mean confidence than this may be turned (a photo taken sideways or upside down):
// the other three orientations are read too and the most confident one is kept.
const LOW_CONFIDENCE = 55;
// A turned reading this confident ends the search.
const CONFIDENT = 75;
// A page read into fewer confident words than this may be a dim, unevenly lit photo, where tesseract's
// global threshold loses most of the text (a test page: 3 of 43 lines): it is read again with tesseract's
// adaptive (tiled Otsu) threshold and the reading with more confident words is kept.
const SPARSE_WORDS = 40;
// PHOTO_SAUVOLA: a phone photo's rectified page keeps the grain and blotches of its paper (JPEG blocks, sensor
// noise) after flattening; tesseract's global Otsu threshold turns them into specks that break its page
// layout (a whole table or box left unread on some pages), Sauvola's local threshold does not, but reads
// other pages worse. Both are read (a photo's page takes this reading instead of the sparse page's adaptive
// one): on the synthetic phone photos' two dev sets 31 more fields right and 6 fewer wrong, on a held-out set
// (with the bent lines straightened, ocr_dewarp.ts) 28 more right and 4 more wrong (docs/bills.md "Phone
// photos, round 2"), for one more reading per photo page.

// PHOTO_CELLS: a phone photo's page (rectified and rescaled) puts its OCR words into lines by the text layer's
// cell rules (text_layout.ts gapBetween: a number touching a capitalised word, a number beside a number further
// apart than a word space, are two cells): on dev seed 96368's phone photos 14 more fields right and one wrong
// fewer, seed 5151 and the committed set as before; scans keep the gaps alone (the same rules there lost 5
// fields for 5: docs/bills.md "Text layer: pieces run together", "Photos, pass 13").

/**
 * OCR of a PNG or JPEG page: lines in reading order, rebuilt from word boxes so table columns survive.
 * The page is prepared first (ocr_preprocess.ts: turned when clearly sideways; a dim or unevenly lit page
 * flattened and stretched; a skew of 3° or more taken out), handed over as grayscale PGM, with its
 * light-on-dark bands inverted on a sheet under it (readPage); its number and place words are then read
 * again on their own (verifyWords, ocr_verify.ts).
 * Native tesseract (the resident libtesseract through FFI, else the CLI) when installed, else tesseract.js
 * (WASM); only ever inside a document worker.
 */
export function ocrImage(bytes: Uint8Array): Promise<OcrResult> {
  // One page at a time: tesseract is CPU bound and this machine is shared.
  const run = queue.then(async () => {
    // The first reading's tesseract starts now (it loads its model while the page is decoded and
    // prepared), or was started after the previous page in a warm worker (ocr_native.ts keepNativeOcrWarm);
    // so do the verification's (they load on the other core during the first reading).
    const native = await nativeOcrAvailable();
    const valid = !!imageSize(bytes) && native;
    const started = valid ? takeNativeOcr() : undefined;
    const sheets = valid && ocrConfig().verify ? new SheetReaders() : undefined;
    try {
      return await readImage(bytes, started, sheets);
    } finally {
      await sheets?.release();
      if (native) await readyNativeOcr(ocrConfig(), ocrConfig().verify ? VERIFY_PROCESSES : []);
    }
  });
  queue = run.catch(() => {});
  return run;
}

const sheetOptions = (kind: WordKind): Options => ({ block: true, whitelist: kind.whitelist });
// The verification's tesseracts started with a page: a number sheet's second and third readings, a place
// sheet's second (a place sheet's third reading, rare, starts its own). (A page's number crops on two half
// sheets read at once, one more tesseract, cost a model load and changed two fields of the fresh seed:
// docs/bills.md "Cheaper re-reading".)
const VERIFY_PROCESSES = [NUMBERS, NUMBERS, PLACES].map(sheetOptions);

/**
 * The native tesseracts of a page's verification sheets, started (or taken ready) with the page; those a
 * page does not use wait for the next one in a warm worker (ocr_native.ts returnNativeOcr).
 */
export class SheetReaders {
  #ready = VERIFY_PROCESSES.map((opts) => ({ opts, p: takeNativeOcr(opts) }));

  /** A sheet of `kind` read by one of the page's tesseracts with its settings, or a new one. */
  async read(kind: WordKind, image: Uint8Array): Promise<Recognized> {
    const opts = sheetOptions(kind);
    const at = this.#ready.findIndex((r) => r.opts.whitelist === opts.whitelist);
    const p = at >= 0 ? this.#ready.splice(at, 1)[0].p : takeNativeOcr(opts);
    return await p.read(image);
  }

  async release(): Promise<void> {
    const left = this.#ready.splice(0);
    await Promise.all(left.map((r) => returnNativeOcr(r.p, r.opts)));
  }
}

/** One page: decoded, prepared, read (turned or read again when the first reading says so). */
async function readImage(
  bytes: Uint8Array,
  started: PendingOcr | undefined,
  sheets: SheetReaders | undefined,
): Promise<OcrResult> {
  let prepared: { page: Gray; scale: number; photo: boolean };
  try {
    const { gray, scale } = await decodeForOcr(bytes);
    const p = prepareForOcr(gray);
    prepared = { page: p.gray, scale, photo: !!p.quad };
  } catch (e) {
    await started?.cancel();
    throw e;
  }
  const { page, scale } = prepared;
  let best = await readPage(page, {}, started);
  let bestPage = page;
  if (verticalWords(best) > 0.5) {
    // tesseract read the page sideways (its words' boxes stand upright): the page turned a quarter either
    // way, the more confident reading of words lying flat
    for (const turns of [1, 3]) {
      const turned = quarterTurn(page, turns);
      const r = await readPage(turned);
      if (verticalWords(r) > 0.5) continue;
      if (verticalWords(best) > 0.5 || r.confidence > best.confidence) [best, bestPage] = [r, turned];
      if (best.confidence >= CONFIDENT) break;
    }
  }
  if (best.confidence < LOW_CONFIDENCE) {
    for (const turns of [2, 1, 3]) {
      const turned = quarterTurn(page, turns);
      const r = await readPage(turned);
      if (r.confidence > best.confidence + 10) [best, bestPage] = [r, turned];
      if (best.confidence >= CONFIDENT) break;
    }
  }
  if (prepared.photo) {
    // a phone photo's page (found on its background and rectified): read again with Sauvola's local
    // threshold, the reading with more confident words kept (PHOTO_SAUVOLA)
    const r = await readPage(bestPage, { sauvola: true });
    if (confidentWords(r) > confidentWords(best)) best = r;
  } else if (confidentWords(best) < SPARSE_WORDS) {
    const r = await readPage(bestPage, { adaptive: true });
    if (confidentWords(r) > confidentWords(best)) best = r;
  }
  // what a phone photo's page reading left out, read again as one block (ocr_photo_lost.ts)
  if (prepared.photo) best = await withLostText(bestPage, best);
  // a phone photo's history rows whose number the page reading dropped, read again cell by cell and kept
  // where the bill confirms them (ocr_history_cells.ts)
  if (prepared.photo) best = await withHistoryNumbers(bestPage, best);
  // a bar chart's words the page reading dropped, read again with its bars whited out (chart_raster_text.ts)
  const skew = pageSkew(best.lines.map((l) => l.words.map((w) => w.bbox)));
  // the page's ink threshold, counted once for the chart passes below (ocrgate2)
  const ink = inkThreshold(bestPage);
  const shapes = mayHoldBars(bestPage, ink) ? pageShapes(bestPage, skew, ink) : undefined;
  // (not on a phone photo's page: there the sheet's words, put in place of the page's, cost two photos of the dev set
  // a meter row and two history months — docs/bills.md "Usage charts on scans and photos")
  const chart = shapes && !prepared.photo
    ? await withChartText(bestPage, best, shapes)
    : { read: best, bars: false };
  best = chart.read;
  // a line chart traced in the pixels where no row of bars was found (chart_raster_lines.ts), its words read again
  // with the line and the gridlines whited out — on scans, as the bars' (not on a phone photo's page), and only
  // where a cheap look finds a smooth thin stroke rising across the page (chart_line_gate.ts)
  const traces = prepared.photo || chart.bars || !mayHoldLine(bestPage, skew, ink)
    ? undefined
    : pageTraces(bestPage, skew, ink);
  if (traces?.traces.length) best = await withLineChartText(bestPage, best, traces);
  if (ocrConfig().verify) best = { ...best, lines: await verifyWords(bestPage, best.lines, sheets) };
  // a phone photo's "1.702" (the thousands comma its resolution lost), "TotalB86" (a digit read as a letter
  // glued to the number) and number words tesseract is unsure of: ocr_photo_words.ts
  if (prepared.photo) best = { ...best, lines: photoNumberWords(best.lines) };
  const pieces = ocrPieces(best.lines, scale);
  // a chart's bars and gridlines, where the page has a row of bars or its words print a value axis
  // (chart_raster.ts), in the pieces' frame
  const axis = printsValueAxis(pieces);
  const boxes = shapes && (chart.bars || axis) ? shapesInPieceFrame(shapes, scale) : [];
  // the traced lines, where the words print a value axis
  const strokes = traces?.traces.length && axis
    ? tracesInPieceFrame(traces, scale).map((t) => ({ ...t, traced: true }))
    : [];
  return {
    lines: piecesToLines(pieces, prepared.photo),
    pieces,
    confidence: best.confidence,
    ...(boxes.length ? { boxes } : {}),
    ...(strokes.length ? { strokes } : {}),
    pixelPoints: LETTER_WIDTH_PT * scale / bestPage.width,
  };
}

/** The page's reading with a bar chart's words read again where it has a row of bars (chart_raster_text.ts). */
async function withChartText(
  page: Gray,
  best: Recognized,
  shapes: PageShapes,
): Promise<{ read: Recognized; bars: boolean }> {
  const region = barChartRegion(shapes, page.width, page.height);
  if (!region) return { read: best, bars: false };
  const { sheet, x0, y0 } = chartSheet(page, shapes, region);
  if (!sheet.width || !sheet.height) return { read: best, bars: true };
  const r = await recognize(encodePgm(sheet), { block: true });
  const lines = withChartWords(best.lines, r.lines, x0, y0, sheet.width, sheet.height) as OcrLine[];
  return { read: { ...best, lines }, bars: true };
}

/**
 * The page's reading with a line chart's words read again (chart_raster_lines.ts): the widest traced line's chart
 * region cut out with the line, its dots and the level lines whited out, read as one block, its words put in place
 * of the page's they overlap (chart_raster_text.ts withChartWords, as a bar chart's).
 */
const LINE_SHEET_ENLARGED = 2;

async function withLineChartText(page: Gray, best: Recognized, t: PageTraces): Promise<Recognized> {
  const path = t.traces.reduce((a, b) => (b[b.length - 1].x - b[0].x > a[a.length - 1].x - a[0].x ? b : a));
  const region = lineChartRegion(t, path, page.width, page.height);
  const shapes: PageShapes = {
    filled: t.traces.flat().map((p) => ({ x: p.x, y: p.y0, width: 1, height: p.y1 - p.y0 })),
    lines: t.levels,
    slope: t.slope,
    offset: t.offset,
    solid: t.solid,
  };
  const { sheet, x0, y0 } = chartSheet(page, shapes, region);
  if (!sheet.width || !sheet.height) return best;
  // read twice as large (the chart's small print), the words' boxes brought back to the sheet's pixels
  const k = LINE_SHEET_ENLARGED;
  const r = await recognize(encodePgm(enlarged(sheet, k)), { block: true });
  const back = (b: Box) => ({ x0: b.x0 / k, y0: b.y0 / k, x1: b.x1 / k, y1: b.y1 / k });
  const read = r.lines.map((l) => ({
    ...l,
    bbox: back(l.bbox),
    words: l.words.map((w) => ({ ...w, bbox: back(w.bbox) })),
  }));
  return { ...best, lines: withChartWords(best.lines, read, x0, y0, sheet.width, sheet.height) as OcrLine[] };
}

/** The page's reading with the text it left out read from a sheet of the uncovered ink (ocr_photo_lost.ts). */
async function withLostText(page: Gray, best: Recognized): Promise<Recognized> {
  const lost = lostSheet(page, best.lines, lostPieces(page, best.lines));
  if (!lost) return best;
  const r = await recognize(encodePgm(lost.sheet), { block: true });
  return { ...best, lines: withLostWords(best.lines, lost.placed, r.lines) as OcrLine[] };
}

/**
 * The history table's empty number cells that the bill could confirm, each read at two scales, kept where both
 * agree and the bill confirms the value (ocr_history_cells.ts, ocr_history_check.ts).
 */
async function withHistoryNumbers(page: Gray, best: Recognized): Promise<Recognized> {
  const cells = cellsToRead(best.lines);
  if (!cells.length) return best;
  // each cell as a word of its row, cropped and read on a sheet of numbers as ocr_verify.ts reads words
  const lines = best.lines.map((l) => ({ ...l, words: [...l.words] }));
  const picked = cells.map((c): [number, number] => [
    c.line,
    lines[c.line].words.push({ text: "", confidence: 0, bbox: c.box }) - 1,
  ]);
  const read = async (relative: number) => {
    const v = verifySheet(page, lines, picked, relative, NUMBERS.gap);
    if (!v) return [];
    const r = await recognize(encodePgm(v.sheet), sheetOptions(NUMBERS));
    return slotReadings(v.slots, r.lines);
  };
  const a = await read(1), b = await read(THIRD_SCALE);
  return { ...best, lines: withHistoryCells(best.lines, cells, a, b) as OcrLine[] };
}

/**
 * The page's number words and city-line place words read again on their own (ocr_verify.ts): confirmed
 * (higher confidence), replaced (a glyph misread the second reading is sure of) or disputed. `page`: the
 * prepared page the lines were read from. One recognition per kind of word the page has.
 */
export async function verifyWords<L extends OcrLine>(
  page: Gray,
  lines: L[],
  sheets?: SheetReaders,
): Promise<L[]> {
  // the number words of a settled shape read confidently, or printed again on the page so, are not read
  // again: each takes the higher confidence of its printings (ocr_verify.ts settledNumberAt; only words
  // pickWords leaves out change)
  lines = settleWords(lines, NUMBERS);
  const read = async (
    picked: [number, number][],
    kind: WordKind,
    scaledBy: [number, number][],
    relative = 1,
  ) => {
    const v = verifySheet(page, lines, picked, relative, kind.gap, scaledBy);
    if (!v) return [];
    const image = encodePgm(v.sheet);
    const r = sheets ? await sheets.read(kind, image) : await recognize(image, sheetOptions(kind));
    return slotReadings(v.slots, r.lines);
  };
  // each kind's words from the first reading (a number word's second reading never makes or unmakes a
  // city line: a ZIP replaced keeps its five digits)
  const check = async (kind: WordKind) => {
    const picked = pickWords(lines, kind);
    if (!picked.length) return undefined;
    // the crops' scale: from all the page's words of the kind, the sure ones too
    const all = pickWords(lines, kind, Infinity);
    const second = await read(picked, kind, all);
    // the words whose two readings disagree, read a third time at another scale
    const split = disagreements(lines, picked, second, kind);
    const third: typeof second = [];
    if (split.length) {
      const r = await read(split.map((k) => picked[k]), kind, all, THIRD_SCALE);
      split.forEach((k, n) => (third[k] = r[n]));
    }
    return { kind, picked, second, third };
  };
  // native: the two kinds' sheets at once, each its own tesseract (the two cores); tesseract.js: one after
  // the other (one worker, whose settings a reading changes)
  const checked = sheets
    ? await Promise.all([NUMBERS, PLACES].map(check))
    : [await check(NUMBERS), await check(PLACES)];
  for (const c of checked) {
    if (c) lines = applyVerification(lines, c.picked, c.second, c.kind, c.third).lines;
  }
  return lines;
}

/** Stops the OCR worker and the document engine's workers (tests and CLI exit cleanly). */
export async function closeOcr(): Promise<void> {
  await dropNativeStandby();
  const w = workerPromise;
  workerPromise = undefined;
  if (w) await (await w).terminate();
  const { closeDocumentEngine } = await import("./engine/index.ts");
  await closeDocumentEngine();
}

// Phone photos are often 3000-4000 px wide; bill text is readable at about 150-200 dpi (1700-2200 px
// across a letter page), and tesseract's time grows with the pixel count. Larger images are scaled down.
const MAX_OCR_WIDTH = 2200;

/** The page's grayscale pixels, scaled down to MAX_OCR_WIDTH (`scale`: the factor it was shrunk by). */
async function decodeForOcr(bytes: Uint8Array): Promise<{ gray: Gray; scale: number }> {
  // The native decoder crashes the process on some malformed headers: only well-formed ones reach it.
  if (!imageSize(bytes)) throw new Error("The image could not be read (no valid PNG or JPEG header)");
  const { createCanvas, loadImage } = await import("@napi-rs/canvas");
  const img = await loadImage(bytes).catch(() => undefined);
  if (!img) throw new Error("The image could not be decoded");
  const scale = img.width > MAX_OCR_WIDTH ? MAX_OCR_WIDTH / img.width : 1;
  const width = Math.round(img.width * scale), height = Math.round(img.height * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  // Drawn over white, every pixel is opaque: the canvas's own pixels (premultiplied RGBA, the same as
  // straight RGBA when opaque) are read without getImageData's copy and conversion (about 6x slower).
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return { gray: grayFromRgba(canvas.data(), width, height), scale };
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
        confidence: word.confidence,
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
