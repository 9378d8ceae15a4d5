// The pages every OCR benchmark reads (bench:ocr, ocr_split.ts), pinned by name (issue #16, ocr12): they were the
// first 8 images of tests/fixtures/bills/synthetic in name order, so a layout whose name sorts first (acec, added
// 2026-11-25) silently changed the set between sessions. A figure is comparable with another only on the same
// pages: the bench prints their names and a digest of their bytes (and of the model's) with every run.
import { join } from "node:path";

/** Synthetic scans of four layouts, each a PNG page (04) and a JPEG page (08), as measured since 2026-11-25 02:14. */
export const OCR_BENCH_PAGES = [
  "ace-04.png",
  "ace-08.jpg",
  "acec-04.png",
  "acec-08.jpg",
  "aelp-04.png",
  "aelp-08.jpg",
  "aepohio-04.png",
  "aepohio-08.jpg",
] as const;

/**
 * The first 12 hex digits of the SHA-256 of the files' bytes, one after the other in the order given, computed by
 * coreutils' `sha256sum` in a process of its own: the bench measures its own memory, which the model's 23 MB (or the
 * node:crypto module) would raise.
 */
export function filesDigest(paths: string[]): string {
  const out = new Deno.Command("/bin/sh", {
    args: ["-c", 'cat -- "$@" | sha256sum', "sh", ...paths],
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  const hex = new TextDecoder().decode(out.stdout).match(/^[0-9a-f]{64}/)?.[0];
  // (a file cat cannot read leaves a message: the pipeline's status is sha256sum's)
  if (!out.success || !hex || out.stderr.length) {
    throw new Error(
      `sha256sum could not read ${paths.join(", ")}: ${new TextDecoder().decode(out.stderr).trim()}`,
    );
  }
  return hex.slice(0, 12);
}

/**
 * The pinned pages in `dir` (the synthetic fixtures by default) and their digest; a page missing is an error
 * that names it (another set would give figures that compare with nothing).
 */
export function ocrBenchPages(
  dir: string,
  names: readonly string[] = OCR_BENCH_PAGES,
): { names: string[]; digest: string } {
  const missing = names.filter((n) => {
    try {
      return !Deno.statSync(join(dir, n)).isFile;
    } catch {
      return true;
    }
  });
  if (missing.length) {
    throw new Error(`The OCR benchmark's pages are missing from ${dir}: ${missing.join(", ")}`);
  }
  return { names: [...names], digest: filesDigest(names.map((n) => join(dir, n))) };
}

/**
 * The CPU ratio of `ours` to `cli` (page by page, the same pages) over the pages `keep` marks, e.g. those whose
 * worker still held its models; NaN when none is kept.
 */
export function ratioWhere(ours: number[], cli: number[], keep: boolean[]): number {
  let a = 0, b = 0;
  for (let i = 0; i < ours.length; i++) if (keep[i]) a += ours[i], b += cli[i];
  return b ? a / b : NaN;
}
