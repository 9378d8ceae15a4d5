// The local runner streams the reference migrations' row statements through COPY (shared/db/bulk_rows.ts):
// the database it makes is the one the files make run as plain SQL, as the Supabase CLI runs them.
import assert from "node:assert/strict";
import { migrate, readMigrations } from "../../../shared/db/migrate.ts";
import { applyPlain, emptyDatabase, fingerprint } from "../../support/db_compare.ts";

Deno.test("every migration through the runner's COPY loads gives the database the plain SQL files give", async () => {
  const files = await readMigrations();
  const plain = await emptyDatabase(1);
  const runner = await emptyDatabase(6);
  try {
    await applyPlain(plain.sql, files);
    await migrate(runner.sql);
    const [a, b] = [await fingerprint(plain.sql), await fingerprint(runner.sql)];
    for (const k of Object.keys(a)) assert.deepEqual(b[k], a[k], k);
  } finally {
    await plain.drop();
    await runner.drop();
  }
});

Deno.test("COPY loads keep NULLs, empty fields, non-ASCII text and empty lists as the statements do", async () => {
  const dir = await Deno.makeTempDir();
  const text = `create table public.bulk_a (a text, b int, c text, d text[], e double precision);
insert into public.bulk_a (a, b, c, d, e)
select split_part(r, E'\\t', 1), split_part(r, E'\\t', 2)::int, nullif(split_part(r, E'\\t', 3), '\\N'), split_part(r, E'\\t', 4)::text[], split_part(r, E'\\t', 5)::double precision
from string_to_table($rows$
Zoë	1	\\N	{NY,NJ}	40.8154
	2		{}	-73.0451

x y	3	"quoted" 'single'	{"a b"}	1e3
$rows$, E'\\n') r where r <> '';
create table public.bulk_b (k text, v int);
insert into public.bulk_b (k, v)
select split_part(r, ':', 1), unnest(string_to_array(split_part(r, ':', 2), ','))::int
from string_to_table($list$
00501:1,2
00502:
00503:3
$list$, E'\\n') r where r <> '';
`;
  await Deno.writeTextFile(`${dir}/29990101000000_bulk.sql`, text);
  const plain = await emptyDatabase(1);
  const runner = await emptyDatabase(1);
  try {
    await plain.sql.unsafe(text);
    await migrate(runner.sql, { dir: new URL(`file://${dir}/`), bootstrap: false });
    const rows = async (sql: typeof plain.sql) => ({
      a: await sql`select a, b, c, d, e from public.bulk_a order by b`,
      b: await sql`select k, v from public.bulk_b order by k, v`,
    });
    const [a, b] = [await rows(plain.sql), await rows(runner.sql)];
    assert.deepEqual(b, a);
    assert.deepEqual(b.a.map((r) => r.c), [null, "", `"quoted" 'single'`]);
    assert.equal(b.b.length, 3);
    const [h] = await runner.sql`select statements from supabase_migrations.schema_migrations`;
    assert.deepEqual(h.statements, [text], "the history keeps the file's text");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await plain.drop();
    await runner.drop();
  }
});

Deno.test("a COPY load the server refuses fails its migration by name instead of hanging the start", async () => {
  const dir = await Deno.makeTempDir();
  const text = `create table public.bulk_dup (k text primary key);
insert into public.bulk_dup (k)
select split_part(r, E'\\t', 1)
from string_to_table($rows$
same
same
$rows$, E'\\n') r where r <> '';
`;
  await Deno.writeTextFile(`${dir}/29990101000000_dup.sql`, text);
  const db = await emptyDatabase(1);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const outcome = await Promise.race([
      migrate(db.sql, { dir: new URL(`file://${dir}/`), bootstrap: false }).then(
        () => "applied",
        (e: Error) => e.message,
      ),
      new Promise<string>((r) => timer = setTimeout(() => r("no answer within 10 s"), 10_000)),
    ]);
    assert.match(outcome, /29990101000000_dup\.sql failed: .*duplicate key/);
  } finally {
    clearTimeout(timer);
    await db.drop();
    await Deno.remove(dir, { recursive: true });
  }
});
