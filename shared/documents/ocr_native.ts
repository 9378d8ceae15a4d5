// OCR with native tesseract: the resident libtesseract through Deno's FFI (ocr_ffi.ts) when it can be
// opened, else the `tesseract` binary (Debian tesseract-ocr) as a child process per reading; both with the
// same LSTM model as tesseract.js (the npm package's eng.traineddata, unpacked once under the temp
// directory) and the same settings, word boxes from their TSV. Runs inside a document worker, like every
// decoder.
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import { ConfigError, envBool, envOptional, envPositiveInt, type EnvSource } from "../config.ts";
import { importLocalOnly } from "../runtime/local_only.ts";

type Box = { x0: number; y0: number; x1: number; y1: number };
export type NativeLine = { bbox: Box; words: { text: string; confidence: number; bbox: Box }[] };

// "native" is the CLI's former name (before the FFI engine), kept so existing settings keep their meaning.
const MODES = ["auto", "ffi", "cli", "native", "wasm"] as const;

/** The OCR settings of this process (a document worker), read once: see ocrConfig(). */
export interface OcrConfig {
  /**
   * DOCUMENT_OCR: "auto" (default) and "ffi": the resident libtesseract when it opens (FFI permission, the
   * library installed), else the CLI, else tesseract.js; "cli" (or "native"): the CLI, else tesseract.js;
   * "wasm": tesseract.js only.
   */
  mode: (typeof MODES)[number];
  /** TESSERACT_BIN, default "tesseract". */
  tesseractBin: string;
  /** DOCUMENT_OCR_LIBTESSERACT: the library the FFI engine opens, default "libtesseract.so.5". */
  libtesseract: string;
  /** DOCUMENT_OCR_TESSDATA: a tessdata directory to use instead of the npm package's model. */
  tessdata?: string;
  /** DOCUMENT_OCR_THREADS: OpenMP threads per page (default 1). */
  threads: number;
  /** TMPDIR, where the model is unpacked (default /tmp). */
  tmpDir: string;
  /**
   * DOCUMENT_OCR_WARM (default true): in a document worker, the next page's tesseract is ready as soon as a
   * page is read: the FFI engine keeps its handles (models loaded) until the worker has been idle for a
   * while; the CLI starts the next page's process (about 33 MB while it waits), and with verification on
   * those of its verification sheets.
   */
  warm: boolean;
  /**
   * DOCUMENT_OCR_VERIFY (default true): a page's number and place words are read a second time on their own
   * (ocr_verify.ts; about 2× the CPU of a page on the synthetic bills' scans).
   */
  verify: boolean;
  /**
   * DOCUMENT_OCR_INVERT (default true, the CLI's default): tesseract's retry of an unsure text line on its
   * inverted image (`tessedit_do_invert`). False gives each engine `-c tessedit_do_invert=0`: ~3–5 % less CPU a
   * page, but the dev image bills lost fields (docs/documents.md "Tesseract's own settings").
   */
  invert: boolean;
  /**
   * DOCUMENT_OCR_FIND_TABLES (default true, the CLI's default): tesseract's table finder in its page layout
   * (`textord_tabfind_find_tables`). False gives each engine `-c textord_tabfind_find_tables=0`: ~6 % less
   * CPU a page, but the dev image bills lost fields.
   */
  findTables: boolean;
}

export function loadOcrConfig(source: EnvSource = Deno.env): OcrConfig {
  const mode = (envOptional("DOCUMENT_OCR", source) ?? "auto") as OcrConfig["mode"];
  if (!MODES.includes(mode)) {
    throw new ConfigError(
      "DOCUMENT_OCR",
      `must be one of ${MODES.join(", ")}, got "${String(mode).slice(0, 40)}"`,
    );
  }
  return {
    mode,
    tesseractBin: envOptional("TESSERACT_BIN", source) ?? "tesseract",
    libtesseract: envOptional("DOCUMENT_OCR_LIBTESSERACT", source) ?? "libtesseract.so.5",
    tessdata: envOptional("DOCUMENT_OCR_TESSDATA", source),
    threads: envPositiveInt("DOCUMENT_OCR_THREADS", 1, source),
    tmpDir: envOptional("TMPDIR", source) ?? "/tmp",
    warm: envBool("DOCUMENT_OCR_WARM", true, source),
    verify: envBool("DOCUMENT_OCR_VERIFY", true, source),
    invert: envBool("DOCUMENT_OCR_INVERT", true, source),
    findTables: envBool("DOCUMENT_OCR_FIND_TABLES", true, source),
  };
}

