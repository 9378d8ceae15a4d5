// A first start's extensions are created ahead on the migration lock's idle connection (shared/db/extensions_ahead.ts),
// in their own transaction, before the file that names them is sent; the file's own statement then skips.
import assert from "node:assert/strict";
import { emptyDatabase } from "../../support/db_compare.ts";
import { migrateStaged, type MigrationFile } from "../../../shared/db/migrate.ts";
import {
  extensionStatements,
  PGCRYPTO_FUNCTIONS,
  usesPgcrypto,
} from "../../../shared/db/extensions_ahead.ts";
import { connect, type Sql } from "../../../shared/db/client.ts";

const file = (version: string, name: string, sql: string): MigrationFile => ({ version, name, sql });

Deno.test("extension statements: top-level lines only, not the conditional ones of a DO block", () => {
  const f = file(
    "29990101000000",
    "x",
    "create extension if not exists btree_gist with schema extensions;\n" +
      "do $$ begin\n  if true then\n    create extension if not exists pg_net;\n  end if;\nend $$;\n" +
      "CREATE EXTENSION IF NOT EXISTS citext;\n",
  );
  assert.deepEqual(extensionStatements(f), [
    "create extension if not exists btree_gist with schema extensions;",
    "CREATE EXTENSION IF NOT EXISTS citext;",
  ]);
});

Deno.test("migrateStaged creates a pending file's extension in a transaction of its own, before the file runs", async () => {
  const db = await emptyDatabase(4);
  try {
    const files = [
      file("29990101000000", "first", "create table public.t_first (id int primary key);"),
      file(
        "29990101000001",
        "uses_gist",
        "create extension if not exists btree_gist with schema extensions;\n" +
          "create table public.t_slots (room int, during tstzrange,\n" +
          "  exclude using gist (room with =, during with &&));",
      ),
    ];
    const staged = await migrateStaged(db.sql, { files, lanes: [] });
    assert.deepEqual(staged.applied, ["29990101000000", "29990101000001"]);
    await staged.later();
    const [ext] = await db.sql`select xmin::text as x from pg_extension where extname = 'btree_gist'`;
    const [first] = await db.sql`select xmin::text as x from pg_class where oid = 'public.t_first'::regclass`;
    const [slots] = await db.sql`select xmin::text as x from pg_class where oid = 'public.t_slots'::regclass`;
    assert.equal(first.x, slots.x, "the files share the main transaction");
    assert.notEqual(ext.x, slots.x, "the extension was created ahead, in its own transaction");
    // and it works: the exclusion constraint refuses an overlap
    await db.sql`insert into public.t_slots values (1, tstzrange(now(), now() + interval '1 hour'))`;
    await assert.rejects(
      db.sql`insert into public.t_slots values (1, tstzrange(now(), now() + interval '2 hours'))`,
      /exclu/i,
    );
  } finally {
    await db.drop();
  }
});

Deno.test("usesPgcrypto: a call of one of its functions, its own gen_random_uuid, a grant on all of public's functions, a catalog read", () => {
  const uses = (sql: string) => usesPgcrypto(file("29990101000000", "x", sql));
  assert.equal(uses("select digest('x', 'sha256')"), true);
  assert.equal(
    uses("create function f() returns text language sql as $$ select crypt('a', gen_salt ('bf')) $$;"),
    true,
  );
  assert.equal(uses("alter table t alter column id set default public.gen_random_uuid();"), true);
  assert.equal(uses("grant execute on all functions in schema app, public to anon;"), true);
  assert.equal(
    uses(
      "do $$ begin if exists (select 1 from pg_extension where extname = 'pg_cron') then null; end if; end $$;",
    ),
    true,
  );
  // PostgreSQL's own gen_random_uuid (pg_catalog, searched first), a word that only contains a name, another schema
  assert.equal(uses("create table t (id uuid primary key default gen_random_uuid(), digests text);"), false);
  assert.equal(uses("select pg_catalog.gen_random_uuid();"), false);
  assert.equal(uses("grant execute on all functions in schema app to anon, authenticated;"), false);
});

