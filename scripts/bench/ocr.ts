// npm run bench:ocr [-- --rounds N] [--engines ffi,cli] [--idle S] [--wasm]
// OCR time per page of the platform (document engine: a worker subprocess reading with native tesseract:
// DOCUMENT_OCR=ffi, the resident libtesseract, and DOCUMENT_OCR=cli, a `tesseract` process per reading)
// against the Debian `tesseract` CLI on the same images with the same model and settings, interleaved; wall
// and CPU per page and the ratios (target <= 1.0x), with verification by re-reading on and off page by page
// in the same rounds (and the re-reading's own CPU, on - off), the load average; and the memory of this
// process and its workers before, right after, and once the idle workers have exited (target: back within
// 50 MB of idle). The CLI runs with tesseract's defaults; when the engine sets variables of its own
// (DOCUMENT_OCR_INVERT=false, DOCUMENT_OCR_FIND_TABLES=false) a single-thread CLI given the same also runs, and
// the CPU ratio to it is printed too. --wasm also times the tesseract.js fallback. The pages are pinned by name and
// printed with a digest of their bytes and the model's (ocr_pages.ts); the CLI's CPU is its own process's
// (child_cpu.ts); pages a worker read after it had freed its readers (model loads in the page) are counted.
import { closeDocumentEngine, documentEngine } from "../../shared/documents/engine/index.ts";
import { DocumentEngine } from "../../shared/documents/engine/engine.ts";
import { SubprocessPool } from "../../shared/documents/engine/pool.ts";
import { poolLimits } from "../../shared/documents/engine/limits.ts";
import { ocrConfig, tessdataDir, tesseractArgs, tesseractVars } from "../../shared/documents/ocr_native.ts";
import { cpuMs, mb, processTree, rssOf, treeRss } from "./proc.ts";
import { filesDigest, ocrBenchPages, ratioWhere } from "./ocr_pages.ts";
import { runMeasured } from "./child_cpu.ts";

const arg = (
  name: string,
  d: number,
) => (Deno.args.includes(name) ? Number(Deno.args[Deno.args.indexOf(name) + 1]) : d);
const rounds = arg("--rounds", 2);
const modes = Deno.args.includes("--engines")
  ? Deno.args[Deno.args.indexOf("--engines") + 1].split(",")
  : ["ffi", "cli"];
// The workers' idle time: a worker that exits between two of its pages would put a worker start (Deno,
// modules, canvas) into the per-page figure, and one idle for half of it frees its readers (the FFI
// engine's models, loaded again by the next page). A worker's pages come a round apart (the two CLI runs
// and the other workers' pages: 15-25 s at load 10-13), longer than the service's default (20 s,
// limits.ts, which freed the models before most pages at that load): 60 s by default. Worker starts are
// counted and the cold first page shown apart.
const IDLE_SECONDS = arg("--idle", 60);
Deno.env.set("DOCUMENT_WORKER_IDLE_SECONDS", String(IDLE_SECONDS));

const dir = new URL("../../tests/fixtures/bills/synthetic/", import.meta.url).pathname;
// the same pages in every session (ocr_pages.ts), named and digested in the output with the model's digest
const { names: images, digest: pagesDigest } = ocrBenchPages(dir);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => sum(xs) / xs.length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Each round's CPU ratio: the platform's pages over the CLI's same pages (`perRound` pages a round). */
const roundRatios = (ours: number[], cli: number[], perRound: number) =>
  Array.from(
    { length: Math.floor(cli.length / perRound) },
    (_, r) =>
      sum(ours.slice(r * perRound, (r + 1) * perRound)) / sum(cli.slice(r * perRound, (r + 1) * perRound)),
  );

// The CLI as Debian runs it: the same model, page segmentation and output settings as the engine, tesseract's
// own defaults otherwise (its retry of unsure lines inverted and its table finder on); with `same`, also given
// the variables the engine sets beyond those defaults (tesseractVars, e.g. -c tessedit_do_invert=0).
const engineVars = tesseractVars();
/** Its CPU (ms) is the CLI process's own (child_cpu.ts), not the bench's children's: a worker reaped meanwhile is not counted. */
let lastCliCpu = NaN;
async function cli(path: string, env: Record<string, string> = {}, same = false): Promise<number> {
  const cfg = ocrConfig();
  const args = tesseractArgs("txt", same ? cfg : { ...cfg, invert: true, findTables: true })
    .map((a) => (a === "stdin" ? path : a));
  const run = await runMeasured(cfg.tesseractBin, args, env).catch(() => {
    throw new Error(`tesseract CLI failed on ${path}`);
  });
  lastCliCpu = run.cpuMs;
  return run.wallMs;
}