let config: OcrConfig | undefined;
/** This process's OCR settings: read from the environment at the first OCR, never again. */
export function ocrConfig(): OcrConfig {
  return (config ??= loadOcrConfig());
}

/**
 * Tests: this process's OCR settings from now on (e.g. the CLI engine forced), instead of the environment's;
 * the engine is chosen again at the next reading.
 */
export async function useOcrConfig(cfg: OcrConfig): Promise<void> {
  await dropNativeStandby();
  config = cfg;
  ffi = undefined;
  engine = undefined;
  resident = undefined;
  available = undefined;
}

let available: Promise<boolean> | undefined;

/** The `tesseract` binary runs here. */
function cliAvailable(cfg: OcrConfig): Promise<boolean> {
  // a binary that is not installed fails to spawn synchronously (NotFound), not in the promise
  available ??= (async () => {
    try {
      const o = await new Deno.Command(cfg.tesseractBin, {
        args: ["--version"],
        stdout: "null",
        stderr: "null",
      })
        .output();
      return o.success;
    } catch {
      return false;
    }
  })();
  return available;
}

/**
 * The resident libtesseract (ocr_ffi.ts ResidentTesseract; declared here so that no module names the FFI
 * module statically).
 */
export interface ResidentOcr {
  /** A reader of images with these options, on the handle kept for them (its model loaded once). */
  reader(opts?: NativeOptions): PendingOcr;
  /** Frees every handle and its model; the next reading loads them again. */
  release(): Promise<void>;
  /**
   * Gives the memory the pages' readings freed back to the system (the handles stay) once the process has
   * grown by `trimGrowth` bytes since the last time.
   */
  trim(): void;
  /** The growth (bytes) under which trim() keeps the freed memory for the next page. */
  trimGrowth: number;
  /** Times the freed memory was given back (trim and release). */
  readonly trims: number;
  /** Handles held now. */
  readonly handles: number;
  /** Handles created (model loads) so far. */
  readonly loads: number;
  /** The library's version. */
  readonly version: string;
  /** A boolean tesseract variable in the handle for `opts` (the settings it was initialised with). */
  boolVariable(opts: NativeOptions, name: string): Promise<boolean | undefined>;
}
type FfiModule = { openResidentTesseract(cfg: OcrConfig, datapath: string, path: string): ResidentOcr };

let resident: Promise<ResidentOcr | undefined> | undefined;

/**
 * This process's resident libtesseract (ocr_ffi.ts), opened at the first call; undefined where it cannot be
 * opened (no FFI permission, the library not installed or too old, an edge runtime): the CLI is used then.
 */
function residentTesseract(cfg: OcrConfig): Promise<ResidentOcr | undefined> {
  resident ??= (async () => {
    try {
      const ffi = await importLocalOnly<FfiModule>("./ocr_ffi.ts", import.meta.url, "OCR");
      return ffi.openResidentTesseract(cfg, tessdataDir(cfg), cfg.libtesseract);
    } catch {
      return undefined;
    }
  })();
  return resident;
}

/** The native engine this process reads with: the resident library, the CLI, or none (tesseract.js). */
export type NativeEngine = "ffi" | "cli" | undefined;
let engine: Promise<NativeEngine> | undefined;
// The process's resident library once the FFI engine was chosen, for the synchronous choices
// (takeNativeOcr, nativeOcr, readyNativeOcr).
let ffi: ResidentOcr | undefined;

