// OCR by a resident libtesseract (Debian libtesseract5, which tesseract-ocr depends on) through Deno's FFI:
// the CLI's recognition (the same TessBaseAPI calls: Init with the CLI's -c variables, the page segmentation
// mode, the image, Recognize, the word boxes the CLI's TSV gives) without a process and a model load per reading.
// Each kind of reading (a page; a verification sheet of number words; one of place words) keeps its own
// initialised handle, so the models load once per worker, and two kinds read at once on two threads
// (Recognize is a nonblocking call). Loaded only by ocr_native.ts, only inside a document worker, through a
// computed specifier (shared/runtime/local_only.ts): no edge function's bundle holds it.
import {
  type NativeLine,
  type NativeOptions,
  type OcrConfig,
  type PendingOcr,
  tesseractVars,
} from "./ocr_native.ts";

const SYMBOLS = {
  TessVersion: { parameters: [], result: "pointer" },
  TessBaseAPICreate: { parameters: [], result: "pointer" },
  TessBaseAPIInit4: {
    // handle, datapath, language, oem, configs, configs_size, vars_vec, vars_values, vars_vec_size,
    // set_only_non_debug_params
    parameters: ["pointer", "buffer", "buffer", "i32", "pointer", "i32", "buffer", "buffer", "usize", "i32"],
    result: "i32",
    nonblocking: true,
  },
  TessBaseAPISetPageSegMode: { parameters: ["pointer", "i32"], result: "void" },
  TessBaseAPISetVariable: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  TessBaseAPIGetBoolVariable: { parameters: ["pointer", "buffer", "buffer"], result: "i32" },
  TessBaseAPISetImage: { parameters: ["pointer", "buffer", "i32", "i32", "i32", "i32"], result: "void" },
  TessBaseAPIRecognize: { parameters: ["pointer", "pointer"], result: "i32", nonblocking: true },
  TessBaseAPIGetIterator: { parameters: ["pointer"], result: "pointer" },
  TessResultIteratorGetPageIterator: { parameters: ["pointer"], result: "pointer" },
  TessResultIteratorNext: { parameters: ["pointer", "i32"], result: "i32" },
  TessResultIteratorGetUTF8Text: { parameters: ["pointer", "i32"], result: "pointer" },
  TessResultIteratorConfidence: { parameters: ["pointer", "i32"], result: "f32" },
  TessResultIteratorDelete: { parameters: ["pointer"], result: "void" },
  TessPageIteratorIsAtBeginningOf: { parameters: ["pointer", "i32"], result: "i32" },
  // handle, level, left, top, right, bottom
  TessPageIteratorBoundingBox: {
    parameters: ["pointer", "i32", "buffer", "buffer", "buffer", "buffer"],
    result: "i32",
  },
  TessDeleteText: { parameters: ["pointer"], result: "void" },
  TessBaseAPIClear: { parameters: ["pointer"], result: "void" },
  TessBaseAPIEnd: { parameters: ["pointer"], result: "void" },
  TessBaseAPIDelete: { parameters: ["pointer"], result: "void" },
} as const;

type Lib = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];

const OEM_LSTM_ONLY = 1;
const PSM_AUTO = 3, PSM_SINGLE_BLOCK = 6;

