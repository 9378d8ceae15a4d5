// deno run -A scripts/bench/ocr_split.ts (env ROUNDS, default 2; PROF=1 adds a V8 profile of the main thread)
// It also prints a digest of every image handed to tesseract (pages and verification sheets) and of the pages'
// words: a change meant to cost less without changing what is read must leave it as it was (ocrgate2).
// Where a page's CPU goes with the resident libtesseract (DOCUMENT_OCR=ffi), in one warm process (handles
// kept between pages, as in a document worker): `ocrImage` on the bench's 8 pages against the same readings
// replayed through the handles afterwards (each kind of reading: the page, the number sheets, the place
// sheets), the difference being our own code; then the process's CPU by thread (the main thread: JS and
// the synchronous FFI calls; tokio's blocking threads: Recognize; V8's: GC and compilation).
import process from "node:process";
import { closeOcr, ocrImage } from "../../shared/documents/ocr.ts";
import { keepNativeOcrWarm, nativeOcrAvailable, residentOcr } from "../../shared/documents/ocr_native.ts";
import { ResidentTesseract } from "../../shared/documents/ocr_ffi.ts";
import type { NativeOptions } from "../../shared/documents/ocr_native.ts";
import { startCpuProfile, summarize } from "./cpu_profile.ts";
import { ocrBenchPages } from "./ocr_pages.ts";

Deno.env.set("DOCUMENT_OCR", "ffi");
keepNativeOcrWarm(true);
const dir = new URL("../../tests/fixtures/bills/synthetic/", import.meta.url).pathname;
const { names: images, digest } = ocrBenchPages(dir);
console.log(`pages (digest ${digest}): ${images.join(", ")}`);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
if (!(await nativeOcrAvailable()) || !residentOcr()) {
  console.log("libtesseract could not be opened (apt-get install tesseract-ocr): nothing to measure.");
  Deno.exit(0);
}
// every reading's image and options, recorded while the timed pages are read
const reads: { opts: NativeOptions; image: Uint8Array }[] = [];
const reader = ResidentTesseract.prototype.reader;
let record = false;
ResidentTesseract.prototype.reader = function (opts: NativeOptions = {}) {
  const p = reader.call(this, opts);
  return {
    ...p,
    read: (image: Uint8Array) => {
      if (record) reads.push({ opts, image });
      return p.read(image);
    },
  };
};
for (const n of images) await ocrImage(Deno.readFileSync(dir + n)); // warm-up: models, JIT
const rounds = Number(Deno.env.get("ROUNDS") ?? 2), pages = rounds * images.length;
const prof = Deno.env.get("PROF") ? await startCpuProfile() : undefined;
record = true;
const results: unknown[] = [];
const c0 = cpu();
for (let r = 0; r < rounds; r++) {
  for (const n of images) results.push(await ocrImage(Deno.readFileSync(dir + n)));
}
const total = (cpu() - c0) / pages;
record = false;
const hash = async (bytes: Uint8Array<ArrayBuffer>) =>
  Array.from(
    new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
    (b) => b.toString(16).padStart(2, "0"),
  )
    .join("").slice(0, 16);
const imagesRead = new Uint8Array(reads.reduce((n, x) => n + x.image.length, 0));
reads.reduce((at, x) => (imagesRead.set(x.image, at), at + x.image.length), 0);
console.log(
  `digests: ${reads.length} images handed to tesseract ${await hash(
    imagesRead,
  )}; the pages' words ${await hash(
    new TextEncoder().encode(JSON.stringify(results)),
  )}`,
);
if (prof) console.log(summarize(await prof(), 25).join("\n"));
const lib = residentOcr() as ResidentTesseract;
const byKind = new Map<string, { ms: number; n: number; px: number }>();
let replay = 0;
for (const x of reads) {
  const a = cpu();
  await reader.call(lib, x.opts).read(x.image);
  const ms = cpu() - a, k = JSON.stringify(x.opts);
  const e = byKind.get(k) ?? { ms: 0, n: 0, px: 0 };
  byKind.set(k, { ms: e.ms + ms, n: e.n + 1, px: e.px + x.image.length });
  replay += ms;
}
console.log(`load average ${Deno.loadavg().map((l) => l.toFixed(1)).join(" ")}; ${pages} pages`);
for (const [k, { ms, n, px }] of byKind) {
  console.log(
    `  ${k}: ${n} readings, ${(ms / n).toFixed(1)} ms CPU each (${(px / n / 1e6).toFixed(2)} Mpx), ${
      (ms / pages).toFixed(1)
    } ms a page`,
  );
}
console.log(
  `ocrImage ${total.toFixed(1)} ms CPU a page; its readings replayed ${
    (replay / pages).toFixed(1)
  }; our code ${(total - replay / pages).toFixed(1)}`,
);
// the whole run's CPU by thread (warm-up and replay included), clock ticks of 10 ms
const byThread = new Map<string, number>();
for (const t of Deno.readDirSync("/proc/self/task")) {
  const stat = Deno.readTextFileSync(`/proc/self/task/${t.name}/stat`);
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const comm = Deno.readTextFileSync(`/proc/self/task/${t.name}/comm`).trim();
  byThread.set(comm, (byThread.get(comm) ?? 0) + (Number(f[11]) + Number(f[12])) * 10);
}
console.log(
  `by thread (the whole run): ${
    [...byThread].sort((a, b) => b[1] - a[1]).map(([c, ms]) => `${c} ${ms} ms`).join(", ")
  }`,
);
await closeOcr();
