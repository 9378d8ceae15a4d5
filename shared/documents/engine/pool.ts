// The embedded document engine: a pool of worker subprocesses (worker_main.ts). Each worker is a separate
// Deno process with a V8 heap cap, watched for resident memory (killed over DOCUMENT_WORKER_MAX_MB) and
// time (killed past its deadline); a worker that dies, whatever the cause, takes only its own request
// with it. A bounded waiting line in front: one request more is 503 busy. Idle workers exit.
import { log } from "../../log.ts";
import {
  decodeFrame,
  encodeFrame,
  type EngineRequest,
  type EngineResponse,
  FrameReader,
} from "./protocol.ts";
import { DocumentTooComplex, EngineBusy, EngineUnavailable } from "./errors.ts";
import { loadWorkerSpawnSettings, type PoolLimits, type WorkerSpawnSettings } from "./limits.ts";
import { documentOpModule } from "./registry.ts";

export interface CallOptions {
  timeoutMs?: number;
}

/** How a request reaches a worker: this pool, or the HTTP client of a separately hosted engine. */
export interface EngineTransport {
  call(op: string, args: unknown[], opts?: CallOptions): Promise<EngineResponse>;
  close(): Promise<void>;
}

export interface PoolStats {
  workers: number;
  busy: number;
  waiting: number;
  spawned: number;
  killed: number;
  /** Highest resident memory a worker reached (bytes). */
  peakWorkerRss: number;
}

const WORKER_ENTRY = new URL("./worker_main.ts", import.meta.url);
const CONFIG = new URL("../../../deno.json", import.meta.url);

function residentBytes(pid: number): number {
  try {
    return Number(Deno.readTextFileSync(`/proc/${pid}/statm`).split(" ")[1]) * 4096;
  } catch {
    return 0;
  }
}

class Worker {
  readonly child: Deno.ChildProcess;
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #reader: FrameReader;
  dead = false;
  idleTimer?: ReturnType<typeof setTimeout>;
  exited: Promise<Deno.CommandStatus>;

  constructor(limits: PoolLimits, spawn: WorkerSpawnSettings) {
    const cmd = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--no-prompt",
        `--config=${CONFIG.pathname}`,
        `--v8-flags=--max-old-space-size=${Math.max(64, Math.floor(limits.workerMaxMb * 0.75))}`,
        // No network: nothing in a document can make a worker fetch. It may run only the OCR binary.
        "--allow-read",
        "--allow-env",
        "--allow-ffi",
        "--allow-sys",
        `--allow-run=${spawn.tesseractBin}`,
        `--allow-write=${spawn.tmpDir}`,
        WORKER_ENTRY.pathname,
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: spawn.inheritStderr ? "inherit" : "null",
    });
    this.child = cmd.spawn();
    this.#writer = this.child.stdin.getWriter();
    const raw = this.child.stdout.getReader();
    this.#reader = new FrameReader(raw);
    this.exited = this.child.status.then((s) => {
      this.dead = true;
      raw.cancel().catch(() => {});
      this.#writer.abort().catch(() => {});
      return s;
    });
    this.child.unref();
  }

  /** One request; throws DocumentTooComplex when the worker had to be killed or died on it. */
  async run(
    req: EngineRequest,
    timeoutMs: number,
    maxRss: number,
    stats: PoolStats,
  ): Promise<EngineResponse> {
    this.child.ref();
    let watchdog: ReturnType<typeof setInterval> | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    let reason = "";
    try {
      const limit = new Promise<never>((_, reject) => {
        const kill = (why: string) => {
          reason = why;
          this.kill();
          reject(new DocumentTooComplex(why));
        };
        deadline = setTimeout(
          () => kill(`The document took longer than ${Number((timeoutMs / 1000).toFixed(2))} s to process`),
          timeoutMs,
        );
        watchdog = setInterval(() => {
          const rss = residentBytes(this.child.pid);
          stats.peakWorkerRss = Math.max(stats.peakWorkerRss, rss);
          if (rss > maxRss) {
            kill(`The document needed more than ${Math.round(maxRss / 1048576)} MB to process`);
          }
        }, 50);
      });
      limit.catch(() => {});
      const answer = (async () => {
        await this.#writer.write(encodeFrame(req));
        const frame = await this.#reader.next();
        if (!frame) {
          const s = await this.exited;
          throw new DocumentTooComplex(
            reason || `The document crashed its worker (${s.signal ?? `exit code ${s.code}`})`,
          );
        }
        return decodeFrame(frame) as EngineResponse;
      })();
      return await Promise.race([answer, limit]);
    } catch (e) {
      this.kill();
      if (e instanceof DocumentTooComplex) throw e;
      throw new DocumentTooComplex(reason || `The document crashed its worker (${(e as Error).message})`);
    } finally {
      clearTimeout(deadline);
      clearInterval(watchdog);
      if (!this.dead) this.child.unref();
    }
  }

  kill(): void {
    if (this.dead) return;
    this.dead = true;
    try {
      this.child.kill("SIGKILL");
    } catch { /* already gone */ }
  }

  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (!this.dead) await this.#writer.close().catch(() => {});
    const timer = setTimeout(() => this.kill(), 2000);
    await this.exited.catch(() => {});
    clearTimeout(timer);
  }
}