/** Which native engine reads here (DOCUMENT_OCR; the first call decides for the process's settings). */
export function nativeOcrEngine(cfg: OcrConfig = ocrConfig()): Promise<NativeEngine> {
  if (cfg.mode === "wasm") return Promise.resolve(undefined);
  const mine = cfg === ocrConfig();
  const choose = async (): Promise<NativeEngine> => {
    if (cfg.mode === "auto" || cfg.mode === "ffi") {
      const lib = await residentTesseract(cfg);
      if (lib) {
        if (mine) ffi = lib;
        return "ffi";
      }
    }
    return (await cliAvailable(cfg)) ? "cli" : undefined;
  };
  return mine ? (engine ??= choose()) : choose();
}

/** The resident library this process reads with (the FFI engine chosen), for tests and the benchmark. */
export function residentOcr(): ResidentOcr | undefined {
  return ffi;
}

/** Native tesseract (the library or the binary) runs here (DOCUMENT_OCR=wasm turns it off). */
export async function nativeOcrAvailable(cfg: OcrConfig = ocrConfig()): Promise<boolean> {
  return (await nativeOcrEngine(cfg)) !== undefined;
}

let tessdata: string | undefined;

/** A tessdata directory holding the npm package's English model (the one tesseract.js uses). */
export function tessdataDir(cfg: OcrConfig = ocrConfig()): string {
  if (tessdata) return tessdata;
  if (cfg.tessdata) return (tessdata = cfg.tessdata);
  const require = createRequire(import.meta.url);
  const eng = require("@tesseract.js-data/eng") as { langPath: string };
  const gz = Deno.readFileSync(`${eng.langPath}/eng.traineddata.gz`);
  const dir = `${cfg.tmpDir}/solar-tessdata-${gz.length}`;
  try {
    if (Deno.statSync(`${dir}/eng.traineddata`).size > 0) return (tessdata = dir);
  } catch { /* not unpacked yet */ }
  Deno.mkdirSync(dir, { recursive: true });
  const tmp = `${dir}/eng.traineddata.${Deno.pid}`;
  Deno.writeFileSync(tmp, gunzipSync(gz));
  Deno.renameSync(tmp, `${dir}/eng.traineddata`);
  return (tessdata = dir);
}

/**
 * The tesseract variables every reading of both native engines is given beyond the CLI's defaults (the CLI
 * engine as `-c`, the FFI engine at Init): `tessedit_do_invert=0` with DOCUMENT_OCR_INVERT=false,
 * `textord_tabfind_find_tables=0` with DOCUMENT_OCR_FIND_TABLES=false (none by default). `all`: with those
 * left at the CLI's default too (the FFI engine sets each: some of tesseract's variables are global to the
 * process, so a handle initialised without one would keep another configuration's value).
 */
export function tesseractVars(cfg: OcrConfig = ocrConfig(), all = false): [string, string][] {
  const vars: [string, string][] = [
    ["tessedit_do_invert", cfg.invert ? "1" : "0"],
    ["textord_tabfind_find_tables", cfg.findTables ? "1" : "0"],
  ];
  return all ? vars : vars.filter(([, v]) => v === "0");
}

/** The arguments of one recognition (shared with the benchmark's CLI run, so both use the same settings). */
export function tesseractArgs(output: "tsv" | "txt", cfg: OcrConfig = ocrConfig()): string[] {
  return [
    "stdin",
    "stdout",
    "--tessdata-dir",
    tessdataDir(cfg),
    "-l",
    "eng",
    "--oem",
    "1",
    "--psm",
    "3",
    "-c",
    "preserve_interword_spaces=1",
    ...(output === "tsv" ? ["-c", "tessedit_create_tsv=1"] : []),
    ...tesseractVars(cfg).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
  ];
}

/**
 * Tiled Otsu thresholding; Sauvola's local thresholding; one uniform block of text (--psm 6); the only
 * characters to read.
 */
export type NativeOptions = { adaptive?: boolean; sauvola?: boolean; block?: boolean; whitelist?: string };

/**
 * A native reader for an image not ready yet: a `tesseract` started before it (startNativeOcr), or the
 * resident library's handle for its settings (ocr_ffi.ts).
 */
