import type { Sql, Tx } from "./client.ts";
import { bootstrapCoreSql, bootstrapExtensionsSql, bootstrapSql } from "./bootstrap.ts";
import { applyFiles, LaneAborted } from "./apply_files.ts";
import { type Ahead, createExtensionsAhead, scanAhead } from "./extensions_ahead.ts";
import { type Piece, splitBulkRows } from "./bulk_rows.ts";
import { supersededOnFresh } from "./lineage.ts";

export { supersededOnFresh };

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  /** splitBulkRows(sql), when split ahead (splitAhead); otherwise the runner splits a file when it applies it. */
  pieces?: Piece[];
}

const migrationsDir = new URL("../../supabase/migrations/", import.meta.url);

/** Reads supabase/migrations/<version>_<name>.sql in version order. */
export async function readMigrations(dir: URL = migrationsDir): Promise<MigrationFile[]> {
  const names: [string, RegExpMatchArray][] = [];
  for await (const entry of Deno.readDir(dir)) {
    const m = entry.isFile && entry.name.match(/^(\d{14})_(.+)\.sql$/);
    if (m) names.push([entry.name, m]);
  }
  // Side by side: npm start reads them while the services' modules load, and a read awaited before the
  // next waited for a turn of the event loop between the modules' evaluation each time. Started once the
  // directory is listed: started while listing, a read could end before the listing's next step (seen at load).
  const reads = names.map(([name, m]) =>
    Deno.readTextFile(new URL(name, dir)).then((sql) => ({ version: m[1], name: m[2], sql }))
  );
  return (await Promise.all(reads)).sort(byVersion);
}

/** Version order: the versions are 14 digits, so their code units order them. Not `localeCompare`: its first call
 * in a process loads ICU's collation data (≈30–60 ms of CPU), on a first start beside initdb (docs/operations.md,
 * "Local stack: margin16"). */
export const byVersion = (a: { version: string }, b: { version: string }): number =>
  a.version < b.version ? -1 : a.version > b.version ? 1 : 0;

/**
 * Splits each file's row statements into COPY loads ahead of the migration (splitBulkRows: ≈40 ms of Deno CPU
 * over the reference files), for a caller that knows every file will be applied (a new database) and has time
 * before (npm start while initdb runs). Back to the event loop once a stretch of files has held it for
 * SPLIT_SLICE_MS, so a child process's output (initdb's end, the server's start) waits for one big file at
 * most. Not after every file: an awaited setTimeout costs 1–3 ms, so the 43 turns stretched the split to
 * 159–224 ms of wall for ≈40 ms of CPU (91–128 ms now, load 7), and once in three instrumented starts at load 8
 * it ended after the server was ready (the migrations waited for it).
 */
export async function splitAhead(files: MigrationFile[]): Promise<MigrationFile[]> {
  let since = performance.now();
  for (const f of files) {
    f.pieces = splitBulkRows(f.sql);
    if (performance.now() - since < SPLIT_SLICE_MS) continue;
    await new Promise((r) => setTimeout(r, 0));
    since = performance.now();
  }
  return files;
}

const SPLIT_SLICE_MS = 5;

// The Supabase CLI's history table when it is absent (a local database). Its `statements` keep each file's text
// (4 MB with the reference data): stored uncompressed, because pglz compressing them cost 0.15 s of a cold start
// (`npm run bench:start`); a table the CLI made is left as it is.
const createHistorySql = `create schema if not exists supabase_migrations;
do $$ begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
    alter table supabase_migrations.schema_migrations alter column statements set storage external;
  end if;
end $$;`;

/**
 * Migrations that touch only what they create themselves: reference data (its tables, rows, keys, indexes,
 * policies and grants to the bootstrap's API roles), which nothing outside the lane reads in a migration. Each
 * inner list runs in version order on a connection of its own, beside the other migrations, so a first start's
 * bulk loads use a second core (`npm run bench:start`). tests/integration/foundation/migrations_test.ts checks
 * the claim on the files: no migration outside a lane names a table the lane creates, and a lane names no table
 * created outside it. A new reference-data migration may join a lane (or start one); anything else stays out.
 */
