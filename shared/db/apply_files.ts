import type { Tx } from "./client.ts";
import { splitBulkRows } from "./bulk_rows.ts";
import { log } from "../log.ts";
import type { MigrationFile } from "./migrate.ts";

/** Stops a group whose sibling failed (see migrate.ts, runTogether). */
export class LaneAborted extends Error {}

type Sent = { file: MigrationFile; result: Promise<unknown>; recorded?: boolean; by?: string };

/**
 * Applies `files` in order in the transaction `tx` and records each in the history as `supabase db push` does.
 * Pipelined: a file's SQL and its history row go out without waiting for the answers to the files before it
 * (postgres.js pipelines the queries of one connection), so a group of many small migrations pays no round trip
 * per file, only the server's own work; a COPY load (bulk_rows.ts) first waits for everything sent before it.
 * The first failure in file order names its file (what was sent after it fails as an aborted transaction).
 * `aborted` is asked before each file: true stops the group with LaneAborted. `ahead`: per version, what the
 * file waits for before it is sent (its extensions created on another connection), resolving with SQL to run
 * before it when that did not happen there. `superseded`: per version, the later file of its lineage that makes it
 * (shared/db/lineage.ts): recorded in the history as applied, its SQL not run.
 */
export async function applyFiles(
  tx: Tx,
  files: MigrationFile[],
  aborted = () => false,
  ahead?: Map<string, Promise<string | void>>,
  superseded?: ReadonlyMap<string, string>,
): Promise<void> {
  const sent: Sent[] = [];
  // Every answer is awaited in order below; caught here so that the ones after a failure reject nothing.
  const send = (file: MigrationFile, query: Promise<unknown>, recorded?: boolean, by?: string) =>
    sent.push({ file, result: query.then(() => undefined, (e) => ({ error: e })), recorded, by });
  const settle = async () => {
    for (const { file, result, recorded, by } of sent.splice(0)) {
      const outcome = await result as { error: unknown } | undefined;
      if (outcome) throw failed(file, outcome.error);
      if (by) log("info", "migration recorded, superseded", { version: file.version, name: file.name, by });
      else if (recorded) log("info", "migration applied", { version: file.version, name: file.name });
    }
  };
  for (const f of files) {
    if (aborted()) throw new LaneAborted();
    const by = superseded?.get(f.version);
    if (by) {
      send(f, tx.unsafe(historyRow(f)), true, by);
      continue;
    }
    // Its extensions, being created on another connection (extensions_ahead.ts), are there before it is sent.
    const before = ahead?.get(f.version);
    if (before) {
      await settle();
      // What could not be created ahead, the transaction creates itself first.
      const first = await before;
      if (first) send(f, tx.unsafe(first));
    }
    // Split only when pending (unless split ahead): a start with nothing to apply does not pay for it (tens of
    // ms on the big files).
    for (const piece of f.pieces ?? splitBulkRows(f.sql)) {
      if ("sql" in piece) {
        send(f, tx.unsafe(piece.sql));
        continue;
      }
      await settle();
      await copyIn(tx, piece).catch((e) => {
        throw failed(f, e);
      });
    }
    send(f, tx.unsafe(historyRow(f)), true);
  }
  await settle();
}

/**
 * The file's history row as a query without parameters, its values dollar-quoted. A query with parameters is
 * described by the server before postgres.js sends anything after it, and a transaction's connection then sends
 * what is queued one query at a time, each once the one before has been answered, until its queue runs empty:
 * the first file's row ended the pipelining of the files after it up to the first one that waits (≈25 statements
 * of a first start: one round trip and one turn of our event loop each, the server idle in between).
 * array[…::text]: one text value, not an array literal PostgreSQL must parse.
 */
export function historyRow(f: Pick<MigrationFile, "version" | "sql" | "name">): string {
  return `insert into supabase_migrations.schema_migrations (version, statements, name) values (${
    dollarQuoted(f.version)
  }, array[${dollarQuoted(f.sql)}::text], ${dollarQuoted(f.name)})`;
}

/** `text` as a dollar-quoted literal whose tag first occurs in it at its end (the closing tag). */
export function dollarQuoted(text: string): string {
  let tag = "$m$";
  for (let i = 0; (text + tag).indexOf(tag) !== text.length; i++) tag = `$m${i}$`;
  return tag + text + tag;
}

function failed(f: MigrationFile, e: unknown): Error {
  return new Error(`Migration ${f.version}_${f.name}.sql failed: ${(e as Error).message}`);
}

/**
 * COPY ... FROM STDIN with the piece's rows (COPY's text format), the same rows in about half the backend time.
 * postgres.js resolves a COPY's query with its stream and drops the server's refusal of the rows (a duplicate
 * key, a bad value): the stream's finish never comes. So the load runs under a savepoint, and a query sent after
 * it answers either way; on a refusal the savepoint is rolled back and the piece's own statement runs instead,
 * which fails with the server's reason (or loads the rows, if the refusal was the driver's).
 */
async function copyIn(tx: Tx, piece: { copy: string; rows: string; statement: string }): Promise<void> {
  await tx.unsafe("savepoint bulk_load");
  const stream = await tx.unsafe(piece.copy).writable();
  const finished = new Promise<void>((resolve, reject) => {
    stream.on("error", reject);
    stream.on("finish", resolve);
  });
  finished.catch(() => {});
  await new Promise<void>((resolve, reject) => stream.write(piece.rows, (e) => e ? reject(e) : resolve()));
  stream.end();
  // the driver leaves COPY mode in the stream's final step, which end() schedules for the next tick
  await new Promise((r) => setTimeout(r, 0));
  if (await tx`select 1`.then(() => true, () => false)) {
    await finished;
    await tx.unsafe("release savepoint bulk_load");
    return;
  }
  await tx.unsafe("rollback to savepoint bulk_load");
  log("warn", "a COPY load was refused; its statement runs instead", { copy: piece.copy });
  await tx.unsafe(piece.statement);
  await tx.unsafe("release savepoint bulk_load");
}