/** A NUL-terminated UTF-8 string in memory of its own (off the V8 heap: it does not move). */
function cstr(s: string): Uint8Array {
  const bytes = new TextEncoder().encode(`${s}\0`);
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

/** An array of C strings (char **) and the buffers it points into (kept alive with it). */
function cstrArray(list: string[]): { array: BigUint64Array<ArrayBuffer>; keep: Uint8Array[] } {
  const keep = list.map(cstr);
  const array = new BigUint64Array(Math.max(1, list.length));
  keep.forEach((b, i) => (array[i] = BigInt(Deno.UnsafePointer.value(Deno.UnsafePointer.of(b)))));
  return { array, keep };
}

/** Width, height and the pixel bytes of a binary 8-bit PGM (ocr_preprocess.ts encodePgm), without a copy. */
export function pgmPixels(pgm: Uint8Array): { width: number; height: number; data: Uint8Array } {
  // "P5", then width, height and maxval, each after white space; one white space byte before the pixels
  let at = 2;
  const fields: number[] = [];
  while (fields.length < 3) {
    while (at < pgm.length && /\s/.test(String.fromCharCode(pgm[at]))) at++;
    let n = 0, digits = 0;
    while (at < pgm.length && pgm[at] >= 48 && pgm[at] <= 57) n = n * 10 + pgm[at++] - 48, digits++;
    if (!digits) throw new Error("not a binary PGM");
    fields.push(n);
  }
  const [width, height, max] = fields;
  const data = pgm.subarray(at + 1, at + 1 + width * height);
  if (pgm[0] !== 0x50 || pgm[1] !== 0x35 || max !== 255 || data.length !== width * height) {
    throw new Error("not an 8-bit binary PGM");
  }
  return { width, height, data };
}

/** One initialised TessBaseAPI with fixed settings (page segmentation, whitelist), one reading at a time. */
class Handle {
  readonly ready: Promise<Deno.PointerValue>;
  #turn: Promise<unknown> = Promise.resolve();
  #threshold = "0";

  constructor(
    private lib: Lib,
    datapath: string,
    readonly opts: NativeOptions,
    settings: [string, string][],
  ) {
    const api = lib.TessBaseAPICreate();
    // the CLI's -c variables (tesseractArgs, tesseractVars), given to Init as the CLI gives them; debug_file
    // keeps tesseract's messages ("Estimating resolution as …") off the worker's stdout/stderr
    const vars: [string, string][] = [
      ["preserve_interword_spaces", "1"],
      ["debug_file", "/dev/null"],
      ...settings,
    ];
    if (opts.whitelist) vars.push(["tessedit_char_whitelist", opts.whitelist]);
    const names = cstrArray(vars.map(([k]) => k)), values = cstrArray(vars.map(([, v]) => v));
    const [path, lang] = [cstr(datapath), cstr("eng")];
    this.ready = lib.TessBaseAPIInit4(
      api,
      path,
      lang,
      OEM_LSTM_ONLY,
      null,
      0,
      names.array,
      values.array,
      BigInt(vars.length),
      0,
    ).then((rc) => {
      void [names.keep, values.keep, path, lang];
      if (rc !== 0) {
        lib.TessBaseAPIDelete(api);
        throw new Error(`libtesseract could not load the model in ${datapath} (${rc})`);
      }
      lib.TessBaseAPISetPageSegMode(api, opts.block ? PSM_SINGLE_BLOCK : PSM_AUTO);
      return api;
    });
    this.ready.catch(() => {});
  }

  /** Runs `f` after the readings before it (a handle reads one image at a time). */
  #queue<T>(f: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(f);
    this.#turn = run.catch(() => {});
    return run;
  }

  /** `threshold`: tesseract's thresholding_method, "0" Otsu, "1" tiled Otsu, "2" Sauvola (as the CLI's -c). */
  read(pgm: Uint8Array, threshold: "0" | "1" | "2"): Promise<{ lines: NativeLine[]; confidence: number }> {
    return this.#queue(async () => {
      const api = await this.ready;
      const lib = this.lib;
      if (threshold !== this.#threshold) {
        lib.TessBaseAPISetVariable(api, cstr("thresholding_method"), cstr(threshold));
        this.#threshold = threshold;
      }
      const { width, height, data } = pgmPixels(pgm);
      // SetImage copies the pixels into tesseract's own image
      lib.TessBaseAPISetImage(api, data, width, height, 1, width);
      try {
        const rc = await lib.TessBaseAPIRecognize(api, null);
        if (rc !== 0) throw new Error(`libtesseract could not read the image (${rc})`);
        return recognizedWords(lib, api);
      } finally {
        lib.TessBaseAPIClear(api);
      }
    });
  }

  /** A boolean variable's value in this handle (tesseract's own, as Init left it), undefined if unknown. */
  async boolVariable(name: string): Promise<boolean | undefined> {
    const api = await this.ready;
    const value = new Int32Array(1);
    return this.lib.TessBaseAPIGetBoolVariable(api, cstr(name), new Uint8Array(value.buffer))
      ? value[0] !== 0
      : undefined;
  }

  /** Frees the handle (its models) once the readings queued on it are done. */
  close(): Promise<void> {
    return this.#queue(async () => {
      const api = await this.ready.catch(() => null);
      if (!api) return;
      this.lib.TessBaseAPIEnd(api);
      this.lib.TessBaseAPIDelete(api);
    });
  }
}

