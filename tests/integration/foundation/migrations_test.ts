import assert from "node:assert/strict";
import { createTestDatabase } from "../../support/db.ts";
import { emptyDatabase, fingerprint } from "../../support/db_compare.ts";
import { connect } from "../../../shared/db/client.ts";
import {
  INDEPENDENT_LANES,
  migrate,
  migrateStaged,
  type MigrationFile,
  planLanes,
  readMigrations,
  splitAhead,
} from "../../../shared/db/migrate.ts";
import { splitBulkRows } from "../../../shared/db/bulk_rows.ts";
import { dollarQuoted, historyRow } from "../../../shared/db/apply_files.ts";

Deno.test("migrations are recorded like the Supabase CLI and a second run applies nothing", async () => {
  const db = await createTestDatabase();
  try {
    const files = await readMigrations();
    const rows = await db
      .sql`select version, name from supabase_migrations.schema_migrations order by version`;
    assert.deepEqual(rows.map((r) => r.version), files.map((f) => f.version));
    assert.equal(rows[0].name, files[0].name);
    assert.deepEqual(await migrate(db.sql), []);
    assert.deepEqual(await migrate(db.sql), []);
  } finally {
    await db.drop();
  }
});

Deno.test("pipelined files: the first failing file is the one named, not a later one sent after it", async () => {
  const db = await createTestDatabase();
  const dir = await Deno.makeTempDir();
  try {
    const files = [
      ["29990101000000_good", "create table public.tmp_first (id int);"],
      ["29990101000001_bad", "select nope_not_a_function();"],
      ["29990101000002_also_bad", "select 1/0;"],
      ["29990101000003_after", "create table public.tmp_after (id int);"],
    ];
    for (const [name, text] of files) await Deno.writeTextFile(`${dir}/${name}.sql`, text);
    for (const max of [1, 6]) {
      const sql = connect(db.url, { max });
      try {
        await assert.rejects(
          migrate(sql, { dir: new URL(`file://${dir}/`) }),
          /29990101000001_bad\.sql failed: function nope_not_a_function\(\) does not exist/,
        );
      } finally {
        await sql.end();
      }
      const [t] = await db
        .sql`select to_regclass('public.tmp_first') as first, to_regclass('public.tmp_after') as after`;
      assert.deepEqual(t, { first: null, after: null }, `nothing applied (pool of ${max})`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
    await db.drop();
  }
});

Deno.test("a failing migration names its file and leaves the database unchanged", async () => {
  const db = await createTestDatabase();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/29990101000000_good.sql`, "create table public.tmp_good (id int);");
    await Deno.writeTextFile(
      `${dir}/29990101000001_bad.sql`,
      "create table public.tmp_bad (id int); select nope_not_a_function();",
    );
    await assert.rejects(
      migrate(db.sql, { dir: new URL(`file://${dir}/`) }),
      /29990101000001_bad\.sql failed/,
    );
    const t = await db.sql`select to_regclass('public.tmp_good') as good`;
    assert.equal(t[0].good, null, "the whole run rolled back");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await db.drop();
  }
});