export const INDEPENDENT_LANES: readonly (readonly string[])[] = [
  ["20261123004100", "20261207130002"], // geo_gazetteer, its latitude index
  [
    "20261122004100",
    "20261122004200",
    "20261123004200",
    "20261124005000",
    "20261201090501",
    "20261201090502",
    "20261205160000",
    "20261205160001",
    "20261206170300",
    "20261207160000",
  ], // utility providers, their updates
];

const LOCK_KEY = "supabase_migrations";

type MigrateOptions = {
  dir?: URL;
  bootstrap?: boolean;
  files?: MigrationFile[];
  /** Versions that may run beside the rest, one list per connection (default INDEPENDENT_LANES). */
  lanes?: readonly (readonly string[])[];
  /** migrateStaged: called once the main transaction's files have left this process (pipelined, up to
   * postgres.js's 100 queries in flight; at once when none is pending), before it commits: synchronous work the
   * caller does then (npm start builds its routes there on a first start) runs while the server executes them,
   * instead of holding them back. With fewer than 3 connections, once everything is applied. Not called when
   * the run fails before the lock's connection has planned the work. */
  whileApplying?: () => void;
  /** false: every pending file runs, also the files of a generated lineage that a later one supersedes on a
   * database that applied none of its files (default: those are recorded without running, shared/db/lineage.ts). */
  supersede?: boolean;
};

/** The pending files a later file of their lineage supersedes (version → its version), unless opts say otherwise. */
function supersededBy(files: MigrationFile[], done: Set<string>, opts: MigrateOptions): Map<string, string> {
  return opts.supersede === false ? new Map() : supersededOnFresh(files, done);
}

/**
 * Applies the migrations not yet recorded, recording them in supabase_migrations.schema_migrations exactly as
 * `supabase db push` does, so a database migrated here and one migrated by the Supabase CLI agree. An advisory
 * lock serialises concurrent runners. `files` (read beforehand, e.g. while the database starts) stands for
 * reading `dir`. Returns the versions applied, in version order.
 *
 * All pending migrations run in one transaction when the pool has one connection (or nothing pending belongs
 * to a lane). With more, each pending lane of `lanes` runs in a transaction of its own on its own connection
 * while the other migrations run in version order in a main transaction; every transaction records its own
 * versions, and none commits before all have run their migrations: a failure anywhere rolls every one back
 * (the database is left unchanged, as with one transaction). Only a failing COMMIT itself (a full disk) could
 * leave the transactions that committed before it applied; the history still says exactly which. The rows
 * of a table created in the same transaction still skip the WAL (wal_level=minimal).
 */
export async function migrate(sql: Sql, opts: MigrateOptions = {}): Promise<string[]> {
  const files = opts.files ?? await readMigrations(opts.dir);
  // One connection holds the lock, each lane and the main transaction need one more.
  const connections = (sql.options as { max?: number }).max ?? 1;
  if (connections < 3) return (await migrateSerial(sql, files, opts)).applied;
  const lock = await sql.reserve();
  try {
    await lock`select pg_advisory_lock(hashtext(${LOCK_KEY}))`;
    try {
      if (opts.bootstrap !== false) await lock.unsafe(bootstrapSql);
      await lock.unsafe(createHistorySql);
      const done = await appliedVersions(lock);
      const pending = files.filter((f) => !done.has(f.version));
      if (!pending.length) return [];
      const groups = planLanes(pending, opts.lanes ?? INDEPENDENT_LANES, connections - 1);
      await runTogether(sql, groups, supersededBy(files, done, opts));
      return pending.map((f) => f.version);
    } finally {
      await lock`select pg_advisory_unlock(hashtext(${LOCK_KEY}))`;
    }
  } finally {
    lock.release();
  }
}

/** migrateStaged's answer: what it applied, and the lanes it left for `later`. */
export interface StagedMigration {
  /** Versions applied (committed) before migrateStaged returned, in version order. */
  applied: string[];
  /** Versions of the lanes left pending, in version order (empty when nothing was left). */
  deferred: string[];
  /** Pending versions recorded without running (a later file of their lineage supersedes them). */
  superseded: ReadonlySet<string>;
  /** Applies the deferred lanes (as migrate() does, each on its own connection, committing together), then
   * releases the migration lock, which is held until then. Call it once; resolves at once when nothing was
   * deferred. */
  later(): Promise<void>;
}

