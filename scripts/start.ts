// `npm start`: the whole platform in one command, offline, with the embedded defaults.
// Only what starts the database loads before it: the rest loads while PostgreSQL initialises and starts.
import { envInt, loadCoreConfig } from "../shared/config.ts";
import type { Sql } from "../shared/db/client.ts";
import type { MigrationFile } from "../shared/db/migrate.ts";
import type { DemoPrepared } from "../shared/stack/demo_seed.ts";
import type { Platform } from "../shared/platform.ts";
import type { createStackHandler } from "../shared/stack/server.ts";
import { errorText, log } from "../shared/log.ts";
import { startDatabase } from "../shared/stack/database.ts";
import { isLoopback, missingProductionSecrets, stackMode } from "../shared/stack/mode.ts";
import { LIVENESS, type StartGate, startGate } from "../shared/stack/start_gate.ts";

// Times are counted from the process start (performance.now()'s origin): Deno's own start and the imports count.
const started = 0;
const config = loadCoreConfig();
const port = envInt("PORT", 54321);
const mode = stackMode();
const host = Deno.env.get("HOST") || "127.0.0.1";
if (mode === "production" && missingProductionSecrets().length) {
  log("error", "STACK_MODE=production refuses the development secrets; set them", {
    missing: missingProductionSecrets(),
  });
  Deno.exit(1);
}
if (mode === "development" && !isLoopback(host)) {
  log(
    "warn",
    "development mode on a non-loopback address: /dev/* pages and development secrets are reachable from the network",
    { host },
  );
}

// What the migrations need (the database client, the runner, the files) loads first, then the services'
// modules (a third of a cold start), all while the embedded PostgreSQL initialises and starts in its own
// process (`npm run bench:start`). Imported before the database start, the first ones held it back 0.1–0.2 s.
// Through `later`, whose specifier Deno cannot read ahead: a literal `import("…")` is part of the module graph Deno
// builds before a script's first line runs (it reads, analyzes and resolves every module a literal dynamic import
// reaches), so the ≈470 modules of the stack were read before initdb could start (docs/operations.md, "Local stack:
// cold12"). The types still come from the modules themselves (`typeof import`, a type-only reference).
const later = <T>(path: string): Promise<T> => import(new URL(path, import.meta.url).href);
const loadCore = () =>
  Promise.all([
    later<typeof import("../shared/db/client.ts")>("../shared/db/client.ts"),
    later<typeof import("../shared/db/migrate.ts")>("../shared/db/migrate.ts"),
    later<typeof import("../shared/platform.ts")>("../shared/platform.ts"),
    later<typeof import("../shared/db/reference_gate.ts")>("../shared/db/reference_gate.ts"),
  ]);
const loadModules = () =>
  Promise.all([
    later<typeof import("../shared/stack/demo_seed.ts")>("../shared/stack/demo_seed.ts"),
    later<typeof import("../shared/stack/server.ts")>("../shared/stack/server.ts"),
    later<typeof import("../shared/stack/extensions/index.ts")>("../shared/stack/extensions/index.ts"),
    later<typeof import("../shared/stack/services.ts")>("../shared/stack/services.ts"),
    later<typeof import("../shared/documents/engine/index.ts")>("../shared/documents/engine/index.ts"),
  ]);
// The queue worker and the job registry, for the background loops: loaded once the start is printed (the loops
// start then), not beside initdb with the rest (docs/operations.md, "Local stack: the start's critical path (cold11)").
const loadLoops = () =>
  Promise.all([
    later<typeof import("../shared/queue/worker.ts")>("../shared/queue/worker.ts"),
    later<typeof import("../shared/jobs/registry.ts")>("../shared/jobs/registry.ts"),
  ]);
