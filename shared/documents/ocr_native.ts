// OCR with the native `tesseract` binary (Debian tesseract-ocr) when it is installed: the same LSTM model
// as tesseract.js (the npm package's eng.traineddata, unpacked once under the temp directory), word boxes
// from its TSV output. Runs inside a document worker, like every decoder.
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import { envOptional } from "../config.ts";

type Box = { x0: number; y0: number; x1: number; y1: number };
export type NativeLine = { bbox: Box; words: { text: string; confidence: number; bbox: Box }[] };

let available: Promise<boolean> | undefined;

/** `tesseract` runs here (DOCUMENT_OCR=wasm turns it off; =native requires it). */
export function nativeOcrAvailable(): Promise<boolean> {
  const mode = envOptional("DOCUMENT_OCR") ?? "auto";
  if (mode === "wasm") return Promise.resolve(false);
  available ??= new Deno.Command(tesseractBin(), { args: ["--version"], stdout: "null", stderr: "null" })
    .output()
    .then((o) => o.success).catch(() => false);
  return available;
}

export const tesseractBin = () => envOptional("TESSERACT_BIN") ?? "tesseract";

let tessdata: string | undefined;

/** A tessdata directory holding the npm package's English model (the one tesseract.js uses). */
export function tessdataDir(): string {
  if (tessdata) return tessdata;
  const configured = envOptional("DOCUMENT_OCR_TESSDATA");
  if (configured) return (tessdata = configured);
  const require = createRequire(import.meta.url);
  const eng = require("@tesseract.js-data/eng") as { langPath: string };
  const gz = Deno.readFileSync(`${eng.langPath}/eng.traineddata.gz`);
  const dir = `${Deno.env.get("TMPDIR") ?? "/tmp"}/solar-tessdata-${gz.length}`;
  try {
    if (Deno.statSync(`${dir}/eng.traineddata`).size > 0) return (tessdata = dir);
  } catch { /* not unpacked yet */ }
  Deno.mkdirSync(dir, { recursive: true });
  const tmp = `${dir}/eng.traineddata.${Deno.pid}`;
  Deno.writeFileSync(tmp, gunzipSync(gz));
  Deno.renameSync(tmp, `${dir}/eng.traineddata`);
  return (tessdata = dir);
}

/** The arguments of one recognition (shared with the benchmark's CLI run, so both use the same settings). */
export function tesseractArgs(output: "tsv" | "txt"): string[] {
  return [
    "stdin",
    "stdout",
    "--tessdata-dir",
    tessdataDir(),
    "-l",
    "eng",
    "--oem",
    "1",
    "--psm",
    "3",
    "-c",
    "preserve_interword_spaces=1",
    ...(output === "tsv" ? ["-c", "tessedit_create_tsv=1"] : []),
  ];
}

/** Lines of positioned words and the mean word confidence of an image, by the native binary. */
export async function nativeOcr(
  image: Uint8Array,
  opts: { adaptive?: boolean } = {},
): Promise<{ lines: NativeLine[]; confidence: number }> {
  const child = new Deno.Command(tesseractBin(), {
    args: [...tesseractArgs("tsv"), ...(opts.adaptive ? ["-c", "thresholding_method=1"] : [])],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    // One OpenMP thread per page: tesseract's threads spin-wait for each other, and on a shared 2-core
    // machine two threads made a page 3-10x slower (pages of several requests run in parallel workers).
    env: { OMP_THREAD_LIMIT: envOptional("DOCUMENT_OCR_THREADS") ?? "1" },
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(image);
  await w.close();
  const out = await child.output();
  if (!out.success) {
    throw new Error(`tesseract failed: ${new TextDecoder().decode(out.stderr).trim().slice(0, 200)}`);
  }
  return parseTsv(new TextDecoder().decode(out.stdout));
}

/** Tesseract's TSV (level 4 lines, level 5 words) as lines of words. */
export function parseTsv(tsv: string): { lines: NativeLine[]; confidence: number } {
  const lines = new Map<string, NativeLine>();
  let confSum = 0, confN = 0;
  for (const row of tsv.split("\n").slice(1)) {
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
