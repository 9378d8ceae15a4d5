// The loops `npm run bench:gc-survival` runs, one per process (argument: the loop's name). Each allocates
// per iteration and keeps nothing: whatever a scavenge copies or promotes is what V8 could not prove dead.
import { connect } from "../../../shared/db/client.ts";

const N = Number(Deno.env.get("BENCH_ITERATIONS") ?? 30_000);
const LANES = 8;

/** postgres.js through the project's pool: 8 lanes of `select $1, $2` (one row back). */
async function postgresJs(): Promise<void> {
  const url = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const sql = connect(url, { max: LANES });
  await sql`select 1`;
  let i = 0;
  const lane = async () => {
    while (i < N) {
      i++;
      const r = await sql`select ${i}::int as a, ${"x" + i}::text as b`;
      if (r.length !== 1) throw new Error("expected one row");
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await sql.end();
}

const loops: Record<string, () => Promise<void>> = { "postgres.js": postgresJs };
const name = Deno.args[0];
if (!loops[name]) throw new Error(`unknown loop ${name}; one of ${Object.keys(loops).join(", ")}`);
await loops[name]();
