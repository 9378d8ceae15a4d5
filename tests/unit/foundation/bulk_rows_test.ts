import assert from "node:assert/strict";
import { type Piece, splitBulkRows } from "../../../shared/db/bulk_rows.ts";
import { readMigrations, splitAhead } from "../../../shared/db/migrate.ts";
import { tsvInsert } from "../../../scripts/reference/bulk_sql.ts";

const rowsOf = (pieces: Piece[]) => pieces.flatMap((p) => "copy" in p ? [p.copy, p.rows] : ["sql"]);

const statement = (select: string, body: string) =>
  `create table public.t (a text, b int, c text);\ninsert into public.t (a, b, c)\nselect ${select}\n` +
  `from string_to_table($rows$\n${body}$rows$, E'\\n') r where r <> '';\ncreate index on public.t (a);\n`;
const tsv =
  "split_part(r, E'\\t', 1), split_part(r, E'\\t', 2)::int, nullif(split_part(r, E'\\t', 3), '\\N')";

Deno.test("the reference migrations' row statements become COPY loads of the same rows", async () => {
  const files = await readMigrations();
  const copies = Object.fromEntries(
    files.flatMap((f) => splitBulkRows(f.sql)).flatMap((p) =>
      "copy" in p ? [[p.copy.split(" ")[1], p.rows.split("\n").length - 1]] : []
    ),
  );
  // The row counts of tests/integration/foundation/reference_data_test.ts.
  assert.deepEqual(copies, {
    "public.geo_zips": 42555,
    "public.geo_cities": 29965,
    "public.utility_providers": 2931,
    "public.utility_zip_providers": 52750,
    "public.utility_zip_counties": 54147,
    "public.utility_county_providers": 11810,
  });
});

Deno.test("a tab-separated statement: its lines as COPY rows, the SQL around it kept in order", () => {
  const text = statement(tsv, "x\t1\t\\N\n\ny\t2\tz\n");
  const pieces = splitBulkRows(text);
  assert.deepEqual(pieces, [
    { sql: "create table public.t (a text, b int, c text);\n" },
    {
      copy: "copy public.t (a, b, c) from stdin",
      rows: "x\t1\t\\N\ny\t2\tz\n",
      statement: text.slice(text.indexOf("insert"), text.indexOf("create index")),
    },
    { sql: "create index on public.t (a);\n" },
  ]);
});

Deno.test("a key:list statement: one row per value, none for an empty list", () => {
  const text = "insert into public.k (zip, id)\nselect split_part(r, ':', 1), " +
    "unnest(string_to_array(split_part(r, ':', 2), ','))::int\n" +
    "from string_to_table($zips$\n00501:1,2\n00502:\n00503:3\n$zips$, E'\\n') r where r <> '';";
  assert.deepEqual(rowsOf(splitBulkRows(text)), [
    "copy public.k (zip, id) from stdin",
    "00501\t1\n00501\t2\n00503\t3\n",
  ]);
});

Deno.test("a key:list line that is not one key and its list, or a line break string_to_table keeps, stays SQL", () => {
  const list = (body: string) =>
    "insert into public.k (zip, id)\nselect split_part(r, ':', 1), " +
    "unnest(string_to_array(split_part(r, ':', 2), ','))::int\n" +
    `from string_to_table($zips$\n${body}\n$zips$, E'\\n') r where r <> '';`;
  // U+2028 ends a line for a JavaScript regex (the runner split on it once), not for string_to_table.
  for (const body of ["00501:1:2", "00501", "00501:1\u202800502:2", "00501:1\t2", "00501:1\\2"]) {
    assert.deepEqual(splitBulkRows(list(body)), [{ sql: list(body) }], JSON.stringify(body));
  }
});

Deno.test("what COPY would read otherwise stays SQL, run as written", () => {
  const cases = {
    "a \\N where the statement keeps the text": statement(tsv, "\\N\t1\tz\n"),
    "a backslash inside a field": statement(tsv, "a\\tb\t1\tz\n"),
    "a line with fewer fields": statement(tsv, "x\t1\n"),
    "a line with more fields": statement(tsv, "x\t1\tz\textra\n"),
    "a carriage return": statement(tsv, "x\t1\tz\r\n"),
    "fields out of order": statement(
      "split_part(r, E'\\t', 2), split_part(r, E'\\t', 1)::int, split_part(r, E'\\t', 3)",
      "x\t1\tz\n",
    ),
    "an expression on a field": statement(
      "upper(split_part(r, E'\\t', 1)), split_part(r, E'\\t', 2)::int, split_part(r, E'\\t', 3)",
      "x\t1\tz\n",
    ),
    "not at a statement's start": "select 1 +\n" +
      statement(tsv, "x\t1\tz\n").split("\n").slice(1).join("\n"),
  };
  for (const [name, text] of Object.entries(cases)) {
    assert.deepEqual(splitBulkRows(text), [{ sql: text }], name);
  }
  assert.deepEqual(splitBulkRows("create table public.x (a int);"), [{
    sql: "create table public.x (a int);",
  }]);
});

Deno.test("what the generators write (tsvInsert) is what the runner streams through COPY", () => {
  const text = tsvInsert("public.t", [{ name: "a" }, { name: "b", type: "int" }, {
    name: "c",
    type: "text[]",
    nullable: true,
  }], [["x", 1, "{NY}"], ["y", 2, null]]);
  assert.deepEqual(splitBulkRows(text), [
    { copy: "copy public.t (a, b, c) from stdin", rows: "x\t1\t{NY}\ny\t2\t\\N\n", statement: text },
  ]);
});

Deno.test("splitAhead goes back to the event loop during a long split, not after every file", async () => {
  const small = Array.from(
    { length: 40 },
    (_, i) => ({ version: String(i), name: "small", sql: "select 1;" }),
  );
  const t0 = performance.now();
  await splitAhead(small);
  // A turn per file (an awaited setTimeout each, 1–3 ms apiece) took ≈100–240 ms here; now under a millisecond.
  const ms = performance.now() - t0;
  assert.ok(ms < 50, `80 small files split in ${ms.toFixed(0)} ms`);
  let ran = false;
  setTimeout(() => ran = true, 0);
  await splitAhead(await readMigrations()); // the reference files: tens of ms of splitting
  assert.ok(ran, "a timer due during the split ran before it ended");
});

Deno.test("readMigrations reads the files side by side, in version order", async () => {
  const read = Deno.readTextFile;
  let inFlight = 0, most = 0;
  (Deno as { readTextFile: typeof Deno.readTextFile }).readTextFile = async (...args) => {
    most = Math.max(most, ++inFlight);
    try {
      return await read(...args);
    } finally {
      inFlight--;
    }
  };
  try {
    const files = await readMigrations();
    assert.ok(most > 1, `at most ${most} read at once`);
    assert.deepEqual(files.map((f) => f.version), files.map((f) => f.version).sort());
  } finally {
    (Deno as { readTextFile: typeof Deno.readTextFile }).readTextFile = read;
  }
});
