// The embedded PostgreSQL of `npm start`: a new cluster is made without initdb's own sync, and the stack syncs
// it to disk beside the server's start instead (`durable`), which the start awaits before it reports ready.
import assert from "node:assert/strict";
import { startDatabase } from "../../../shared/stack/database.ts";
import { setLogLevel } from "../../../shared/log.ts";
import { connect } from "../../../shared/db/client.ts";
import { migrateStaged, readMigrations, splitAhead } from "../../../shared/db/migrate.ts";
import { applyPlain, emptyDatabase, fingerprint } from "../../support/db_compare.ts";

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) n += await countFiles(`${dir}/${e.name}`);
    else if (e.isFile) n++;
  }
  return n;
}

/** The log lines written while `run` runs (LOG_LEVEL debug). */
async function logged<T>(run: () => Promise<T>): Promise<[T, Record<string, unknown>[]]> {
  const lines: Record<string, unknown>[] = [];
  const original = console.log;
  console.log = (line: unknown) => {
    try {
      lines.push(JSON.parse(String(line)));
    } catch { /* not a log line */ }
  };
  setLogLevel("debug");
  try {
    return [await run(), lines];
  } finally {
    console.log = original;
    setLogLevel("info");
  }
}

/** A new DATA_DIR the embedded server can reach, on a free port, removed after `run`. */
async function inDataDir(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await Deno.makeTempDir({ prefix: "embedded-db-" });
  // As root the server runs as the "postgres" user, which must reach the folder.
  if (Deno.uid?.() === 0) await Deno.chmod(dataDir, 0o755);
  Deno.env.set("EMBEDDED_PG_PORT", String(freePort()));
  try {
    await run(dataDir);
  } finally {
    Deno.env.delete("EMBEDDED_PG_PORT");
    await Deno.remove(dataDir, { recursive: true });
  }
}

Deno.test({
  name:
    "a new embedded cluster is synced to disk by the stack before `durable` resolves; an existing one is not",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    inDataDir(async (dataDir) => {
      const [db, lines] = await logged(async () => {
        const db = await startDatabase(dataDir);
        await db.durable;
        return db;
      });
      try {
        const synced = lines.find((l) => l.msg === "new cluster synced to disk");
        assert.ok(synced, "the new cluster's sync is logged once `durable` resolves");
        // every relation file initdb wrote (its databases and the shared catalogs) was among those synced
        const relations = await countFiles(`${dataDir}/postgres/base`) +
          await countFiles(`${dataDir}/postgres/global`);
        assert.ok(
          (synced.files as number) >= relations,
          `${synced.files} files synced, initdb wrote ${relations}`,
        );
        const sql = connect(db.url, { max: 1 });
        try {
          assert.deepEqual([...await sql`select 1 as one`], [{ one: 1 }]);
        } finally {
          await sql.end();
        }
      } finally {
        await db.stop();
      }
      const [again, relines] = await logged(async () => {
        const db = await startDatabase(dataDir);
        await db.durable;
        return db;
      });
      await again.stop();
      assert.equal(
        relines.filter((l) => l.msg === "new cluster synced to disk").length,
        0,
        "nothing to sync",
      );
    }),
});

Deno.test({
  name:
    "a first start's cluster (its settings, the reference lanes split and applied after the rest) holds what the plain SQL files give",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: () =>
    inDataDir(async (dataDir) => {
      const files = await readMigrations();
      const plain = await emptyDatabase(1);
      try {
        await applyPlain(plain.sql, files);
        const db = await startDatabase(dataDir);
        // What scripts/start.ts does on a new cluster: the stack's pool of 20, the reference data's lanes split
        // into their COPY loads and applied after the rest has committed (later(), once the server is up).
        const sql = connect(db.url, { max: 20 });
        try {
          const files = await readMigrations();
          const staged = await migrateStaged(sql, { files });
          assert.ok(staged.deferred.length > 0, "the reference lanes are left for later");
          await splitAhead(files.filter((f) => staged.deferred.includes(f.version)));
          await staged.later();
          const [a, b] = [await fingerprint(plain.sql), await fingerprint(sql)];
          for (const k of Object.keys(a)) assert.deepEqual(b[k], a[k], k);
        } finally {
          await sql.end();
          await db.stop();
        }
      } finally {
        await plain.drop();
      }
    }),
});