let core: ReturnType<typeof loadCore> | undefined;
let modules: ReturnType<typeof loadModules> | undefined;
let files: Promise<MigrationFile[]> | undefined;
let demoPrepared: Promise<DemoPrepared> | undefined;
let pool: Sql | undefined; // once the modules are loaded (closed by the shutdown)
let platform: Promise<Platform> | undefined;
let built: Promise<ReturnType<typeof createStackHandler>> | undefined;
// Lets the routes' build and the demo login's hash begin (see loadAll); called again, it does nothing.
let buildNow = () => {};
const loadAll = (url: string, starting = { initdb: false }) => {
  core = loadCore();
  // One after the other: Deno settles dynamic imports pending together at once.
  modules = core.then(loadModules);
  // The pool and the platform once the modules are in: no query yet (postgres.js connects on the first one).
  platform = Promise.all([core, modules]).then(([[{ connect }, , { createPlatform }]]) => {
    pool = connect(url, { max: envInt("DB_POOL_SIZE", 20) });
    return createPlatform(pool, config);
  });
  // Every service's routes (≈30 ms of the main thread) and a first start's demo password hash (scrypt, ≈40 ms
  // of CPU off the main thread) are built once the modules are in, while PostgreSQL starts, so they do not hold
  // back the start after the migrations — unless initdb runs: a new cluster's initdb uses most of a 2-core
  // machine, and everything beside it lengthens it, so then they wait for the main migration transaction,
  // whose backend leaves the other core idle (docs/operations.md, "Local stack: beside initdb only what must be").
  const when = starting.initdb ? new Promise<void>((r) => buildNow = r) : Promise.resolve();
  built = Promise.all([platform, modules, when]).then(([p, [, { createStackHandler }, { extensions }]]) => {
    const handler = createStackHandler(p, extensions);
    log("debug", "routes built", { sinceStart: Math.round(performance.now() - started) });
    return handler;
  });
  // The demo login too: its password hash is computed before the seed needs it, not by the seed.
  demoPrepared = Promise.all([modules, when]).then(([[{ prepareDemo }]]) => prepareDemo(config.dataDir));
  // The reference files' COPY loads are split after the start, with their load (see below): split here, while
  // initdb runs, they took ≈40 ms of CPU from initdb on a loaded machine for work needed only after ready.
  // On a new cluster, which files of the generated lineages a later file supersedes (recorded without running,
  // shared/db/lineage.ts) is worked out here too, beside initdb, rather than before the first migration.
  files = core.then(([, { readMigrations, supersededOnFresh }]) =>
    readMigrations().then((all) => (starting.initdb && supersededOnFresh(all), all))
  );
  for (const p of [core, modules, files, demoPrepared, platform, built]) p.catch(() => {}); // awaited below; failures surface there
};
const db = await startDatabase(config.dataDir, { whileStarting: loadAll });
// Not started when the server printed nothing while it started (see StartOptions.whileStarting).
if (!core) loadAll(db.url);
let engine: Awaited<ReturnType<typeof loadModules>>[4] | undefined;
modules!.then((m) => engine = m[4], () => {});
// Where a start's time goes (LOG_LEVEL=debug): ms since the start at the end of each phase.
const phases: Record<string, number> = { database: Math.round(performance.now() - started) };
const phase = (name: string) => phases[name] = Math.round(performance.now() - started);
const stops: { name: string; stop: () => Promise<void> }[] = [{
  name: "document engine",
  stop: async () => await engine?.closeDocumentEngine(),
}];
let stopping = false;
let gate: StartGate | undefined; // the server's, once it listens: requests wait there until the start is ready