/**
 * migrate() in two stages, for a start that can serve before its reference data is in (`npm start`): every
 * pending migration outside `lanes` runs now in one transaction, and the pending lanes (reference data, which
 * nothing outside them reads in a migration) run when the caller calls `later()`, typically once the server is
 * up; their readers wait for them meanwhile (shared/db/reference_gate.ts). The database ends as migrate()
 * leaves it (tests/integration/stack/embedded_database_test.ts); the history records the lanes' versions
 * when they commit. The migration lock is held from the first stage to the end of the second, so another
 * runner waits for both. With fewer than 3 connections everything runs now, as migrate() does.
 */
export async function migrateStaged(sql: Sql, opts: MigrateOptions = {}): Promise<StagedMigration> {
  const files = opts.files ?? await readMigrations(opts.dir);
  const connections = (sql.options as { max?: number }).max ?? 1;
  const nothingLater = async () => {};
  if (connections < 3) {
    const { applied, superseded } = await migrateSerial(sql, files, opts);
    opts.whileApplying?.();
    return { applied, deferred: [], superseded, later: nothingLater };
  }
  // The main transaction's connection opens beside the lock's and waits, begun, for what the lock's connection
  // finds pending: opened after it, its new backend (fork, authentication, the driver's type query) held back
  // the first migration by 16–27 ms of an idle first start (`npm run bench:start`).
  // whileApplying, once: when the server has the files (below), or when the main transaction ended first.
  let pendingCall = opts.whileApplying;
  const whileApplying = () => {
    const call = pendingCall;
    pendingCall = undefined;
    call?.();
  };
  let plan!: (work: { now: MigrationFile[]; ahead: Ahead; skip: Map<string, string> } | null) => void;
  const planned = new Promise<Parameters<typeof plan>[0]>((r) => plan = r);
  const main = sql.begin(async (tx) => {
    const work = await planned;
    if (!work) return;
    // postgres.js writes what is queued on a later turn of the event loop, and nothing is written while the
    // event loop is blocked: this query, queued before the files, is answered once they have been written too
    // (in order, with it or right after), so the caller's synchronous work no longer holds them back.
    if (pendingCall) tx.unsafe("select 1").then(() => setTimeout(whileApplying, 0), () => {});
    if (work.now.length) await applyFiles(tx, work.now, undefined, work.ahead.byVersion, work.skip);
    // The bootstrap's extensions, created beside the files, are there before anything commits.
    const last = await work.ahead.beforeCommit;
    if (last) await tx.unsafe(last);
  });
  main.catch(() => {}); // awaited below
  // Called on a failure before the plan: the waiting transaction commits nothing and ends (resolving twice is a no-op).
  const giveUp = async (e: unknown): Promise<never> => {
    plan(null);
    await main.catch(() => {});
    throw e;
  };
  const reserved = sql.reserve();
  // While both connections open (new backends: fork, authentication, their catalog caches), the files are scanned
  // for the extensions to create ahead; done once the plan is known, it held back the first file (5–20 ms).
  const inLane = new Set((opts.lanes ?? INDEPENDENT_LANES).flat());
  setTimeout(() => scanAhead(files.filter((f) => !inLane.has(f.version))), 0);
  const lock = await reserved.catch(giveUp);
  let locked = false;
  const unlock = async () => {
    try {
      if (locked) await lock`select pg_advisory_unlock(hashtext(${LOCK_KEY}))`;
    } finally {
      lock.release();
    }
  };
  let applied: string[], deferred: MigrationFile[], skip: Map<string, string>;
  try {
    // The lock, the bootstrap (but its extensions: created beside the main transaction, extensions_ahead.ts), the
    // history table and the applied versions as one query: one round trip and one commit (one WAL flush) where
    // they were four and two, between the server's start and the first migration (a session's advisory lock
    // outlives a failure of the rest, so it is released as below).
    locked = true;
    const done = await lockAndPlan(lock, opts.bootstrap !== false);
    const pending = files.filter((f) => !done.has(f.version));
    const now = pending.filter((f) => !inLane.has(f.version));
    deferred = pending.filter((f) => inLane.has(f.version));
    skip = supersededBy(files, done, opts);
    // The lock's connection is idle while the main transaction runs: the extensions are created there ahead.
    const extensions = opts.bootstrap !== false ? bootstrapExtensionsSql : undefined;
    const run = now.filter((f) => !skip.has(f.version));
    plan({ now, ahead: createExtensionsAhead(lock, run, extensions), skip });
    await main.finally(whileApplying);
    applied = now.map((f) => f.version);
  } catch (e) {
    await unlock().catch(() => {});
    return await giveUp(e);
  }
  const superseded = new Set(skip.keys());
  if (!deferred.length) {
    await unlock();
    return { applied, deferred: [], superseded, later: nothingLater };
  }
  // The lock stays held (on its reserved connection) until the lanes end.
  const groups = planLanes(deferred, opts.lanes ?? INDEPENDENT_LANES, connections - 1);
  let running: Promise<void> | undefined;
  return {
    applied,
    deferred: deferred.map((f) => f.version),
    superseded,
    later: () => running ??= runTogether(sql, groups, skip).finally(unlock),
  };
}