export class SubprocessPool implements EngineTransport {
  readonly #workers = new Set<Worker>();
  readonly #idle: Worker[] = [];
  readonly #waiting: ((w: Worker | Error) => void)[] = [];
  #nextId = 1;
  #closed = false;
  #unavailable?: string;
  readonly stats: PoolStats = { workers: 0, busy: 0, waiting: 0, spawned: 0, killed: 0, peakWorkerRss: 0 };

  /** `spawn`: read once, when the pool is made (TESSERACT_BIN, TMPDIR, DOCUMENT_WORKER_STDERR). */
  constructor(readonly limits: PoolLimits, readonly spawn: WorkerSpawnSettings = loadWorkerSpawnSettings()) {}

  async call(op: string, args: unknown[], opts: CallOptions = {}): Promise<EngineResponse> {
    const worker = await this.#acquire();
    this.stats.busy++;
    try {
      return await worker.run(
        { id: this.#nextId++, op, args, module: documentOpModule(op) },
        opts.timeoutMs ?? this.limits.timeoutMs,
        this.limits.workerMaxMb * 1048576,
        this.stats,
      );
    } catch (e) {
      this.stats.killed++;
      log("warn", "document worker killed", { op, reason: (e as Error).message });
      throw e;
    } finally {
      this.stats.busy--;
      this.#release(worker);
    }
  }

  #acquire(): Promise<Worker> {
    if (this.#closed) return Promise.reject(new EngineUnavailable("The document engine is shut down"));
    if (this.#unavailable) return Promise.reject(new EngineUnavailable(this.#unavailable));
    while (this.#idle.length) {
      const w = this.#idle.pop()!;
      clearTimeout(w.idleTimer);
      if (!w.dead) return Promise.resolve(w);
      this.#forget(w);
    }
    if (this.#workers.size < this.limits.workers) {
      try {
        return Promise.resolve(this.#spawn());
      } catch (e) {
        this.#unavailable = `Document workers cannot be started here (${
          (e as Error).message
        }); set DOCUMENT_ENGINE_URL`;
        log("error", "document engine unavailable", { error: (e as Error).message });
        return Promise.reject(new EngineUnavailable(this.#unavailable));
      }
    }
    if (this.#waiting.length >= this.limits.queueMax) {
      return Promise.reject(new EngineBusy(Math.max(1, Math.ceil(this.limits.timeoutMs / 10000))));
    }
    this.stats.waiting++;
    return new Promise<Worker>((resolve, reject) => {
      this.#waiting.push((w) => {
        this.stats.waiting--;
        if (w instanceof Error) reject(w);
        else resolve(w);
      });
    });
  }

  #spawn(): Worker {
    const w = new Worker(this.limits, this.spawn);
    this.#workers.add(w);
    this.stats.spawned++;
    this.stats.workers = this.#workers.size;
    w.exited.then(() => this.#forget(w));
    return w;
  }

  #forget(w: Worker): void {
    this.#workers.delete(w);
    const i = this.#idle.indexOf(w);
    if (i >= 0) this.#idle.splice(i, 1);
    this.stats.workers = this.#workers.size;
  }

  #release(w: Worker): void {
    if (w.dead) this.#forget(w);
    const next = this.#waiting.shift();
    if (next) {
      if (!w.dead) return next(w);
      try {
        return next(this.#spawn());
      } catch (e) {
        return next(e as Error);
      }
    }
    if (w.dead) return;
    this.#idle.push(w);
    const timer = w.idleTimer = setTimeout(() => {
      const i = this.#idle.indexOf(w);
      if (i >= 0) this.#idle.splice(i, 1);
      this.#forget(w);
      w.kill(); // an idle worker holds nothing: a synchronous kill starts no work that outlives the timer
    }, this.limits.idleMs);
    Deno.unrefTimer(timer);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const next of this.#waiting.splice(0)) {
      next(new EngineUnavailable("The document engine is shut down"));
    }
    await Promise.all([...this.#workers].map((w) => w.close()));
    this.#workers.clear();
    this.#idle.length = 0;
    this.stats.workers = 0;
  }
}
