// The vendored postgres.js (vendor/postgres/README.md) builds no per-query closure over its Query, and what a
// postgres.js loop allocates no longer outlives V8's scavenges (14–17 % of it with npm's 3.4.9 on this Deno).
import assert from "node:assert/strict";
import { connect } from "../../../shared/db/client.ts";
import { adminUrl } from "../../support/db.ts";
import { sumScavenges } from "../../../scripts/bench/gc_survival.ts";

Deno.test("a query's resolve and reject are the class's methods, not closures made per query", async () => {
  const sql = connect(adminUrl, { max: 2 });
  try {
    const q = sql`select ${41}::int + 1 as answer`;
    assert.equal(Object.hasOwn(q, "resolve"), false);
    assert.equal(Object.hasOwn(q, "reject"), false);
    const rows = await q;
    assert.equal(rows[0].answer, 42);
    assert.equal((q as unknown as { active: boolean }).active, false);
    // A refused statement still rejects with the server's error, and the pool still answers after it.
    await assert.rejects(
      sql`select * from push9_no_such_table`,
      (e: { code?: string }) => e.code === "42P01",
    );
    const [{ n }] = await sql.begin(async (tx) =>
      await tx`select count(*)::int as n from generate_series(1, 3)`
    );
    assert.equal(n, 3);
    // The cursor path assigns its own resolve per batch, as upstream's does.
    const seen: number[] = [];
    for await (const batch of sql`select generate_series(1, 5) as i`.cursor(2)) {
      seen.push(...batch.map((r) => r.i));
    }
    assert.deepEqual(seen, [1, 2, 3, 4, 5]);
  } finally {
    await sql.end();
  }
});

Deno.test("sql.file reads its file (node:fs loaded on its first use) and a missing file rejects", async () => {
  const sql = connect(adminUrl, { max: 1 });
  const path = await Deno.makeTempFile({ prefix: "vendored-file-", suffix: ".sql" });
  try {
    await Deno.writeTextFile(path, "select 6 * 7 as answer");
    const [{ answer }] = await sql.file(path);
    assert.equal(answer, 42);
    await assert.rejects(sql.file(`${path}.missing`), (e: { code?: string }) => e.code === "ENOENT");
  } finally {
    await Deno.remove(path);
    await sql.end();
  }
});

Deno.test("a postgres.js loop through the project's pool keeps under 6 % of its allocation through scavenges", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "--v8-flags=--trace-gc-nvp",
      new URL("../../../scripts/bench/gc_survival/loops.ts", import.meta.url).pathname,
      "postgres.js",
    ],
    clearEnv: true,
    env: {
      ...Object.fromEntries(Object.entries(Deno.env.toObject()).filter(([k]) => k !== "DENO_V8_FLAGS")),
      BENCH_ITERATIONS: "12000",
      TEST_DATABASE_URL: adminUrl,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.ok(out.success, text.slice(-2000));
  const gc = sumScavenges(text);
  assert.ok(gc.scavenges >= 3, `only ${gc.scavenges} scavenges`);
  const survived = 100 * gc.survived / gc.allocated;
  // npm's postgres@3.4.9 here: 14–17 %; the vendored copy 1.5–2 %; Node 20 with either 2.3 %.
  assert.ok(survived < 6, `survived ${survived.toFixed(1)} % of ${(gc.allocated / 1e6).toFixed(0)} MB`);
});