Deno.test("the history keeps each file's text, uncompressed; files read beforehand stand for the folder", async () => {
  const db = await createTestDatabase();
  const dir = await Deno.makeTempDir();
  try {
    const files = await readMigrations();
    const gazetteer = files.find((f) => f.name === "geo_gazetteer")!;
    const [row] = await db.sql`select statements, pg_column_compression(statements) as compression,
      (select attstorage from pg_attribute where attrelid = 'supabase_migrations.schema_migrations'::regclass
        and attname = 'statements') as storage
      from supabase_migrations.schema_migrations where version = ${gazetteer.version}`;
    assert.deepEqual(row.statements, [gazetteer.sql], "the file's text, as `supabase db push` records it");
    assert.equal(
      row.storage,
      "e",
      "external: 4 MB of migration text is not pglz-compressed on a first start",
    );
    assert.equal(row.compression, null);
    const extra = {
      version: "29990101000002",
      name: "given",
      sql: "create table public.tmp_given (id int);",
    };
    assert.deepEqual(await migrate(db.sql, { files: [...files, extra], dir: new URL(`file://${dir}/`) }), [
      extra.version,
    ]);
    const [t] = await db.sql`select to_regclass('public.tmp_given') is not null as made`;
    assert.equal(t.made, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await db.drop();
  }
});

const file = (version: string, name: string, sql: string): MigrationFile => ({ version, name, sql });
// Each migration notes the transaction and the backend it ran in.
const note = (table: string) =>
  `insert into public.${table} (step, xact, pid) values (current_setting('app.step', true), txid_current(), pg_backend_pid());`;
const laneFiles = [
  file(
    "29990101000000",
    "base",
    "create table public.t_main (step text, xact bigint, pid int);" + note("t_main"),
  ),
  file(
    "29990101000001",
    "lane_a1",
    "create table public.t_a (step text, xact bigint, pid int); set local app.step = 'a1';" + note("t_a"),
  ),
  file("29990101000002", "main2", note("t_main")),
  // Needs lane_a1 (its table): the lane runs its files in version order.
  file("29990101000003", "lane_a2", "set local app.step = 'a2';" + note("t_a")),
  file(
    "29990101000004",
    "lane_b",
    "create table public.t_b (step text, xact bigint, pid int);" + note("t_b"),
  ),
];
const lanes = [["29990101000001", "29990101000003"], ["29990101000004"]];

Deno.test("lanes run beside the main migrations, each in its own transaction and recording its own versions", async () => {
  const db = await emptyDatabase(4);
  try {
    const applied = await migrate(db.sql, { files: laneFiles, lanes });
    assert.deepEqual(applied, laneFiles.map((f) => f.version), "every version, in version order");
    const history = await db
      .sql`select version, name from supabase_migrations.schema_migrations order by version`;
    assert.deepEqual(history.map((r) => [r.version, r.name]), laneFiles.map((f) => [f.version, f.name]));
    const rows = await db.sql`select 'main' as t, step, xact::text, pid from public.t_main
      union all select 'a', step, xact::text, pid from public.t_a
      union all select 'b', step, xact::text, pid from public.t_b`;
    const of = (t: string) => rows.filter((r) => r.t === t);
    assert.deepEqual(of("a").map((r) => r.step), ["a1", "a2"], "the lane's files in version order");
    const xacts = (t: string) => new Set(of(t).map((r) => r.xact));
    const pids = (t: string) => new Set(of(t).map((r) => r.pid));
    for (const t of ["main", "a", "b"]) assert.equal(xacts(t).size, 1, `one transaction for ${t}`);
    assert.equal(new Set(rows.map((r) => r.xact)).size, 3, "three transactions");
    assert.equal(new Set(rows.map((r) => r.pid)).size, 3, "on three connections");
    assert.equal(pids("a").size, 1);
    assert.deepEqual(await migrate(db.sql, { files: laneFiles, lanes }), [], "a second run applies nothing");
  } finally {
    await db.drop();
  }
});

Deno.test("a failure in one lane rolls every lane and the main migrations back", async () => {
  const db = await emptyDatabase(4);
  try {
    const files = [
      ...laneFiles.slice(0, 4),
      file("29990101000004", "lane_b", "select nope_not_a_function();"),
    ];
    await assert.rejects(migrate(db.sql, { files, lanes }), /29990101000004_lane_b\.sql failed/);
    const [t] = await db.sql`select to_regclass('public.t_main') as main, to_regclass('public.t_a') as a`;
    assert.deepEqual([t.main, t.a], [null, null], "nothing of the other transactions committed");
    const history = await db.sql`select version from supabase_migrations.schema_migrations`;
    assert.equal(history.length, 0);
    // A failure before other files of its transaction (sent without waiting for each answer) is the one named.
    const early = [file("29990101000000", "base", "select nope_not_a_function();"), ...laneFiles.slice(1)];
    await assert.rejects(
      migrate(db.sql, { files: early, lanes }),
      /29990101000000_base\.sql failed: .*nope_not_a_function/,
    );
    // Fixed, the same run applies everything.
    assert.equal((await migrate(db.sql, { files: laneFiles, lanes })).length, laneFiles.length);
  } finally {
    await db.drop();
  }
});

Deno.test("migrateStaged: the lanes wait for later(), the migration lock is held until they end, a lane failure keeps the first stage", async () => {
  const db = await emptyDatabase(4);
  const other = connect(db.url, { max: 4 });
  try {
    const staged = await migrateStaged(db.sql, { files: laneFiles, lanes });
    assert.deepEqual(staged.applied, ["29990101000000", "29990101000002"]);
    assert.deepEqual(staged.deferred, ["29990101000001", "29990101000003", "29990101000004"]);
    const tables = async () =>
      (await db
        .sql`select to_regclass('public.t_main') is not null as main, to_regclass('public.t_a') is not null as a,
        to_regclass('public.t_b') is not null as b`)[0];
    assert.deepEqual(
      { ...await tables() },
      { main: true, a: false, b: false },
      "the lanes are not applied yet",
    );
    const history = async () =>
      (await db.sql`select version from supabase_migrations.schema_migrations order by version`).map((r) =>
        r.version
      );
    assert.deepEqual(await history(), staged.applied);
    // Another runner meanwhile waits for the lock: had it not, it would apply the lanes itself (and later() fail).
    const concurrent = migrate(other, { files: laneFiles, lanes });
    await staged.later();
    assert.deepEqual(await concurrent, [], "the other runner found everything applied");
    assert.deepEqual({ ...await tables() }, { main: true, a: true, b: true });
    assert.deepEqual(await history(), laneFiles.map((f) => f.version));
    const rows = await db
      .sql`select step, xact::text from public.t_a union all select step, xact::text from public.t_b`;
    assert.equal(new Set(rows.map((r) => r.xact)).size, 2, "each lane in its own transaction");
    assert.deepEqual((await migrateStaged(db.sql, { files: laneFiles, lanes })).deferred, [], "nothing left");
  } finally {
    await other.end();
    await db.drop();
  }
  const failing = await emptyDatabase(4);
  try {
    const files = [
      ...laneFiles.slice(0, 4),
      file("29990101000004", "lane_b", "select nope_not_a_function();"),
    ];
    const staged = await migrateStaged(failing.sql, { files, lanes });
    await assert.rejects(staged.later(), /29990101000004_lane_b\.sql failed/);
    const [t] = await failing
      .sql`select to_regclass('public.t_main') is not null as main, to_regclass('public.t_a') as a`;
    assert.deepEqual([t.main, t.a], [true, null], "the first stage stays, both lanes rolled back");
    const again = await migrateStaged(failing.sql, { files: laneFiles, lanes });
    assert.deepEqual(again.applied, []);
    assert.deepEqual(
      again.deferred,
      ["29990101000001", "29990101000003", "29990101000004"],
      "the next start defers them again",
    );
    await again.later();
  } finally {
    await failing.drop();
  }
  // One connection: everything now, as migrate() does.
  const single = await emptyDatabase(1);
  try {
    const staged = await migrateStaged(single.sql, { files: laneFiles, lanes });
    assert.deepEqual([staged.applied, staged.deferred], [laneFiles.map((f) => f.version), []]);
  } finally {
    await single.drop();
  }
});

Deno.test("planLanes: lanes beyond the free connections join the main group in version order", () => {
  const [a, b, c, d, e] = laneFiles;
  const v = (groups: MigrationFile[][]) => groups.map((g) => g.map((f) => f.version.slice(-1)));
  assert.deepEqual(v(planLanes(laneFiles, lanes, 3)), [["0", "2"], ["1", "3"], ["4"]]);
  assert.deepEqual(v(planLanes(laneFiles, lanes, 2)), [["0", "2", "4"], ["1", "3"]]);
  assert.deepEqual(v(planLanes(laneFiles, lanes, 1)), [["0", "1", "2", "3", "4"]]);
  assert.deepEqual(v(planLanes([b, d], lanes, 3)), [["1", "3"]], "no empty main group");
  assert.deepEqual(v(planLanes([a, c, e], [], 3)), [["0", "2", "4"]]);
});

Deno.test("the real migrations in lanes give the same database as in one transaction", async () => {
  const serial = await createTestDatabase(); // the template: one connection, one transaction
  const parallel = await emptyDatabase(6);
  try {
    const applied = await migrate(parallel.sql);
    assert.deepEqual(applied, (await readMigrations()).map((f) => f.version));
    const [a, b] = [await fingerprint(serial.sql), await fingerprint(parallel.sql)];
    for (const k of Object.keys(a)) assert.deepEqual(b[k], a[k], k);
  } finally {
    await parallel.drop();
    await serial.drop();
  }
});

/** Names of what a file creates (tables, views, functions, types, sequences), without their schema. */
function createdNames(sql: string): Set<string> {
  const names = new Set<string>();
  const re =
    /create\s+(?:or\s+replace\s+)?(?:unlogged\s+)?(?:table|view|materialized\s+view|function|type|sequence)\s+(?:if\s+not\s+exists\s+)?(?:"?\w+"?\.)?"?(\w+)"?/gi;
  for (const m of code(sql).matchAll(re)) names.add(m[1].toLowerCase());
  return names;
}

/** The SQL without comments, string literals and dollar-quoted bodies of data (kept: dollar-quoted code). */
function code(sql: string): string {
  return sql
    .replace(
      /\$(\w+)\$[\s\S]*?\$\1\$/g,
      (m, tag) => (/^(rows|zips|cities|counties|territories|providers)$/.test(tag) ? "" : m),
    )
    .replace(/--[^\n]*/g, "")
    .replace(/'(?:[^']|'')*'/g, "''");
}

