// `npm run bench:start`: cold and warm start of the local stack (`npm start`: embedded PostgreSQL, every
// migration, demo seed, all services healthy) against the embedded PostgreSQL alone (the same
// startDatabase() in a Deno process that does nothing else), each in its own process, interleaved, on
// fresh data folders. Cold = empty DATA_DIR (initdb + every migration); warm = the same folder again.
// Ready = the start printed: on a first start the reference data's migrations (INDEPENDENT_LANES) load after
// it (their readers wait meanwhile) and the bench prints when they were in; the cold run's Ctrl-C lets that load
// finish, so the warm run that follows is a true second start.
// Target: cold start ≤ 1.5× the embedded PostgreSQL's own cold start.
//   BENCH_START_ROUNDS (2), BENCH_START_PORT (55180; PostgreSQL on the next port),
//   BENCH_START_TIMEOUT_MS (60000: a start not ready by then is killed and reported),
//   BENCH_START_COMPARE (a checkout of another revision, e.g. `git archive <rev> | tar -x -C dir` with
//   node_modules linked: its npm start runs in the same rounds, for a before/after in the same conditions)
import { startDatabase } from "../../shared/stack/database.ts";
import { type PostgresMilestones, postgresMilestones } from "./start_log.ts";

const PHASES = ["database", "migrations", "seed", "started", "healthy"];

if (Deno.args[0] === "--database-only") {
  // The embedded PostgreSQL alone: started, reported, stopped on SIGINT.
  const db = await startDatabase(Deno.args[1]);
  await db.durable; // ready means what npm start's ready means: the new cluster on disk
  console.log("database ready");
  Deno.addSignalListener("SIGINT", async () => {
    await db.stop();
    Deno.exit(0);
  });
} else {
  await main();
}

