// Applied migrations never change. supabase/applied_migrations.sha256 lists every migration file with the
// SHA-256 of its text (the `sha256sum` format: `cd supabase/migrations && sha256sum -c ../applied_migrations.sha256`
// checks it too). A deployed database never runs a migration again, so an edited file would leave it behind:
// reference data changes by a NEW migration (scripts/reference/new_migration.ts writes one).
//   deno run -A scripts/check/migrations.ts            exits 1, naming each changed, removed or unrecorded file
//   deno run -A scripts/check/migrations.ts --record   appends the files not listed yet (never rewrites a line)
// tests/unit/foundation/applied_migrations_test.ts runs the check in `npm test`.
import { createHash } from "node:crypto";

export const LIST_PATH = "supabase/applied_migrations.sha256";
const MIGRATION = /^\d{14}_.+\.sql$/;

export interface MigrationProblem {
  file: string;
  problem: "changed" | "removed" | "unrecorded";
}

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** `<sha256>  <file>` lines of the list, by file name. */
export function parseList(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = line.match(/^([0-9a-f]{64}) [ *](.+)$/);
    if (m) out.set(m[2], m[1]);
    else if (line.trim()) throw new Error(`${LIST_PATH}: unreadable line ${JSON.stringify(line)}`);
  }
  return out;
}

async function migrationFiles(dir: URL): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const e of Deno.readDir(dir)) {
    if (e.isFile && MIGRATION.test(e.name)) out.set(e.name, await Deno.readTextFile(new URL(e.name, dir)));
  }
  return out;
}

/** Every difference between the migrations folder and the list, in file order. */
export async function checkAppliedMigrations(root: URL): Promise<MigrationProblem[]> {
  const listed = parseList(await Deno.readTextFile(new URL(LIST_PATH, root)).catch(() => ""));
  const files = await migrationFiles(new URL("supabase/migrations/", root));
  const problems: MigrationProblem[] = [];
  for (const [file, hash] of listed) {
    const text = files.get(file);
    if (text === undefined) problems.push({ file, problem: "removed" });
    else if (sha256(text) !== hash) problems.push({ file, problem: "changed" });
  }
  for (const file of files.keys()) if (!listed.has(file)) problems.push({ file, problem: "unrecorded" });
  return problems.sort((a, b) => a.file.localeCompare(b.file));
}

/** Whether `file` (a migration's file name) is on the list, i.e. may have been applied somewhere. */
export async function isRecorded(root: URL, file: string): Promise<boolean> {
  return parseList(await Deno.readTextFile(new URL(LIST_PATH, root)).catch(() => "")).has(file);
}

/** Appends the unrecorded files to the list (sorted); returns their names. */
export async function recordNewMigrations(root: URL): Promise<string[]> {
  const fresh = (await checkAppliedMigrations(root)).filter((p) => p.problem === "unrecorded");
  const files = await migrationFiles(new URL("supabase/migrations/", root));
  const lines = fresh.map((p) => `${sha256(files.get(p.file)!)}  ${p.file}\n`).join("");
  if (lines) await Deno.writeTextFile(new URL(LIST_PATH, root), lines, { append: true });
  return fresh.map((p) => p.file);
}

const HELP: Record<MigrationProblem["problem"], string> = {
  changed: "changed after it was recorded: put the change in a new migration and restore this file",
  removed: "recorded but missing: applied migrations are never deleted",
  unrecorded: "not recorded yet: `deno run -A scripts/check/migrations.ts --record` once the file is final",
};

if (import.meta.main) {
  const root = new URL("../../", import.meta.url);
  if (Deno.args.includes("--record")) {
    const added = await recordNewMigrations(root);
    console.log(
      `${LIST_PATH}: ${added.length} migration(s) recorded${added.length ? `: ${added.join(", ")}` : ""}`,
    );
  }
  const problems = await checkAppliedMigrations(root);
  for (const p of problems) console.log(`supabase/migrations/${p.file}: ${HELP[p.problem]}`);
  console.log(`${problems.length} migration problem(s)`);
  if (problems.length) Deno.exit(1);
}
