// A first start's extensions, created ahead on an idle connection (issue #16, cold start): CREATE EXTENSION
// btree_gist alone is 17–31 ms of a new cluster's ~260 ms of migrations, all on the one connection of the main
// transaction while the other core waits. The migration lock's connection is free meanwhile, so a pending file's
// top-level `create extension if not exists …` statements run there first, each committed on its own, and the
// file waits for them before it is sent (its own statement then finds the extension and skips). If the main
// transaction fails, the extensions stay: creating them again is a no-op, and no migration is recorded.
import type { Sql } from "./client.ts";
import type { MigrationFile } from "./migrate.ts";

const CREATE_EXTENSION =
  /^create extension if not exists [a-z_][a-z0-9_]*(?: with schema [a-z_][a-z0-9_]*)?;$/gim;

/** The statements of `file` this creates ahead (top-level lines only: those in a DO block are conditional). */
export function extensionStatements(file: MigrationFile): string[] {
  return file.sql.match(CREATE_EXTENSION) ?? [];
}

/** Starts each pending file's extension statements on `conn`, in file order; per version, when they are done
 * (settled either way: a failure is the file's own to report when its statement runs). */
export function createExtensionsAhead(conn: Sql, files: MigrationFile[]): Map<string, Promise<void>> {
  const ahead = new Map<string, Promise<void>>();
  let chain: Promise<unknown> = Promise.resolve();
  for (const f of files) {
    const statements = extensionStatements(f);
    if (!statements.length) continue;
    // One implicit transaction; a lock it cannot get soon (a future migration holding one it needs while the
    // main transaction waits for it here) fails it, and the file's own statement creates the extension instead.
    const query = ["set lock_timeout = '5s';", ...statements, "reset lock_timeout;"].join("\n");
    chain = chain.then(() => conn.unsafe(query)).catch(() => {});
    ahead.set(f.version, chain.then(() => {}));
  }
  return ahead;
}