Deno.test("INDEPENDENT_LANES: no migration outside a lane names what the lane creates, and the reverse", async () => {
  const files = await readMigrations();
  const byVersion = new Map(files.map((f) => [f.version, f]));
  for (const lane of INDEPENDENT_LANES) {
    const inLane = new Set(lane);
    for (const v of lane) assert.ok(byVersion.has(v), `lane version ${v} is a migration`);
    assert.deepEqual([...lane], [...lane].sort(), "a lane lists its versions in order");
    const mine = new Set(lane.flatMap((v) => [...createdNames(byVersion.get(v)!.sql)]));
    const others = files.filter((f) => !inLane.has(f.version));
    const theirs = new Set(others.flatMap((f) => [...createdNames(f.sql)]));
    const mentions = (sql: string, name: string) => new RegExp(`\\b${name}\\b`, "i").test(code(sql));
    for (const f of others) {
      for (const n of mine) {
        assert.ok(!mentions(f.sql, n), `${f.version}_${f.name} names ${n} of lane ${lane}`);
      }
    }
    for (const v of lane) {
      for (const n of theirs) {
        assert.ok(!mentions(byVersion.get(v)!.sql, n), `lane file ${v} names ${n}, created outside the lane`);
      }
    }
  }
});

Deno.test("files split ahead (npm start, while initdb runs) are applied from their pieces, not split again", async () => {
  const files = await splitAhead(await readMigrations());
  for (const f of files) assert.deepEqual(f.pieces, splitBulkRows(f.sql), f.name);
  const db = await emptyDatabase(1);
  try {
    // pieces that differ from the text show which one ran (the history keeps the text, as always)
    const ahead = {
      ...file("29990101000000", "ahead", "select 1;"),
      pieces: [{ sql: "create table public.tmp_ahead (id int);" }],
    };
    assert.deepEqual(await migrate(db.sql, { files: [ahead] }), [ahead.version]);
    const [t] = await db.sql`select to_regclass('public.tmp_ahead') is not null as made`;
    assert.equal(t.made, true);
  } finally {
    await db.drop();
  }
});