// Whatever hangs in the orderly shutdown (a stuck connection, a peer that never answers), Ctrl-C ends the
// process within this time; the parts stop side by side, each within STOP_PART_MS.
const SHUTDOWN_DEADLINE_MS = 4_500;
const STOP_PART_MS = 1_500;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log("info", "stopping");
  setTimeout(() => {
    log("error", "shutdown did not finish in time: exiting", { deadlineMs: SHUTDOWN_DEADLINE_MS });
    db.abort();
    Deno.exit(code || 1);
  }, SHUTDOWN_DEADLINE_MS);
  await Promise.all(stops.map(async ({ name, stop }) => {
    const t0 = performance.now();
    const done = await Promise.race([
      stop().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), STOP_PART_MS)),
    ]).catch((e) => (log("warn", "stop failed", { part: name, error: errorText(e) }), true));
    if (!done) log("warn", "a part did not stop in time; going on", { part: name, ms: STOP_PART_MS });
    else log("debug", "stopped", { part: name, ms: Math.round(performance.now() - t0) });
  }));
  await pool?.end({ timeout: 1 }).catch(() => {});
  await db.stop().catch((e) => log("warn", "database stop failed", { error: errorText(e) }));
  Deno.exit(code);
}
Deno.addSignalListener("SIGINT", () => shutdown(0));
Deno.addSignalListener("SIGTERM", () => shutdown(0));