/** An empty database with its pg_extension locked by another session (CREATE EXTENSION waits), until unlock(). */
async function withExtensionsLocked(db: { url: string }) {
  const holder = connect(db.url, { max: 1 });
  const conn = await holder.reserve();
  await conn`begin`;
  await conn`lock table pg_catalog.pg_extension in exclusive mode`;
  let held = true;
  return {
    conn,
    unlock: async () => {
      if (held) await conn`commit`;
      held = false;
    },
    end: async () => {
      if (held) await conn`commit`.catch(() => {});
      conn.release();
      await holder.end();
    },
  };
}

/** Polls the other sessions of the database until `ok` holds for their rows (or 3 s). */
async function sessionsUntil(
  conn: Sql,
  ok: (rows: { state: string; wait_event_type: string | null; has_xid: boolean }[]) => boolean,
) {
  let rows: { state: string; wait_event_type: string | null; has_xid: boolean }[] = [];
  for (let i = 0; i < 120 && !ok(rows); i++) {
    await conn`select pg_stat_clear_snapshot()`; // the holder's transaction would see its first read again
    rows = (await conn`select state, wait_event_type, backend_xid is not null as has_xid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`) as unknown as typeof rows;
    if (!ok(rows)) await new Promise((r) => setTimeout(r, 25));
  }
  return rows;
}

Deno.test("migrateStaged: the bootstrap's pgcrypto is created beside the migrations, which do not wait for it, and before they commit", async () => {
  const db = await emptyDatabase(4);
  const lock = await withExtensionsLocked(db);
  try {
    const files = [file("29990101000000", "first", "create table public.t_first (id int primary key);")];
    const staged = migrateStaged(db.sql, { files, lanes: [] });
    // pgcrypto waits for the lock while the main transaction has run its file (it has a transaction id) and
    // waits, idle, for pgcrypto before it commits.
    const rows = await sessionsUntil(
      lock.conn as unknown as Sql,
      (r) =>
        r.some((s) => s.wait_event_type === "Lock") &&
        r.some((s) => s.state === "idle in transaction" && s.has_xid),
    );
    assert.ok(
      rows.some((s) => s.wait_event_type === "Lock"),
      `pgcrypto waits for pg_extension: ${JSON.stringify(rows)}`,
    );
    assert.ok(
      rows.some((s) => s.state === "idle in transaction" && s.has_xid),
      `the main transaction ran its file meanwhile: ${JSON.stringify(rows)}`,
    );
    const [before] = await lock.conn`select count(*)::int as n from supabase_migrations.schema_migrations`;
    assert.equal(before.n, 0, "nothing committed before pgcrypto is in");
    await lock.unlock();
    const done = await staged;
    assert.deepEqual(done.applied, ["29990101000000"]);
    const [ext] = await db.sql`select xmin::text as x from pg_extension where extname = 'pgcrypto'`;
    const [first] = await db.sql`select xmin::text as x from pg_class where oid = 'public.t_first'::regclass`;
    assert.ok(ext, "pgcrypto is there");
    assert.notEqual(ext.x, first.x, "created in a transaction of its own");
  } finally {
    await lock.end();
    await db.drop();
  }
});

