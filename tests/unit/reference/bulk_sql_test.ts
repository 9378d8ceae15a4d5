// The tab-separated literal of the reference-data generators: what goes in comes out of PostgreSQL unchanged.
import assert from "node:assert/strict";
import { tsvInsert } from "../../../scripts/reference/bulk_sql.ts";
import { createTestDatabase } from "../../support/db.ts";

const columns = [
  { name: "id", type: "int" },
  { name: "name" },
  { name: "note", nullable: true },
  { name: "tags", type: "text[]" },
  { name: "lat", type: "double precision" },
];

Deno.test("tsvInsert: quotes, backslashes, dollars, nulls, arrays and floats come back as written", async () => {
  const rows = [
    [1, 'O\'Brien "Co" \\ $x$ 100%', null, "{MD,VA}", 40.8154],
    [2, "", "a\\Nb", "{}", -0.1],
    [3, "Ünïcode – 東京", "\\n is two characters", '{"A B",C}', 1e-7],
  ];
  const db = await createTestDatabase();
  try {
    await db.sql.unsafe(
      "create table public.tsv_probe (id int, name text, note text, tags text[], lat float8)",
    );
    await db.sql.unsafe(tsvInsert("public.tsv_probe", columns, rows, "probe"));
    const got = await db.sql`select id, name, note, tags, lat from public.tsv_probe order by id`;
    assert.deepEqual(got.map((r) => [r.id, r.name, r.note, r.tags, r.lat]), [
      [1, 'O\'Brien "Co" \\ $x$ 100%', null, ["MD", "VA"], 40.8154],
      [2, "", "a\\Nb", [], -0.1],
      [3, "Ünïcode – 東京", "\\n is two characters", ["A B", "C"], 1e-7],
    ]);
  } finally {
    await db.drop();
  }
});

Deno.test("tsvInsert refuses what the literal cannot carry", () => {
  const one = (v: string | number | null, c = columns[2]) => tsvInsert("t", [c], [[v]], "probe");
  assert.throws(() => one("a\tb"), /tab-separated/);
  assert.throws(() => one("a\nb"), /tab-separated/);
  assert.throws(() => one("ends $probe$ early"), /tab-separated/);
  assert.throws(() => one("\\N"), /tab-separated/, "a nullable column's \\N would read back as null");
  assert.throws(() => one(null, { name: "name" }), /not nullable/);
  assert.throws(() => one(Number.NaN, { name: "x", type: "int" }), /not a number/);
  assert.throws(() => tsvInsert("t", columns, [[1, "x"]]), /2 of 5 cells/);
  assert.throws(() => tsvInsert("t", columns, [], "bad tag"), /tag/);
  assert.match(one("x"), /from string_to_table\(\$probe\$\nx\n\$probe\$, E'\\n'\) r where r <> '';$/);
});