export interface PendingOcr {
  /** Hands the image over and waits for its lines of positioned words and mean word confidence. */
  read(image: Uint8Array): Promise<{ lines: NativeLine[]; confidence: number }>;
  /** Stops the process without an image (the page could not be prepared). */
  cancel(): Promise<void>;
  /** The process has ended (a waiting one killed from outside): it can read nothing. */
  readonly exited: boolean;
}

/**
 * Starts the native binary now and gives it its image later: tesseract loads its model before it reads
 * stdin, so the model loads on the other core while the caller decodes and prepares the page. (The CLI
 * engine's reader; takeNativeOcr gives the engine the process uses.)
 */
export function startNativeOcr(opts: NativeOptions = {}, cfg: OcrConfig = ocrConfig()): PendingOcr {
  const args = tesseractArgs("tsv", cfg);
  if (opts.block) args[args.indexOf("--psm") + 1] = "6";
  const child = new Deno.Command(cfg.tesseractBin, {
    args: [
      ...args,
      ...(opts.sauvola
        ? ["-c", "thresholding_method=2"]
        : opts.adaptive
        ? ["-c", "thresholding_method=1"]
        : []),
      ...(opts.whitelist ? ["-c", `tessedit_char_whitelist=${opts.whitelist}`] : []),
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    // One OpenMP thread per page: tesseract's threads spin-wait for each other, and on a shared 2-core
    // machine two threads made a page 3-10x slower (pages of several requests run in parallel workers).
    env: { OMP_THREAD_LIMIT: String(cfg.threads) },
  }).spawn();
  let exited = false;
  child.status.then(() => (exited = true), () => (exited = true));
  return {
    get exited() {
      return exited;
    },
    async read(image) {
      const w = child.stdin.getWriter();
      try {
        await w.write(image);
        await w.close();
      } finally {
        w.releaseLock();
      }
      const out = await child.output();
      if (!out.success) {
        throw new Error(`tesseract failed: ${new TextDecoder().decode(out.stderr).trim().slice(0, 200)}`);
      }
      return parseTsv(new TextDecoder().decode(out.stdout));
    },
    async cancel() {
      try {
        child.kill("SIGKILL");
      } catch { /* already exited */ }
      await child.stdin.close().catch(() => {});
      await child.output().catch(() => {});
    },
  };
}

let warm = false;
let standbyMs = Infinity;
// The tesseracts waiting for the next page, by their options ("" the page's first reading; the
// verification sheets' settings, ocr.ts verifyWords): each has loaded its model.
const standby = new Map<string, PendingOcr[]>();
let standbyTimer: ReturnType<typeof setTimeout> | undefined;

const optionsKey = (opts: NativeOptions) =>
  opts.adaptive || opts.sauvola || opts.block || opts.whitelist
    ? JSON.stringify([!!opts.adaptive, !!opts.block, opts.whitelist ?? "", ...(opts.sauvola ? [true] : [])])
    : "";

/**
 * Called once by a document worker (worker_main.ts): from then on, unless DOCUMENT_OCR_WARM=false, each
 * page read leaves a tesseract ready for the next one (readyNativeOcr): the FFI engine keeps its handles,
 * models loaded; the CLI engine starts the next page's process, which loads its model while the worker
 * waits for work instead of while the next page waits. `forMs`: how long they wait for a page before they
 * are released (the worker gives half its idle time: its memory goes back before the pool's idle exit,
 * a kill, and a tesseract left to the system's init when its worker is killed may never be reaped).
 * Outside a worker (tests, scripts) nothing is kept between pages.
 */
export function keepNativeOcrWarm(on = true, forMs = Infinity): void {
  warm = on;
  standbyMs = forMs;
  if (!on) void dropNativeStandby();
}

/**
 * A tesseract with these options: the one left ready by the previous page, or a new one (started now: it
 * loads its model while the caller prepares its image).
 */
export function takeNativeOcr(opts: NativeOptions = {}): PendingOcr {
  if (ffi) {
    // a page is being read: the handles are not released under it
    clearTimeout(standbyTimer);
    return ffi.reader(opts);
  }
  const ready = standby.get(optionsKey(opts));
  for (let p = ready?.shift(); p; p = ready?.shift()) {
    if (!p.exited) return p;
    void p.cancel();
  }
  return startNativeOcr(opts);
}

/**
 * A tesseract taken and not used (a page without words of a kind to read again): in a warm worker it waits
 * for the next page, else it is stopped.
 */
export async function returnNativeOcr(p: PendingOcr, opts: NativeOptions = {}, cfg = ocrConfig()) {
  if (ffi) return; // the resident handles stay (readyNativeOcr releases them outside a warm worker)
  const key = optionsKey(opts);
  if (!warm || !cfg.warm || p.exited) return await p.cancel();
  standby.set(key, [...standby.get(key) ?? [], p]);
  armStandbyTimer();
}

/**
 * After a page: in a warm worker, the next page's tesseracts (its first reading's, and one for each of
 * `more`: the verification's settings, the same ones twice for two) start loading their models now, unless
 * they are waiting already.
 */
export async function readyNativeOcr(
  cfg: OcrConfig = ocrConfig(),
  more: NativeOptions[] = [],
): Promise<void> {
  if (ffi) {
    // the resident handles, models loaded, wait for the next page (released after `forMs`); outside a
    // warm worker they go now
    if (!warm || !cfg.warm) return await ffi.release();
    ffi.trim();
    for (const opts of [{}, ...more]) ffi.reader(opts);
    return armStandbyTimer();
  }
  if (!warm || !cfg.warm) return;
  const want = new Map<string, NativeOptions[]>();
  for (const opts of [{}, ...more]) want.set(optionsKey(opts), [...want.get(optionsKey(opts)) ?? [], opts]);
  for (const [key, list] of want) {
    const ready = (standby.get(key) ?? []).filter((p) => !p.exited || void p.cancel());
    while (ready.length < list.length) ready.push(startNativeOcr(list[ready.length], cfg));
    standby.set(key, ready);
  }
  armStandbyTimer();
}

function armStandbyTimer() {
  clearTimeout(standbyTimer);
  if (!Number.isFinite(standbyMs)) return;
  standbyTimer = setTimeout(() => void dropNativeStandby(), standbyMs);
  Deno.unrefTimer(standbyTimer);
}

/**
 * Stops the waiting tesseracts and frees the resident library's handles, if any (no page came in time; the
 * worker stops; tests).
 */
export async function dropNativeStandby(): Promise<void> {
  const all = [...standby.values()].flat();
  standby.clear();
  clearTimeout(standbyTimer);
  await Promise.all([...all.map((s) => s.cancel()), ffi?.release()]);
}

/**
 * Lines of positioned words and the mean word confidence of an image (a PGM), by the resident library when
 * this process uses it, else by the native binary.
 */
export async function nativeOcr(
  image: Uint8Array,
  opts: NativeOptions = {},
  cfg: OcrConfig = ocrConfig(),
): Promise<{ lines: NativeLine[]; confidence: number }> {
  return await (ffi && cfg === ocrConfig() ? ffi.reader(opts) : startNativeOcr(opts, cfg)).read(image);
}

/** Tesseract's TSV (level 4 lines, level 5 words) as lines of words. */
export function parseTsv(tsv: string): { lines: NativeLine[]; confidence: number } {
  const lines = new Map<string, NativeLine>();
  let confSum = 0, confN = 0;
  // (the CLI's TSV starts with a header line, the library's with the page's row: neither is a line or a word)
  for (const row of tsv.split("\n")) {
    const c = row.split("\t");
    if (c.length < 12) continue;
    const [level, , block, par, line, , left, top, width, height, conf] = c.slice(0, 11).map(Number);
    const key = `${block}.${par}.${line}`;
    const bbox = { x0: left, y0: top, x1: left + width, y1: top + height };
    if (level === 4) lines.set(key, { bbox, words: [] });
    if (level === 5) {
      const text = c.slice(11).join("\t");
      if (!text.trim()) continue;
      lines.get(key)?.words.push({ text, confidence: conf, bbox });
      confSum += conf;
      confN++;
    }
  }
  return {
    lines: [...lines.values()].filter((l) => l.words.length),
    confidence: confN ? confSum / confN : 0,
  };
}