const RIL_TEXTLINE = 2, RIL_WORD = 3;
// the four ints a bounding box is written into
const boxInts = new Int32Array(4);
const boxArgs = [0, 1, 2, 3].map((i) => new Uint8Array(boxInts.buffer, 4 * i, 4));

/** A box read by the page iterator at `level` (left, top, right, bottom: the TSV's left, top, width, height). */
function boxAt(lib: Lib, page: Deno.PointerValue, level: number) {
  lib.TessPageIteratorBoundingBox(page, level, boxArgs[0], boxArgs[1], boxArgs[2], boxArgs[3]);
  return { x0: boxInts[0], y0: boxInts[1], x1: boxInts[2], y1: boxInts[3] };
}

/**
 * A word confidence as the TSV prints it (fixed, six decimals: the float rounded to the nearest millionth,
 * an exact tie to the even one, as printf does) and parseTsv reads it back.
 */
export function tsvConfidence(conf: number): number {
  const s = conf * 1e6; // exact: a float's 24 bits times 10^6 fit a double
  const f = Math.floor(s);
  return (s - f === 0.5 ? (f % 2 === 0 ? f : f + 1) : Math.round(s)) / 1e6;
}

/**
 * The recognised page's lines of positioned words, as parseTsv reads them from GetTsvText, read from the
 * result iterator a word at a time: the TSV's writer asks the iterator, for every word, whether it begins
 * and ends a block, a paragraph and a line (six copies of the iterator, each putting its line in reading
 * order) and walks it symbol by symbol, ~25 ms of CPU on a page of ~500 words (~3 % of its reading); this
 * asks only whether the word begins a line and takes the word's text whole (the same characters).
 */
export function recognizedWords(
  lib: Lib,
  api: Deno.PointerValue,
): { lines: NativeLine[]; confidence: number } {
  const lines: NativeLine[] = [];
  let confSum = 0, confN = 0;
  const it = lib.TessBaseAPIGetIterator(api);
  if (!it) return { lines, confidence: 0 };
  try {
    const page = lib.TessResultIteratorGetPageIterator(it);
    let line: NativeLine | undefined;
    do {
      const ptr = lib.TessResultIteratorGetUTF8Text(it, RIL_WORD);
      if (!ptr) continue; // no word here (an image block), as the TSV skips it
      let text: string;
      try {
        text = Deno.UnsafePointerView.getCString(ptr);
      } finally {
        lib.TessDeleteText(ptr);
      }
      if (lib.TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE)) {
        line = { bbox: boxAt(lib, page, RIL_TEXTLINE), words: [] };
        lines.push(line);
      }
      if (!text.trim()) continue;
      const confidence = tsvConfidence(lib.TessResultIteratorConfidence(it, RIL_WORD));
      line?.words.push({ text, confidence, bbox: boxAt(lib, page, RIL_WORD) });
      confSum += confidence;
      confN++;
    } while (lib.TessResultIteratorNext(it, RIL_WORD));
  } finally {
    lib.TessResultIteratorDelete(it);
  }
  return { lines: lines.filter((l) => l.words.length), confidence: confN ? confSum / confN : 0 };
}

/** The CLI's thresholding_method for `opts` (tesseractArgs / startNativeOcr give the same). */
export const thresholdMethod = (o: NativeOptions): "0" | "1" | "2" =>
  o.sauvola ? "2" : o.adaptive ? "1" : "0";

const keyOf = (o: NativeOptions) => JSON.stringify([!!o.block, o.whitelist ?? ""]);

/**
 * The resident libtesseract of this process: one handle per kind of reading (page segmentation and
 * whitelist; the thresholding method is a variable switched per reading), created (and its model loaded, on a
 * thread of its own) on first use, kept until release().
 */
export class ResidentTesseract {
  #handles = new Map<string, Handle>();
  /** Handles created (each one model load) since this object was made. */
  loads = 0;