try {
  const [, { migrateStaged, splitAhead }, , { referenceDataLoading }] = await core!;
  const p = await platform!;
  const [{ seedDemo }, , { extensions }, { serviceNames }] = await modules!;
  const sql = p.sql;
  // The server listens while the migrations run, its requests held until the start is ready (start_gate.ts)
  // but for the services' liveness paths, answered from memory.
  // The routes may still be built (on a first start, while the main migration transaction runs): a request that
  // passes the gate meanwhile waits for them.
  let handler: Awaited<typeof built> | undefined;
  built!.then((h) => handler = h, () => {});
  gate = startGate(
    (req, info) => handler ? handler(req, info) : built!.then((h) => h(req, info)),
    (req) => LIVENESS.test(new URL(req.url).pathname),
  );
  const server = Deno.serve({ port, hostname: host, onListen: () => {} }, gate.handler);
  stops.push({ name: "http server", stop: () => (gate?.fail("stopping"), server.shutdown()) });
  log("debug", "listening while the migrations run", { sinceStart: Math.round(performance.now() - started) });
  // Every service's /health (liveness, answered from memory: it needs neither the schema nor the demo data), asked
  // over HTTP as soon as the routes are built and the server listens — on a new cluster while the main migration
  // transaction runs, on one that exists while the migrations are checked — instead of after the seed: each
  // service's first request (its router compiled) and the HTTP client's first use leave the start's critical path.
  // Asked right after the server listened, before the main transaction's files were sent (branch cold7), they held
  // those files back; now, on a new cluster, the server has them by then (migrateStaged's whileApplying builds the
  // routes). The start still prints only once all ten answered (docs/operations.md, "Local stack: the start's
  // critical path (cold11)").
  const health = built!.then(() =>
    Promise.all(serviceNames.map(async (s) => {
      const res = await fetch(`http://127.0.0.1:${port}/v1/${s}/health`);
      await res.body?.cancel();
      return [s, res.status] as const;
    }))
  ).then((answers) => {
    log("debug", "services answered their health check", {
      healthy: answers.filter(([, status]) => status === 200).length,
      sinceStart: Math.round(performance.now() - started),
    });
    return answers;
  });
  health.catch(() => {}); // awaited below
  // The reference data's migrations (INDEPENDENT_LANES) load once the start is printed; until then the
  // routes and jobs that read them wait for them (shared/db/reference_gate.ts), the rest serves.
  const all = await files!;
  const staged = await migrateStaged(sql, { files: all, whileApplying: () => buildNow() });
  buildNow(); // with nothing pending too
  phase("migrations");
  let loadReference!: () => void;
  let loading = false;
  const reference = new Promise<void>((r) => loadReference = () => (loading = true, r())).then(async () => {
    const t0 = performance.now();
    // Split into their COPY loads a stretch at a time, back to the event loop between (requests are served).
    await splitAhead(
      all.filter((f) => staged.deferred.includes(f.version) && !staged.superseded.has(f.version)),
    );
    await staged.later();
    if (staged.deferred.length) {
      log("info", "reference data loaded", {
        migrations: staged.deferred.length,
        ms: Math.round(performance.now() - t0),
        sinceStart: Math.round(performance.now() - started),
      });
    }
  });
  reference.catch((e) =>
    stopping
      ? log("debug", "reference data load stopped by the shutdown; the next start applies it", {})
      : log("error", "reference data failed to load; its routes answer 503", { error: errorText(e) })
  );
  referenceDataLoading(sql, reference);
  // A load under way finishes (a fraction of a second) rather than leaving it to the next start.
  stops.push({
    name: "reference data",
    stop: async () => {
      if (loading) await reference.catch(() => {});
    },
  });
  const demo = await seedDemo(p, demoPrepared!, extensions);
  phase("seed");
  await built;
  phase("started");
  gate.open();
  const answers = await health;
  // A new cluster's files, written by initdb without its own sync, are on disk before the start says it is up.
  const syncWait = performance.now();
  await db.durable;
  log("debug", "waited for the new cluster's sync", { ms: Math.round(performance.now() - syncWait) });
  const unhealthy = answers.filter(([, status]) => status !== 200);
  phase("healthy");
  log("debug", "startup phases", phases);
  const ms = Math.round(performance.now() - started);

  console.log(`
  Solar platform is up (${
    db.embedded ? "embedded PostgreSQL 15" : "DATABASE_URL"
  }; ${staged.applied.length} migration(s) applied now${
    staged.deferred.length ? `, ${staged.deferred.length} of reference data loading after the start` : ""
  })
  Base URL        ${config.publicUrl}
  Services        ${config.publicUrl}/v1/<service>/...  and  ${config.publicUrl}/functions/v1/<service>/...
  API docs        ${config.publicUrl}/docs
  Demo page       ${config.publicUrl}/demo
  Widget URL      ${config.publicUrl}/widget/?token=${demo.partnerToken}
  Dev mailbox     ${
    mode === "development" ? `${config.publicUrl}/dev/mailbox` : "off (STACK_MODE=production)"
  }
  Listening on    ${host}:${port} (STACK_MODE=${mode})
  Demo login      ${demo.adminEmail} / ${demo.adminPassword}
  Partner token   ${demo.partnerToken}
  Saved to        ${config.dataDir}/demo.json
  Health          ${answers.length - unhealthy.length}/${answers.length} services healthy
  Startup         ${ms} ms to all-healthy
  Press Ctrl-C to stop.
`);
  if (unhealthy.length) log("error", "unhealthy services", { unhealthy });
  loadReference();
  // The background loops (queue worker, bus push loop, inbound SMTP, the inbox check) once the start is printed:
  // they need the schema, not the demo data, and nothing the start reports. Started beside the seed, their start
  // (a pool connection of their own, the bus subscriptions' upsert, the SMTP listener) took the main thread and a
  // core from the seed (docs/operations.md, "Local stack: the start's critical path (cold11)"); a job queued
  // meanwhile waits for the worker's first poll.
  // The job registry is shared with the deployed queue-worker; extensions add local-only handlers.
  const [{ startWorker }, { jobHandlers }] = await loadLoops();
  const handlers = Object.assign(jobHandlers(p), ...extensions.map((e) => e.jobs?.(p) ?? {}));
  if (!stopping) stops.push({ name: "queue worker", stop: startWorker(p, handlers) });
  for (const e of extensions) {
    if (stopping) break;
    if (e.start) stops.push({ name: e.name, stop: await e.start(p) });
  }
  phase("loops");
  // What need not hold back the start (the widget's and the console's builds, the first bus prune) runs now.
  for (const e of extensions) {
    if (stopping) break;
    await e.afterHealthy?.(p).catch((err) =>
      log("error", "work after the start failed", { part: e.name, error: errorText(err) })
    );
  }
  phase("afterHealthy");
  log("debug", "after the start", { ms: phases.afterHealthy - phases.healthy });
} catch (e) {
  buildNow(); // a liveness request waiting for the routes gets them
  log("error", "startup failed", { error: errorText(e) });
  gate?.fail("the start failed");
  await shutdown(1);
}