Deno.test("migrateStaged: the main transaction's connection opens and begins while the migration lock is awaited, and runs nothing before it", async () => {
  const db = await emptyDatabase(4);
  const holder = connect(db.url, { max: 1 });
  const lock = await holder.reserve();
  await lock`select pg_advisory_lock(hashtext('supabase_migrations'))`;
  const staged = migrateStaged(db.sql, { files: laneFiles, lanes });
  let held = true;
  const release = async () => {
    if (held) await lock`select pg_advisory_unlock(hashtext('supabase_migrations'))`;
    held = false;
  };
  try {
    // Ours: every connection to this database but the holder's.
    const ours = () =>
      lock`select state, wait_event_type from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() order by state`;
    let seen: { state: string; wait_event_type: string | null }[] = [];
    for (let i = 0; i < 120; i++) {
      seen = (await ours()).map((r) => ({ state: r.state, wait_event_type: r.wait_event_type }));
      if (seen.length >= 2 && seen.some((s) => s.state === "idle in transaction")) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.deepEqual(
      seen,
      [{ state: "active", wait_event_type: "Lock" }, {
        state: "idle in transaction",
        wait_event_type: "Client",
      }],
      "one connection waits for the lock, the main transaction's is open and has begun",
    );
    const [t] = await lock`select to_regclass('public.t_main') as t`;
    assert.equal(t.t, null, "nothing applied before the lock is held");
    await release();
    const done = await staged;
    assert.deepEqual(done.applied, ["29990101000000", "29990101000002"]);
    await done.later();
  } finally {
    await release();
    await staged.then((s) => s.later(), () => {});
    lock.release();
    await holder.end();
    await db.drop();
  }
});

Deno.test("migrateStaged: whileApplying runs once the main transaction was sent its files, so the server runs them while the caller's synchronous work blocks the event loop", async () => {
  const db = await emptyDatabase(4);
  try {
    const slow = [
      file("29990101000000", "base", "create table public.t_main (step text, xact bigint, pid int);"),
      file("29990101000002", "slow", "select pg_sleep(1.5);"),
    ];
    let calls = 0;
    let blockedUntil = 0;
    const staged = migrateStaged(db.sql, {
      files: slow,
      lanes: [],
      whileApplying: () => {
        calls++;
        // Two seconds of synchronous work (npm start builds its routes here): nothing else of this process runs.
        const end = performance.now() + 2000;
        while (performance.now() < end) { /* busy */ }
        blockedUntil = performance.now();
      },
    });
    const done = await staged;
    const after = performance.now() - blockedUntil;
    assert.equal(calls, 1);
    assert.deepEqual(done.applied, ["29990101000000", "29990101000002"]);
    // Sent before: the 1.5 s sleep ran during the 2 s of work, only the commit is left. Sent after, it would
    // take 1.5 s more.
    assert.ok(after < 1500, `the migrations ended ${Math.round(after)} ms after the caller's work`);
    // Nothing pending: called all the same, once, before migrateStaged resolves.
    let again = 0;
    await migrateStaged(db.sql, { files: slow, lanes: [], whileApplying: () => again++ });
    assert.equal(again, 1);
  } finally {
    await db.drop();
  }
});

Deno.test("history rows go without parameters and keep any file's text exactly (dollar quotes in it included)", async () => {
  const db = await emptyDatabase(1);
  try {
    await db.sql.unsafe(`create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);`);
    const texts = [
      "",
      "it's",
      "\\ and \\'",
      "$m$",
      "ends in $m",
      "$m$ $m0$ $m1$",
      "$$ body $$",
      "naïve — ✓\n",
    ];
    for (const [i, sql] of texts.entries()) {
      await db.sql.unsafe(historyRow({ version: String(i), sql, name: `n$m$${i}` }));
    }
    const rows = await db
      .sql`select version, statements[1] as sql, name from supabase_migrations.schema_migrations
      order by version::int`;
    assert.deepEqual(rows.map((r) => r.sql), texts);
    assert.deepEqual(rows.map((r) => r.name), texts.map((_, i) => `n$m$${i}`));
    // The tag is one the text does not close early.
    assert.equal(dollarQuoted("plain"), "$m$plain$m$");
    assert.equal(dollarQuoted("ends in $m"), "$m0$ends in $m$m0$");
    assert.equal(dollarQuoted("$m$ $m0$ $m1$"), "$m2$$m$ $m0$ $m1$$m2$");
  } finally {
    await db.drop();
  }
});

Deno.test("migrateStaged: the lock, the bootstrap and the history table are one commit on a new database; a second run reads the versions it recorded", async () => {
  const db = await emptyDatabase(4);
  try {
    const done = await migrateStaged(db.sql, { files: laneFiles, lanes });
    await done.later();
    // One transaction: the bootstrap's schema and the history's schema carry the same xmin (two commits before).
    const [same] = await db.sql`select
      (select xmin::text from pg_namespace where nspname = 'auth') =
      (select xmin::text from pg_namespace where nspname = 'supabase_migrations') as one`;
    assert.equal(same.one, true, "the bootstrap and the history table committed together");
    const [{ n }] = await db.sql`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
    assert.equal(n, 0, "the migration lock is released");
    const again = await migrateStaged(db.sql, { files: laneFiles, lanes });
    assert.deepEqual([again.applied, again.deferred], [[], []], "every version recorded is read back");
    await again.later();
  } finally {
    await db.drop();
  }
});