async function main() {
  const rounds = Number(Deno.env.get("BENCH_START_ROUNDS") ?? 2);
  const port = Number(Deno.env.get("BENCH_START_PORT") ?? 55180);
  const timeoutMs = Number(Deno.env.get("BENCH_START_TIMEOUT_MS") ?? 60_000);
  const root = await Deno.makeTempDir({ prefix: "bench-start-" });
  // As root the embedded server runs as the "postgres" user, which must reach the data folders.
  if (Deno.uid?.() === 0) await Deno.chmod(root, 0o755);
  const deno = Deno.execPath();
  const repo = new URL("../../", import.meta.url).pathname;

  // CPU seconds of the whole process tree (Deno, initdb, the PostgreSQL server and its backends, all
  // reaped by the end) from GNU time when it is installed: on a shared machine wall time mostly measures
  // the other processes, CPU time much less.
  const gnuTime = await Deno.stat("/usr/bin/time").then(() => true, () => false);

  // GNU time ignores SIGINT while it waits: the signal goes to the Deno process it runs.
  async function stopGracefully(pid: number) {
    let target = pid;
    if (gnuTime) {
      const children = await Deno.readTextFile(`/proc/${pid}/task/${pid}/children`).catch(() => "");
      target = Number(children.trim().split(/\s+/)[0]) || pid;
    }
    try {
      Deno.kill(target, "SIGINT");
    } catch { /* already gone (killed at the timeout, or it failed): its status tells */ }
  }

  /** Milliseconds from spawn to the line that says it is ready (then SIGINT, wait for the exit), and CPU ms. */
  async function timed(
    args: string[],
    dataDir: string,
    ready: RegExp,
    cwd = repo,
  ): Promise<Run> {
    const started = performance.now();
    const spawnedAt = Date.now();
    const argv = [deno, "run", "-A", ...args];
    const child = new Deno.Command(gnuTime ? "/usr/bin/time" : deno, {
      args: gnuTime ? ["-f", "BENCH_CPU %U %S", ...argv] : argv.slice(1),
      cwd,
      env: {
        PORT: String(port),
        EMBEDDED_PG_PORT: String(port + 1),
        DATA_DIR: dataDir,
        HOST: "127.0.0.1",
        // debug: the stack logs where its start's time went ("startup phases", before it prints the start).
        LOG_LEVEL: "debug",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const decoder = new TextDecoder();
    let out = "";
    let ms = -1;
    const reader = child.stdout.getReader();
    const timeout = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        out += decoder.decode(value);
        if (ready.test(out)) {
          ms = performance.now() - started;
          break;
        }
      }
      // Read on to the end: with debug logging the stack still writes while it stops.
      const drained = (async () => {
        while (true) {
          const { value, done } = await reader.read();
          if (done) break;
          out += decoder.decode(value);
        }
      })();
      await stopGracefully(child.pid);
      await drained;
      const [status, err] = await Promise.all([child.status, new Response(child.stderr).text()]);
      await stopLeftover(dataDir);
      if (ms < 0) throw new Error(`not ready (exit ${status.code}): ${(out + err).slice(-2000)}`);
      const cpu = err.match(/BENCH_CPU ([\d.]+) ([\d.]+)/);
      const logLine = (msg: string) => {
        const line = out.split("\n").find((l) => l.includes(`"msg":"${msg}"`));
        return line ? JSON.parse(line) : undefined;
      };
      return {
        ms,
        cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN,
        phases: logLine("startup phases"),
        referenceMs: logLine("reference data loaded")?.sinceStart,
        postgres: postgresMilestones(out, spawnedAt),
      };
    } finally {
      clearTimeout(timeout);
    }
  }

  /** A PostgreSQL still running on the data folder once its process exited would hold the port for the
   * next run: it is stopped (and said), so one bad run does not fail the rounds after it. */
  async function stopLeftover(dataDir: string) {
    const pid = Number(
      (await Deno.readTextFile(`${dataDir}/postgres/postmaster.pid`).catch(() => "")).split("\n")[0],
    );
    const alive = () => {
      try {
        Deno.kill(pid, "SIGCONT");
        return true;
      } catch {
        return false;
      }
    };
    if (!pid || !alive()) return;
    console.error(`a PostgreSQL (pid ${pid}) was left running on ${dataDir}: stopping it`);
    Deno.kill(pid, "SIGINT");
    for (let i = 0; i < 50 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
    if (alive()) Deno.kill(pid, "SIGKILL");
  }

  const stack = (dir: string) => timed(["scripts/start.ts"], dir, /Press Ctrl-C to stop/);
  const compare = Deno.env.get("BENCH_START_COMPARE");
  const other = (dir: string) => timed(["scripts/start.ts"], dir, /Press Ctrl-C to stop/, compare);
  const database = (dir: string) =>
    timed(["scripts/bench/start.ts", "--database-only", dir], dir, /database ready/);

  const results: Record<string, Run[]> = {
    "PostgreSQL alone, cold": [],
    "npm start, cold": [],
    "PostgreSQL alone, warm": [],
    "npm start, warm": [],
    ...(compare ? { "compared, cold": [], "compared, warm": [] } : {}),
  };
  try {
    for (let r = 0; r < rounds; r++) {
      const pgDir = `${root}/pg-${r}`;
      const stackDir = `${root}/stack-${r}`;
      // With a revision to compare, the two alternate which goes first from one round to the next.
      const both = async (kind: string) => {
        const runs: [string, () => Promise<Run>][] = [[`npm start, ${kind}`, () => stack(stackDir)]];
        if (compare) runs.push([`compared, ${kind}`, () => other(`${root}/compare-${r}`)]);
        if (r % 2) runs.reverse();
        for (const [name, run] of runs) results[name].push(await run());
      };
      results["PostgreSQL alone, cold"].push(await database(pgDir));
      await both("cold");
      results["PostgreSQL alone, warm"].push(await database(pgDir));
      await both("warm");
    }
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
  const load = Deno.loadavg().map((n) => n.toFixed(1)).join(" / ");
  console.log(
    `\nstart (${rounds} interleaved rounds, each in its own Deno process; ${navigator.hardwareConcurrency} CPUs, load ${load})`,
  );
  console.log(
    `  ${"".padEnd(24)} ${"spawn → ready (wall)".padEnd(30)} ${"CPU of the process tree".padEnd(30)}`,
  );
  for (const [name, xs] of Object.entries(results)) {
    const wall = `${xs.map((x) => Math.round(x.ms)).join(", ")} ms`;
    const cpu = `${xs.map((x) => Math.round(x.cpuMs)).join(", ")} ms`;
    console.log(`  ${name.padEnd(24)} ${wall.padEnd(30)} ${cpu.padEnd(30)}`);
  }
  const ratio = (a: string, b: string, k: "ms" | "cpuMs") =>
    results[a].map((x, i) => (x[k] / results[b][i][k]).toFixed(2)).join(", ");
  console.log(
    `  ratio cold: npm start / PostgreSQL alone   wall ${
      ratio("npm start, cold", "PostgreSQL alone, cold", "ms")
    }   CPU ${ratio("npm start, cold", "PostgreSQL alone, cold", "cpuMs")}   (target ≤ 1.5)`,
  );
  console.log(
    `  ratio warm: npm start / PostgreSQL alone   wall ${
      ratio("npm start, warm", "PostgreSQL alone, warm", "ms")
    }   CPU ${ratio("npm start, warm", "PostgreSQL alone, warm", "cpuMs")}`,
  );
  for (const kind of compare ? ["cold", "warm"] : []) {
    const [ours, theirs] = [`npm start, ${kind}`, `compared, ${kind}`];
    console.log(
      `  ratio ${kind}: npm start / ${compare}   wall ${ratio(ours, theirs, "ms")}   CPU ${
        ratio(ours, theirs, "cpuMs")
      }`,
    );
  }
  // The stack's own phases (ms each, from its process start; database = PostgreSQL initialised and started
  // while the services' modules load, then migrations (the server listens and the services' /health are asked
  // meanwhile), demo seed, the loops started beside it (what they took beyond the seed), all healthy).
  console.log(`  phases of npm start (ms each, per round): ${PHASES.join(" → ")}`);
  for (const name of Object.keys(results).filter((n) => !n.startsWith("PostgreSQL"))) {
    const rows = results[name].map((r) => phaseDurations(r.phases).join("/"));
    console.log(`    ${name.padEnd(22)} ${rows.join("   ")}`);
  }
  // A first start loads the reference data after it is ready (its readers wait for it meanwhile).
  console.log(
    `  reference data loaded (ms from the process start; the start was ready at the first figure):`,
  );
  for (const name of Object.keys(results).filter((n) => n.endsWith("cold") && !n.startsWith("PostgreSQL"))) {
    const rows = results[name].map((r) =>
      `${Math.round(r.phases?.healthy ?? NaN)} → ${r.referenceMs ?? "-"}`
    );
    console.log(`    ${name.padEnd(22)} ${rows.join("   ")}`);
  }
  // Where a slow round loses: the child process's start (initdb's first line comes once the script has loaded what it
  // loads before the database start) and PostgreSQL's own start (initdb and the server, slowed by whatever runs
  // beside them and by the machine), the same milestones in every run (docs/operations.md, "Local stack: cold12").
  console.log(
    `  PostgreSQL inside each run (ms from the spawn: initdb's first line → the server ready to accept connections):`,
  );
  for (const name of Object.keys(results).filter((n) => n.endsWith("cold"))) {
    const rows = results[name].map((r) => `${r.postgres.firstLine ?? "?"} → ${r.postgres.ready ?? "?"}`);
    console.log(`    ${name.padEnd(22)} ${rows.join("   ")}`);
  }
}

interface Run {
  ms: number;
  cpuMs: number;
  phases?: Record<string, number>;
  /** ms from the process start to the end of the reference data's load after the start (a first start). */
  referenceMs?: number;
  /** The embedded PostgreSQL's own start inside the run, from its log lines. */
  postgres: PostgresMilestones;
}

/** Each phase's own duration (the log gives the time at the end of each). */
function phaseDurations(phases: Record<string, number> | undefined): (number | string)[] {
  if (!phases) return PHASES.map(() => "?");
  return PHASES.map((p, i) => phases[p] - (i ? phases[PHASES[i - 1]] : 0));
}