/**
 * The pending files split into the main group (first, version order) and one group per lane that has pending
 * files; lanes beyond `max` groups join the main group (running a lane's files in version order among the
 * others is always correct).
 */
export function planLanes(
  pending: MigrationFile[],
  lanes: readonly (readonly string[])[],
  max: number,
): MigrationFile[][] {
  const laneOf = new Map<string, number>();
  lanes.forEach((l, i) => l.forEach((v) => laneOf.set(v, i)));
  const byLane = lanes.map(() => [] as MigrationFile[]);
  const main: MigrationFile[] = [];
  for (const f of pending) {
    const i = laneOf.get(f.version);
    (i === undefined ? main : byLane[i]).push(f);
  }
  const groups = [main, ...byLane.filter((g) => g.length)];
  while (groups.length > Math.max(1, max)) {
    main.push(...groups.pop()!);
    main.sort(byVersion);
  }
  return groups.filter((g) => g.length);
}

/** Each group in a transaction of its own, all committing only once every group has applied its files. */
async function runTogether(
  sql: Sql,
  groups: MigrationFile[][],
  superseded: ReadonlyMap<string, string>,
): Promise<void> {
  let failure: unknown;
  let arrived = 0;
  let release!: () => void;
  const barrier = new Promise<void>((r) => release = r);
  const run = (group: MigrationFile[]) =>
    sql.begin(async (tx) => {
      await applyFiles(tx, group, () => failure !== undefined, undefined, superseded);
      if (++arrived === groups.length) release();
      await barrier;
      if (failure) throw new LaneAborted();
    }).catch((e) => {
      if (!(e instanceof LaneAborted)) failure ??= e;
      release();
    });
  await Promise.all(groups.map(run));
  if (failure) throw failure;
}

/** migrateStaged's first query on the lock's connection (see there): the applied versions, once the lock is held. */
async function lockAndPlan(lock: Sql, bootstrap: boolean): Promise<Set<string>> {
  const results = await lock.unsafe([
    `select pg_advisory_lock(hashtext('${LOCK_KEY}'));`,
    bootstrap ? bootstrapCoreSql : "",
    createHistorySql,
    "select version from supabase_migrations.schema_migrations;",
  ].join("\n"));
  // One result per statement that returns rows (two or more here): the versions are the last.
  const rows = results.at(-1) as unknown as { version: string }[];
  return new Set(rows.map((r) => r.version));
}

async function appliedVersions(db: Sql | Tx): Promise<Set<string>> {
  return new Set(
    (await db`select version from supabase_migrations.schema_migrations`).map((r) => r.version as string),
  );
}

/** Every pending migration in one transaction on one connection. */
async function migrateSerial(
  sql: Sql,
  files: MigrationFile[],
  opts: MigrateOptions,
): Promise<{ applied: string[]; superseded: Set<string> }> {
  const applied: string[] = [];
  const superseded = new Set<string>();
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${LOCK_KEY}))`;
    if (opts.bootstrap !== false) await tx.unsafe(bootstrapSql);
    await tx.unsafe(createHistorySql);
    const done = await appliedVersions(tx);
    const pending = files.filter((f) => !done.has(f.version));
    const skip = supersededBy(files, done, opts);
    await applyFiles(tx, pending, undefined, undefined, skip);
    applied.push(...pending.map((f) => f.version));
    for (const v of skip.keys()) superseded.add(v);
  });
  return { applied, superseded };
}
