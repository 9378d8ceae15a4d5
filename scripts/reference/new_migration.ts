// Where a reference-data generator writes its SQL: never over a migration that may have been applied (one on
// supabase/applied_migrations.sha256, see scripts/check/migrations.ts), because a deployed database never runs a
// migration twice. Unchanged output writes nothing; changed output goes into a NEW migration
// `<version>_<name>.sql`, whose SQL must apply over the data already there (`supersede`: e.g. truncate + load,
// or upserts). A file not recorded yet (made in this change, applied nowhere) is simply rewritten.
import { isRecorded } from "../check/migrations.ts";

export interface GeneratedMigration {
  /** The repository root (file URL ending in /). */
  root: URL;
  /** The migration's name: new files are `<version>_<name>.sql`. */
  name: string;
  /** Earlier files of the same data (e.g. a first seed under another name), oldest first. */
  lineage?: string[];
  /** The SQL of a first migration of this data (creates its tables). */
  sql: string;
  /** The SQL of a later one, applied over the rows already loaded; absent: the generator cannot supersede yet. */
  supersede?: string;
  /** The version of a new file (tests); default: now (UTC), after the newest migration. */
  now?: Date;
  /** Whether a file's SQL says the same as the generated one (default: equal text); e.g. columns another
   * migration lane owns may differ. */
  same?: (current: string, wanted: string) => boolean;
}

export interface WriteResult {
  file: string;
  action: "unchanged" | "rewritten" | "created";
}

const versionOf = (d: Date) => d.toISOString().replace(/\D/g, "").slice(0, 14);

/** A version after every migration in the folder and not before `now`. */
export function nextVersion(existing: string[], now = new Date()): string {
  const newest = existing.map((f) => f.slice(0, 14)).sort().at(-1) ?? "0";
  const candidate = versionOf(now);
  return candidate > newest ? candidate : String(BigInt(newest) + 1n);
}

/** Every migration file of the folder, in version order. */
export function migrationFileNames(root: URL): string[] {
  return [...Deno.readDirSync(new URL("supabase/migrations/", root))]
    .filter((e) => e.isFile && /^\d{14}_.+\.sql$/.test(e.name)).map((e) => e.name).sort();
}

/** The files of one generated data set, oldest first: `<version>_<name>.sql` and the named earlier ones. */
export function lineageFiles(root: URL, name: string, earlier: string[] = []): string[] {
  return migrationFileNames(root).filter((f) => f.slice(15) === `${name}.sql` || earlier.includes(f));
}

export async function writeGeneratedMigration(m: GeneratedMigration): Promise<WriteResult> {
  const dir = new URL("supabase/migrations/", m.root);
  const all = migrationFileNames(m.root);
  const lineage = lineageFiles(m.root, m.name, m.lineage);
  const newest = lineage.at(-1);
  const sqlFor = (
    file: string | undefined,
  ) => (file === undefined || file === lineage[0] ? m.sql : m.supersede);
  if (newest !== undefined) {
    const wanted = sqlFor(newest);
    const current = await Deno.readTextFile(new URL(newest, dir));
    if (wanted === current || (wanted !== undefined && m.same?.(current, wanted))) {
      return { file: newest, action: "unchanged" };
    }
    if (wanted !== undefined && !(await isRecorded(m.root, newest))) {
      await Deno.writeTextFile(new URL(newest, dir), wanted);
      return { file: newest, action: "rewritten" };
    }
  }
  const sql = newest === undefined ? m.sql : m.supersede;
  if (sql === undefined) {
    throw new Error(
      `${newest} is applied and the generated data changed; this generator cannot write a superseding ` +
        `migration yet (give it a \`supersede\` SQL). Applied migrations are never rewritten.`,
    );
  }
  const file = `${nextVersion(all, m.now)}_${m.name}.sql`;
  await Deno.writeTextFile(new URL(file, dir), sql, { createNew: true });
  return { file, action: "created" };
}

/** One line for the generator's output: what happened and what to do next. */
export function describe(r: WriteResult): string {
  if (r.action === "unchanged") return `supabase/migrations/${r.file}: unchanged`;
  if (r.action === "rewritten") return `supabase/migrations/${r.file}: rewritten (not applied anywhere yet)`;
  return `supabase/migrations/${r.file}: NEW migration (the applied ones are untouched); if it belongs to a ` +
    `lane of INDEPENDENT_LANES (shared/db/migrate.ts) add it there, then run ` +
    "`deno run -A scripts/check/migrations.ts --record` when it is final";
}