Deno.test("migrateStaged: a file that calls a pgcrypto function waits for it", async () => {
  const db = await emptyDatabase(4);
  const lock = await withExtensionsLocked(db);
  try {
    const files = [
      file("29990101000000", "first", "create table public.t_first (id int primary key);"),
      file(
        "29990101000001",
        "hashes",
        "create table public.t_hashes as select encode(digest('abc', 'sha256'), 'hex') as h;",
      ),
    ];
    const staged = migrateStaged(db.sql, { files, lanes: [] });
    await sessionsUntil(lock.conn as unknown as Sql, (r) => r.some((s) => s.wait_event_type === "Lock"));
    await new Promise((r) => setTimeout(r, 200));
    await lock.unlock();
    const done = await staged;
    assert.deepEqual(done.applied, ["29990101000000", "29990101000001"]);
    const [row] = await db.sql`select h from public.t_hashes`;
    assert.equal(row.h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  } finally {
    await lock.end();
    await db.drop();
  }
});

Deno.test({
  name:
    "migrateStaged: pgcrypto not created ahead (its lock not granted in time) is created by the main transaction",
  async fn() {
    const db = await emptyDatabase(4);
    const lock = await withExtensionsLocked(db);
    try {
      const files = [file("29990101000000", "first", "create table public.t_first (id int primary key);")];
      const staged = migrateStaged(db.sql, { files, lanes: [] });
      // Past the ahead statement's lock_timeout (5 s): it gave up, the main transaction now waits for the lock.
      await new Promise((r) => setTimeout(r, 5_600));
      await lock.unlock();
      const done = await staged;
      assert.deepEqual(done.applied, ["29990101000000"]);
      const [ext] = await db.sql`select xmin::text as x from pg_extension where extname = 'pgcrypto'`;
      const [first] = await db
        .sql`select xmin::text as x from pg_class where oid = 'public.t_first'::regclass`;
      assert.equal(ext?.x, first.x, "created by the main transaction");
      const [timeout] = await db.sql`select current_setting('lock_timeout') as t`;
      assert.equal(timeout.t, "0", "the ahead statement's lock_timeout did not stay on a pool connection");
    } finally {
      await lock.end();
      await db.drop();
    }
  },
});

Deno.test("PGCRYPTO_FUNCTIONS: the database's pgcrypto functions but gen_random_uuid (PostgreSQL's own is searched first)", async () => {
  const db = await emptyDatabase(1);
  try {
    await db.sql`create extension pgcrypto`;
    const rows = await db.sql`select distinct p.proname from pg_depend d join pg_proc p on p.oid = d.objid
      join pg_extension e on e.oid = d.refobjid
      where d.classid = 'pg_proc'::regclass and e.extname = 'pgcrypto' order by 1`;
    assert.deepEqual(
      rows.map((r) => r.proname).filter((n) => n !== "gen_random_uuid"),
      [...PGCRYPTO_FUNCTIONS],
    );
    const [own] = await db.sql`select count(*)::int as n from pg_proc
      where proname = 'gen_random_uuid' and pronamespace = 'pg_catalog'::regnamespace`;
    assert.equal(own.n, 1, "PostgreSQL has its own gen_random_uuid in pg_catalog");
  } finally {
    await db.drop();
  }
});

Deno.test("migrateStaged scans the files for extensions to create ahead while it waits for the migration lock, not once it holds it", async () => {
  const db = await emptyDatabase(4);
  const holder = connect(db.url, { max: 1 });
  const lock = await holder.reserve();
  await lock`select pg_advisory_lock(hashtext('supabase_migrations'))`;
  // Each file counts the reads of its text (the scan reads it; nothing else does before the plan).
  let reads = 0;
  const counted = (version: string, text: string): MigrationFile => ({
    version,
    name: "t",
    get sql() {
      reads++;
      return text;
    },
  });
  const files = [
    counted(
      "29990101000000",
      "create extension if not exists btree_gist;\ncreate table public.t_scan (id int);",
    ),
    counted("29990101000001", "select digest('x', 'sha256');"),
  ];
  const staged = migrateStaged(db.sql, { files, lanes: [] });
  let held = true;
  try {
    // Once the runner waits for the lock, the files have been read: scanned beforehand, not after the lock.
    for (let i = 0;; i++) {
      const [waiting] = await lock`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`;
      if (waiting.n === 1) break;
      assert.ok(i < 200, "the runner never waited for the lock");
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(reads >= 2, `every file scanned while the lock is awaited (${reads} reads)`);
    await lock`select pg_advisory_unlock(hashtext('supabase_migrations'))`;
    held = false;
    const done = await staged;
    assert.deepEqual(done.applied, ["29990101000000", "29990101000001"]);
    await done.later();
  } finally {
    if (held) await lock`select pg_advisory_unlock(hashtext('supabase_migrations'))`;
    await staged.catch(() => {});
    lock.release();
    await holder.end();
    await db.drop();
  }
});
