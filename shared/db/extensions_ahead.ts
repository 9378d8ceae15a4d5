// A first start's extensions, created ahead on an idle connection (issue #16, cold start): CREATE EXTENSION
// btree_gist alone is 17–31 ms of a new cluster's ~260 ms of migrations, all on the one connection of the main
// transaction while the other core waits. The migration lock's connection is free meanwhile, so a pending file's
// top-level `create extension if not exists …` statements run there first, each committed on its own, and the
// file waits for them before it is sent (its own statement then finds the extension and skips). If the main
// transaction fails, the extensions stay: creating them again is a no-op, and no migration is recorded.
//
// The bootstrap's pgcrypto (shared/db/bootstrap.ts; 10–20 ms of an idle first start, before the first migration)
// is created there too, first: a file that names one of its functions waits for it, the main transaction's commit
// waits for it, the other files do not. If it cannot be created there (a lock not granted within lock_timeout),
// the main transaction creates it itself, before the first file that needs it or at its end.
import type { Sql } from "./client.ts";
import type { MigrationFile } from "./migrate.ts";

const CREATE_EXTENSION =
  /^create extension if not exists [a-z_][a-z0-9_]*(?: with schema [a-z_][a-z0-9_]*)?;$/gim;

/** pgcrypto 1.3's functions (PostgreSQL 15's `pgcrypto--1.3.sql`) but gen_random_uuid(), which PostgreSQL 13+ has
 * in pg_catalog, searched first: a migration calling it does not need the extension. Checked against the database's
 * own pgcrypto by tests/integration/foundation/extensions_ahead_test.ts. */
export const PGCRYPTO_FUNCTIONS = [
  "armor",
  "crypt",
  "dearmor",
  "decrypt",
  "decrypt_iv",
  "digest",
  "encrypt",
  "encrypt_iv",
  "gen_random_bytes",
  "gen_salt",
  "hmac",
  "pgp_armor_headers",
  "pgp_key_id",
  "pgp_pub_decrypt",
  "pgp_pub_decrypt_bytea",
  "pgp_pub_encrypt",
  "pgp_pub_encrypt_bytea",
  "pgp_sym_decrypt",
  "pgp_sym_decrypt_bytea",
  "pgp_sym_encrypt",
  "pgp_sym_encrypt_bytea",
] as const;

// A name followed by its parenthesis (a call, a reference by signature), gen_random_uuid qualified with another
// schema than pg_catalog (pgcrypto's own), the extension's name, or a statement whose effect depends on which
// functions or extensions exist (grants on all functions of schema public, where the bootstrap creates pgcrypto;
// reads of pg_proc or pg_extension). A name in
// a comment or a string counts too: the file only waits, needlessly.
const USES_PGCRYPTO = new RegExp(
  [
    `\\b(?:${PGCRYPTO_FUNCTIONS.join("|")})\\s*\\(`,
    `\\b(?!pg_catalog\\b)[a-z_][a-z0-9_]*\\s*\\.\\s*gen_random_uuid\\b`,
    `\\bpgcrypto\\b`,
    `\\ball\\s+(?:functions|routines|procedures)\\s+in\\s+schema\\s[^;]*\\bpublic\\b`,
    `\\b(?:pg_proc|pg_extension|routines)\\b`,
  ].join("|"),
  "i",
);

/** Whether `file` may need pgcrypto (names one of its functions, or the extension itself). */
export function usesPgcrypto(file: MigrationFile): boolean {
  return USES_PGCRYPTO.test(file.sql);
}

/** The statements of `file` this creates ahead (top-level lines only: those in a DO block are conditional). */
export function extensionStatements(file: MigrationFile): string[] {
  return file.sql.match(CREATE_EXTENSION) ?? [];
}

/** What the main transaction waits for: per version, before the file is sent, and before its commit. Each
 * resolves with the SQL the transaction must run itself first (an extension that could not be created ahead), or
 * nothing. */
export interface Ahead {
  byVersion: Map<string, Promise<string | void>>;
  beforeCommit?: Promise<string | void>;
}

/** What createExtensionsAhead reads of a file: its top-level extension statements and whether it may need pgcrypto. */
interface Scan {
  statements: string[];
  pgcrypto: boolean;
}

// Per file object (npm start reads the files once): the scan is a few regular expressions over every pending file's
// text, 5–20 ms for a new database's main migrations (the first use compiles them), done by scanAhead while the
// runner's connections open rather than between the plan's queries and the first file.
const scans = new WeakMap<MigrationFile, Scan>();

function scanOf(f: MigrationFile): Scan {
  let s = scans.get(f);
  if (!s) scans.set(f, s = { statements: extensionStatements(f), pgcrypto: usesPgcrypto(f) });
  return s;
}

/** Scans `files` for createExtensionsAhead beforehand (it then reuses the result for the same file objects). */
export function scanAhead(files: readonly MigrationFile[]): void {
  for (const f of files) scanOf(f);
}

/** Starts `bootstrap` (the bootstrap's extensions, if given), then each pending file's extension statements, on
 * `conn`, in that order; settles either way (a file's extension that failed is the file's own to create: its
 * statement runs in the main transaction). */
export function createExtensionsAhead(conn: Sql, files: MigrationFile[], bootstrap?: string): Ahead {
  const byVersion = new Map<string, Promise<string | void>>();
  // One implicit transaction; a lock it cannot get soon (a future migration holding one it needs while the
  // main transaction waits for it here) fails it, and the main transaction creates the extension instead.
  const run = (statements: string) =>
    conn.unsafe(["set lock_timeout = '5s';", statements, "reset lock_timeout;"].join("\n"));
  let chain: Promise<unknown> = Promise.resolve();
  let beforeCommit: Promise<string | void> | undefined;
  if (bootstrap) {
    // A failed multi-statement query is one rolled-back transaction: its `set lock_timeout` is undone too.
    beforeCommit = run(bootstrap).then(() => {}, () => bootstrap);
    chain = beforeCommit;
  }
  for (const f of files) {
    const { statements, pgcrypto } = scanOf(f);
    const needsBootstrap = beforeCommit && pgcrypto;
    if (!statements.length && !needsBootstrap) continue;
    if (statements.length) chain = chain.then(() => run(statements.join("\n"))).catch(() => {});
    const own = chain.then(() => {});
    byVersion.set(f.version, needsBootstrap ? Promise.all([beforeCommit, own]).then(([sql]) => sql) : own);
  }
  return { byVersion, beforeCommit };
}