const probe = await new Deno.Command(ocrConfig().tesseractBin, {
  args: ["--version"],
  stdout: "piped",
  stderr: "piped",
}).output().catch(() => undefined);
if (!probe?.success) {
  console.log(
    "The tesseract CLI is not installed (apt-get install tesseract-ocr): nothing to compare with; the engine uses tesseract.js.",
  );
  Deno.exit(0);
}
const version = new TextDecoder().decode(probe.stdout).split("\n")[0];

/** A Deno process of this process's tree (an engine's worker; its tesseracts are not). */
const isDeno = (pid: number) => {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/comm`).trim() === "deno";
  } catch {
    return false;
  }
};

// After a page the worker leaves the next page's reader ready (ocr_native.ts keepNativeOcrWarm: the FFI
// engine's handles stay; the CLI engine starts the next page's tesseracts, whose models load): that load
// happens before the CLI's next run, not during it — the CPU of this process's tree has stopped growing.
async function settle() {
  await new Promise((r) => setTimeout(r, 300));
  const tree = () => processTree(Deno.pid).slice(1).reduce((s, p) => s + cpuMs(p), 0);
  for (let i = 0, last = tree(); i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = tree();
    if (now - last < 10) break;
    last = now;
  }
}

/** One platform engine: its own pool, its worker started with DOCUMENT_OCR=`mode`. */
interface Platform {
  mode: string;
  engine: DocumentEngine;
  pool: SubprocessPool;
  pid?: number;
  name: string;
  coldMs: number;
  spawned: number;
  wall: number[];
  cpu: number[];
  rssAfter: number;
  /** When its last page ended, and per page whether it came after the worker had freed its readers. */
  lastEnd: number;
  cold: boolean[];
}

async function startPlatform(mode: string, verify: boolean): Promise<Platform> {
  Deno.env.set("DOCUMENT_OCR", mode);
  Deno.env.set("DOCUMENT_OCR_VERIFY", String(verify));
  const pool = new SubprocessPool(poolLimits());
  const engine = new DocumentEngine(pool);
  const before = new Set(processTree(Deno.pid));
  // warm-up: worker start, model load, page cache
  const t0 = performance.now();
  const page = await engine.ocr(Deno.readFileSync(dir + images[0]));
  const coldMs = performance.now() - t0;
  const pid = processTree(Deno.pid).find((p) => !before.has(p) && isDeno(p));
  await settle();
  return {
    mode,
    engine,
    pool,
    pid,
    name: page.engine,
    coldMs,
    spawned: pool.stats.spawned,
    wall: [],
    cpu: [],
    rssAfter: 0,
    lastEnd: t0 + coldMs,
    cold: [],
  };
}

async function timePage(p: Platform, bytes: Uint8Array) {
  // (a worker started again, after an idle exit, gets the engine's settings from the environment)
  Deno.env.set("DOCUMENT_OCR", p.mode);
  const c0 = p.pid ? cpuMs(p.pid) : NaN;
  const t0 = performance.now();
  // a worker keeps its readers (the FFI engine's handles, the CLI engine's waiting tesseracts) half its idle
  // time after a page (worker_main.ts): a page that comes later loads their models again, in its CPU
  p.cold.push(t0 - p.lastEnd >= IDLE_SECONDS * 500);
  await p.engine.ocr(bytes);
  p.lastEnd = performance.now();
  p.wall.push(p.lastEnd - t0);
  await settle(); // the next page's readiness (its CPU counted with this page)
  p.cpu.push(p.pid && p.pool.stats.spawned === p.spawned ? cpuMs(p.pid) - c0 : NaN);
}

// (the digests are read before this process's idle memory is measured)
const model = `${tessdataDir()}/eng.traineddata`;
const modelDigest = filesDigest([model]);
const idle = treeRss(Deno.pid);
const load = () => Deno.loadavg().map((l) => l.toFixed(1)).join(" ");
console.log(
  `OCR benchmark: ${images.length} page images × ${rounds} rounds, interleaved; ${version}; model ${model} (the npm package's, used by all; digest ${modelDigest}); load average ${load()}`,
);
// A page's CPU moves with the machine between sessions (the same CLI on the same pages: 965 ms at 09:50, 882 ms at
// 12:20 on 2026-11-25, both idle; 1,091 ms at load 10): only the ratios of the same rounds compare across runs.
console.log(
  `  pages (digest ${pagesDigest}): ${
    images.join(", ")
  }; CPU figures move with the machine, the same rounds' ratios compare`,
);
// Verification by re-reading on and off, each engine a worker of each, all in the same rounds: each page is
// read by the default-thread CLI, then by every platform worker (the order turned page by page), then by
// the single-thread CLI, so the two settings and the CLI are measured under the same load (two passes one
// after the other put the change of the other work's load between them into the re-reading's figure).
const verifyDefault = ocrConfig().verify;
const platforms: (Platform & { verify: boolean })[] = [];
for (const verify of [verifyDefault, !verifyDefault]) {
  for (const mode of modes) platforms.push({ ...(await startPlatform(mode, verify)), verify });
}
await cli(dir + images[0]);
const native: number[] = [], native1: number[] = [], nativeSame: number[] = [];
let native1Cpu = 0, nativeSameCpu = 0;
// the single-thread CLI's CPU page by page, and the load average after each round: each round's own ratio
// (the spread of the figure) beside the ratio over all rounds
const native1PageCpu: number[] = [], roundLoads: string[] = [];
const load0 = load();
for (let r = 0; r < rounds; r++) {
  for (const [i, name] of images.entries()) {
    const bytes = Deno.readFileSync(dir + name);
    native.push(await cli(dir + name));
    // the platforms in turn, the first one changing page by page
    const order = [...platforms.slice(i % platforms.length), ...platforms.slice(0, i % platforms.length)];
    for (const p of order) {
      Deno.env.set("DOCUMENT_OCR_VERIFY", String(p.verify));
      await timePage(p, bytes);
    }
    native1.push(await cli(dir + name, { OMP_THREAD_LIMIT: "1" }));
    native1PageCpu.push(lastCliCpu);
    native1Cpu += lastCliCpu;
    if (engineVars.length) {
      nativeSame.push(await cli(dir + name, { OMP_THREAD_LIMIT: "1" }, true));
      nativeSameCpu += lastCliCpu;
    }
  }
  roundLoads.push(Deno.loadavg()[0].toFixed(1));
}
const cpu1 = native1Cpu / native1.length;
const cpuSame = nativeSameCpu / nativeSame.length;
const sameFlags = engineVars.map(([k, v]) => `-c ${k}=${v}`).join(" ");
console.log(
  `\n${rounds} round(s), load average ${load0} at the first page, ${load()} after the last (1-minute load after each round: ${
    roundLoads.join(", ")
  }):`,
);
console.log(
  `  native CLI (default threads)      ${mean(native).toFixed(0)} ms/page (median ${
    median(native).toFixed(0)
  })`,
);
console.log(
  `  native CLI (OMP_THREAD_LIMIT=1)   ${mean(native1).toFixed(0)} ms/page (median ${
    median(native1).toFixed(0)
  }), CPU ${cpu1.toFixed(0)} ms/page`,
);
if (nativeSame.length) {
  console.log(
    `  native CLI (OMP_THREAD_LIMIT=1, ${sameFlags} as the engine) ${
      mean(nativeSame).toFixed(0)
    } ms/page (median ${median(nativeSame).toFixed(0)}), CPU ${cpuSame.toFixed(0)} ms/page`,
  );
}
for (const p of platforms) {
  p.rssAfter = p.pid ? processTree(p.pid).reduce((s, q) => s + rssOf(q), 0) : 0;
  const cpu = mean(p.cpu);
  console.log(
    `  DOCUMENT_OCR=${p.mode} DOCUMENT_OCR_VERIFY=${p.verify} (${p.name}, via worker, re-reading ${
      p.verify ? "on" : "off"
    }) ${mean(p.wall).toFixed(0)} ms/page (median ${median(p.wall).toFixed(0)}), CPU ${
      cpu.toFixed(0)
    } ms/page; wall ${(sum(p.wall) / sum(native)).toFixed(2)}x the default CLI, ${
      (sum(p.wall) / sum(native1)).toFixed(2)
    }x the single-thread CLI (target <= 1.0x); CPU ${(cpu / cpu1).toFixed(2)}x the single-thread CLI${
      nativeSame.length ? `, ${(cpu / cpuSame).toFixed(2)}x it given ${sameFlags}` : ""
    }`,
  );
  const cold = p.cold.filter(Boolean).length;
  console.log(
    `    pages that came after the worker had freed its readers (over ${
      IDLE_SECONDS / 2
    } s after its last page: their models loaded again, in the page's CPU): ${cold} of ${p.cold.length}${
      cold
        ? `; CPU ratio over the ${p.cold.length - cold} others ${
          ratioWhere(p.cpu, native1PageCpu, p.cold.map((c) => !c)).toFixed(2)
        } (a larger --idle keeps them)`
        : ""
    }`,
  );
  const perRound = roundRatios(p.cpu, native1PageCpu, images.length);
  console.log(
    `    CPU ratio to the single-thread CLI round by round: ${
      perRound.map((x) => x.toFixed(2)).join(", ")
    } (spread ${Math.min(...perRound).toFixed(2)}–${Math.max(...perRound).toFixed(2)}, median ${
      median(perRound).toFixed(2)
    })`,
  );
  console.log(
    `    worker starts during the timed pages: ${
      p.pool.stats.spawned - p.spawned
    }; first (cold) page, worker start included: ${
      p.coldMs.toFixed(0)
    } ms; worker and its tesseracts right after: ${mb(p.rssAfter)} (peak ${mb(p.pool.stats.peakWorkerRss)})`,
  );
}
for (const mode of modes) {
  const [on, off] = [true, false].map((v) => platforms.find((p) => p.mode === mode && p.verify === v)!);
  const extra = mean(on.cpu) - mean(off.cpu);
  console.log(
    `  DOCUMENT_OCR=${mode}: the re-reading's own CPU (on - off, same pages and load) ${
      extra.toFixed(0)
    } ms/page = ${(extra / cpu1).toFixed(2)}x the single-thread CLI's`,
  );
}
const after = treeRss(Deno.pid);
// half the idle time on, the workers still alive have given back what they kept for the next page (the
// FFI engine's handles, the CLI engine's waiting tesseracts); at the idle time they exit
await new Promise((r) => setTimeout(r, (IDLE_SECONDS / 2 + 1.5) * 1000));
console.log(
  `\nAfter ${IDLE_SECONDS / 2 + 1.5} s idle (what was kept for the next page released, the workers alive): ${
    platforms.map((p) =>
      `DOCUMENT_OCR=${p.mode} VERIFY=${p.verify} ${
        mb(
          p.pid
            ? processTree(p.pid).reduce((s, q) => s + rssOf(q), 0)
            : 0,
        )
      }`
    ).join(", ")
  }`,
);
await new Promise((r) => setTimeout(r, (IDLE_SECONDS / 2) * 1000));
const released = treeRss(Deno.pid);
console.log(
  `RSS of this process and its workers: idle ${mb(idle)}, right after OCR ${
    mb(after)
  }, after ${IDLE_SECONDS} s idle ${mb(released)} (${
    platforms.reduce((s, p) => s + p.pool.stats.workers, 0)
  } workers left); ${((released - idle) / 1048576).toFixed(0)} MB above idle (target <= 50 MB)`,
);
await Promise.all(platforms.map((p) => p.engine.close()));
Deno.env.delete("DOCUMENT_OCR");
Deno.env.set("DOCUMENT_OCR_VERIFY", String(verifyDefault));

if (Deno.args.includes("--wasm")) {
  Deno.env.set("DOCUMENT_OCR", "wasm");
  const wasm = documentEngine();
  await wasm.ocr(Deno.readFileSync(dir + images[0]));
  const times: number[] = [];
  for (const name of images.slice(0, 4)) {
    const t0 = performance.now();
    await wasm.ocr(Deno.readFileSync(dir + name));
    times.push(performance.now() - t0);
  }
  const cliTimes = [];
  for (const name of images.slice(0, 4)) cliTimes.push(await cli(dir + name));
  console.log(
    `  fallback tesseract.js (worker): ${mean(times).toFixed(0)} ms/page; ${
      (sum(times) / sum(cliTimes)).toFixed(2)
    }x the CLI on the same 4 pages`,
  );
}
await closeDocumentEngine();
