// A first start serves before its reference data (the lanes of INDEPENDENT_LANES) is loaded: the readers of
// those tables wait for the load (shared/db/reference_gate.ts), or answer 503, never a missing relation or a
// partial list.
import assert from "node:assert/strict";
import { emptyDatabase } from "../../support/db_compare.ts";
import { INDEPENDENT_LANES, migrateStaged, readMigrations } from "../../../shared/db/migrate.ts";
import {
  referenceData,
  ReferenceDataError,
  referenceDataLoading,
} from "../../../shared/db/reference_gate.ts";
import { providersForState, providersForZip } from "../../../shared/providers/lookup.ts";
import { gazetteerPlaces } from "../../../shared/geo/zip_places.ts";
import { GazetteerGeocoder } from "../../../shared/geo/gazetteer.ts";
import { statusOf } from "../../../shared/http/errors.ts";

Deno.test({
  name: "reference data loading after the start: its readers wait for the load and then read every row",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const db = await emptyDatabase(4);
    try {
      const staged = await migrateStaged(db.sql);
      assert.deepEqual(staged.deferred, INDEPENDENT_LANES.flat().sort());
      let start!: () => void;
      const load = new Promise<void>((r) => start = r).then(() => staged.later());
      referenceDataLoading(db.sql, load);
      // Asked before the tables exist (without the gate: "relation ... does not exist").
      const g = new GazetteerGeocoder(db.sql);
      const asked = Promise.all([
        providersForZip(db.sql, "33701"),
        providersForState(db.sql, "CO"),
        gazetteerPlaces(db.sql).placesOfZip("78701"),
        gazetteerPlaces(db.sql).cityOf("Austin", "TX"),
        g.geocode("123 Main St, Austin, TX 78701"),
        g.autocomplete("Denver, C"),
      ]);
      await new Promise((r) => setTimeout(r, 50));
      const [t] = await db.sql`select to_regclass('public.geo_zips') as zips`;
      assert.equal(t.zips, null, "not loaded yet while they wait");
      start();
      const [fl, co, places, austin, geocoded, suggested] = await asked;
      assert.equal(fl[0].name, "Duke Energy Florida");
      assert.ok(co.length > 5);
      assert.equal(places[0]?.city, "Austin");
      assert.equal(austin?.state, "TX");
      assert.equal(geocoded?.zip, "78701");
      assert.ok(suggested.length > 0);
      await referenceData(db.sql); // loaded: at once
    } finally {
      await db.drop();
    }
  },
});

Deno.test("reference data still loading after the wait: 503 with Retry-After; a failed load: 503 for good", async () => {
  const pending = {};
  referenceDataLoading(pending, new Promise(() => {}));
  const slow = await referenceData(pending, 20).then(() => undefined, (e) => e);
  assert.ok(slow instanceof ReferenceDataError);
  assert.equal(statusOf(slow), 503);
  assert.equal(slow.code, "reference_data_loading");
  assert.equal(slow.retryAfterSeconds, 2);

  const broken = {};
  const failure = Promise.reject(new Error("disk full"));
  referenceDataLoading(broken, failure);
  const failed = await referenceData(broken).then(() => undefined, (e) => e);
  assert.ok(failed instanceof ReferenceDataError);
  assert.equal(statusOf(failed), 503);
  assert.equal(failed.code, "reference_data_unavailable");
  assert.equal(failed.retryAfterSeconds, undefined);
  await assert.rejects(referenceData(broken), ReferenceDataError, "still failed on the next call");

  await referenceData({}); // nothing registered: a database migrated as a whole
});

/** The tables the lanes' migrations create. */
async function laneTables(): Promise<string[]> {
  const lanes = new Set(INDEPENDENT_LANES.flat());
  const names = new Set<string>();
  for (const f of (await readMigrations()).filter((f) => lanes.has(f.version))) {
    for (const m of f.sql.matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?public\.(\w+)/gi)) {
      names.add(m[1]);
    }
  }
  return [...names];
}

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory && e.name !== "node_modules") yield* sources(path);
    else if (e.isFile && e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("every module that reads the reference tables awaits referenceData first", async () => {
  const tables = await laneTables();
  assert.ok(tables.includes("geo_zips") && tables.includes("utility_providers"), tables.join(", "));
  const root = new URL("../../../", import.meta.url).pathname;
  const readers: string[] = [];
  for (const dir of ["shared", "supabase/functions"]) {
    for await (const path of sources(`${root}${dir}`)) {
      const text = await Deno.readTextFile(path);
      // Line comments and doc-comment lines name tables without reading them.
      const code = text.replace(/^\s*(\/\*\*|\*)[^\n]*/gm, "").replace(/\/\/[^\n]*/g, "");
      if (!tables.some((t) => new RegExp(`\\bpublic\\.${t}\\b`).test(code))) continue;
      if (path.endsWith("shared/db/migrate.ts")) continue;
      readers.push(path.slice(root.length));
      assert.match(code, /await referenceData\(/, `${path.slice(root.length)} reads reference tables`);
    }
  }
  assert.ok(readers.length >= 3, readers.join(", "));
});