  constructor(
    private lib: Lib,
    private datapath: string,
    readonly version: string,
    private vars: [string, string][] = [],
  ) {}

  #handle(opts: NativeOptions): Handle {
    const key = keyOf(opts);
    let h = this.#handles.get(key);
    if (!h) {
      h = new Handle(this.lib, this.datapath, { block: opts.block, whitelist: opts.whitelist }, this.vars);
      this.#handles.set(key, h);
      this.loads++;
    }
    return h;
  }

  /** A reader of images with `opts` (its handle's model starts loading now if it is not loaded). */
  reader(opts: NativeOptions = {}): PendingOcr {
    const h = this.#handle(opts);
    return {
      exited: false,
      read: (image) => h.read(image, thresholdMethod(opts)),
      cancel: () => Promise.resolve(),
    };
  }

  /** A boolean tesseract variable's value in the handle of `opts` (tests: the settings Init was given). */
  boolVariable(opts: NativeOptions, name: string): Promise<boolean | undefined> {
    return this.#handle(opts).boolVariable(name);
  }

  /** Handles held (each with its model loaded or loading). */
  get handles(): number {
    return this.#handles.size;
  }

  /** Times the memory was given back (trim and release). */
  trims = 0;
  /** Growth of the process's RSS since the last trim under which trim() keeps the freed memory (bytes). */
  trimGrowth = TRIM_GROWTH;
  #trimmedRss = -Infinity;

  /**
   * Gives back to the system the memory the pages' readings freed (their images, thresholded copies and
   * network buffers; Recognize runs on the runtime's blocking threads, each with its own malloc arena, where
   * freed pages otherwise stay resident: ~100 MB over the 8 benchmark pages read three times), once the
   * process has grown by `trimGrowth` since the last time: trimming after every page cost ~3 ms for the call
   * and ~10 ms of page faults a page (the next page's readings touching the given-back pages again).
   */
  trim(): void {
    if (Deno.memoryUsage().rss - this.#trimmedRss < this.trimGrowth) return;
    this.#trimNow();
  }

  #trimNow(): void {
    trimHeap();
    this.trims++;
    this.#trimmedRss = Deno.memoryUsage().rss;
  }

  /** Frees every handle and its model (the worker went idle); the next reading creates them again. */
  async release(): Promise<void> {
    const all = [...this.#handles.values()];
    this.#handles.clear();
    await Promise.all(all.map((h) => h.close()));
    this.#trimNow();
  }
}

// ResidentTesseract.trim: a worker's RSS between two trims grows by at most this (~a page's readings twice);
// what the handles keep goes at release (the worker idle) whatever it is.
const TRIM_GROWTH = 64 * 1048576;

let libc: Deno.DynamicLibrary<{ malloc_trim: { parameters: ["usize"]; result: "i32" } }> | undefined | null;
/** Gives the freed models' pages back to the system (glibc keeps freed memory in its arenas otherwise). */
function trimHeap() {
  if (libc === undefined) {
    try {
      libc = Deno.dlopen("libc.so.6", { malloc_trim: { parameters: ["usize"], result: "i32" } });
    } catch {
      libc = null;
    }
  }
  libc?.symbols.malloc_trim(0n);
}

/**
 * Opens libtesseract (`path`, default the soname) for this process, with OpenMP limited to the configured
 * threads (OMP_THREAD_LIMIT is read by libgomp when it loads, so it is set before). Throws when the library
 * cannot be opened (not installed, no FFI permission): the caller falls back to the CLI.
 */
export function openResidentTesseract(cfg: OcrConfig, datapath: string, path: string): ResidentTesseract {
  if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") {
    throw new Error("no FFI permission");
  }
  Deno.env.set("OMP_THREAD_LIMIT", String(cfg.threads));
  const lib = Deno.dlopen(path, SYMBOLS).symbols;
  const v = lib.TessVersion();
  const version = v ? Deno.UnsafePointerView.getCString(v) : "unknown";
  if (!/^[5-9]\./.test(version)) throw new Error(`libtesseract ${version}: version 5 or later needed`);
  return new ResidentTesseract(lib, datapath, version, tesseractVars(cfg, true));
}
