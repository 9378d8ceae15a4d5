// The reference tables loaded by the big data migrations are the same rows, keys and indexes whatever the
// format of their migration files: 20261122004100 and 20261123004100 were rewritten from per-row VALUES and a
// regexp split into one tab-separated literal per table with the keys built after the load (issue #16). The
// figures below were taken from a database migrated with the files as they were before that rewrite, plus
// 20261124005000 (the trim of the rows the old regexp split left with a newline). A new migration that changes
// these rows on purpose updates them (the display names of 20261201090501 and 090502 changed utility_providers').
import assert from "node:assert/strict";
import { createTestDatabase } from "../../support/db.ts";

const EXPECTED: Record<string, { rows: number; md5: string }> = {
  geo_cities: { rows: 29965, md5: "e91a866d4156e08ba542700d18001d2e" },
  geo_zips: { rows: 42555, md5: "7b88c62511740f5e8887230527cf57f2" },
  utility_county_providers: { rows: 11810, md5: "b4cef5c0fe98ccad9393efbae66be577" },
  utility_providers: { rows: 2931, md5: "a78af111d6c6df857e13ce04b77a0c53" }, // display names 20261201090501/090502, brands 20261205160000, holding brands 20261206170300, brands per state 20261207160000
  utility_zip_counties: { rows: 54147, md5: "c30f0826518e65f2132fa8335c910ac0" },
  utility_zip_providers: { rows: 52750, md5: "a217f6129a1571e059a4e3bfe6eb8a08" },
};

const EXPECTED_INDEXES = [
  "CREATE INDEX geo_cities_key_idx ON public.geo_cities USING btree (key text_pattern_ops)",
  "CREATE UNIQUE INDEX geo_cities_pkey ON public.geo_cities USING btree (state, key)",
  "CREATE INDEX geo_zips_city_idx ON public.geo_zips USING btree (state, city)",
  "CREATE INDEX geo_zips_lat_idx ON public.geo_zips USING btree (lat)", // 20261207130002
  "CREATE UNIQUE INDEX geo_zips_pkey ON public.geo_zips USING btree (zip)",
  "CREATE INDEX utility_county_providers_eiaid_idx ON public.utility_county_providers USING btree (eiaid)",
  "CREATE UNIQUE INDEX utility_county_providers_pkey ON public.utility_county_providers USING btree (county_fips, eiaid)",
  "CREATE UNIQUE INDEX utility_providers_pkey ON public.utility_providers USING btree (eiaid)",
  "CREATE INDEX utility_providers_states_idx ON public.utility_providers USING gin (states)",
  "CREATE INDEX utility_zip_counties_county_idx ON public.utility_zip_counties USING btree (county_fips, zip)", // 20261205160001
  "CREATE UNIQUE INDEX utility_zip_counties_pkey ON public.utility_zip_counties USING btree (zip, county_fips)",
  "CREATE INDEX utility_zip_counties_zip_pattern_idx ON public.utility_zip_counties USING btree (zip text_pattern_ops)",
  "CREATE UNIQUE INDEX utility_zip_providers_pkey ON public.utility_zip_providers USING btree (zip, eiaid)",
  "CREATE INDEX utility_zip_providers_zip_pattern_idx ON public.utility_zip_providers USING btree (zip text_pattern_ops)",
];

const EXPECTED_CONSTRAINTS = [
  "geo_cities geo_cities_pkey PRIMARY KEY (state, key)",
  "geo_zips geo_zips_pkey PRIMARY KEY (zip)",
  "geo_zips geo_zips_zip_check CHECK ((zip ~ '^\\d{5}$'::text))",
  "utility_county_providers utility_county_providers_eiaid_fkey FOREIGN KEY (eiaid) REFERENCES utility_providers(eiaid)",
  "utility_county_providers utility_county_providers_pkey PRIMARY KEY (county_fips, eiaid)",
  "utility_providers utility_providers_pkey PRIMARY KEY (eiaid)",
  "utility_zip_counties utility_zip_counties_pkey PRIMARY KEY (zip, county_fips)",
  "utility_zip_providers utility_zip_providers_eiaid_fkey FOREIGN KEY (eiaid) REFERENCES utility_providers(eiaid)",
  "utility_zip_providers utility_zip_providers_pkey PRIMARY KEY (zip, eiaid)",
];

Deno.test("reference data: the same rows (count and checksum), keys and indexes as before the bulk-load format", async () => {
  const db = await createTestDatabase();
  try {
    const got: Record<string, { rows: number; md5: string }> = {};
    for (const table of Object.keys(EXPECTED)) {
      const [r] = await db.sql.unsafe(
        `select count(*)::int as rows, md5(string_agg(t::text, E'\\n' order by t::text collate "C")) as md5
         from public.${table} t`,
      );
      got[table] = { rows: r.rows, md5: r.md5 };
    }
    assert.deepEqual(got, EXPECTED);
    const indexes = await db.sql`select indexdef from pg_indexes
      where schemaname = 'public' and tablename ~ '^(geo_|utility_)' order by indexname`;
    assert.deepEqual(indexes.map((r) => r.indexdef), EXPECTED_INDEXES);
    const constraints = await db.sql`select conrelid::regclass::text || ' ' || conname || ' ' ||
      pg_get_constraintdef(oid) as c from pg_constraint
      where connamespace = 'public'::regnamespace and conrelid::regclass::text ~ '^(geo_|utility_)'
      order by conrelid::regclass::text, conname`;
    assert.deepEqual(constraints.map((r) => r.c), EXPECTED_CONSTRAINTS);
    // ZIP 00501 and county 01001 lost their provider to the old split's newline; they have it again.
    const [zip] = await db
      .sql`select count(*)::int as n from public.utility_zip_providers where zip = '00501'`;
    assert.ok(zip.n > 0);
    const [county] = await db.sql`select count(*)::int as n from public.utility_county_providers
      where county_fips = '01001'`;
    assert.ok(county.n > 0);
  } finally {
    await db.drop();
  }
});

Deno.test("20261124005000 trims the rows a database migrated with the old utility file has", async () => {
  const db = await createTestDatabase();
  try {
    const trim = await Deno.readTextFile(
      new URL("../../../supabase/migrations/20261124005000_utility_reference_trim.sql", import.meta.url),
    );
    const [{ eiaid }] = await db.sql`select eiaid from public.utility_providers order by eiaid limit 1`;
    // As the old regexp split left them: the first row of a list with the literal's newline before it, the
    // last with the newline after it.
    await db.sql`insert into public.utility_zip_providers (zip, eiaid) values (${"\n99990"}, ${eiaid})`;
    await db
      .sql`insert into public.utility_zip_counties (zip, county_fips) values (${"\n99990"}, ${"99001\n"})`;
    await db
      .sql`insert into public.utility_county_providers (county_fips, eiaid) values (${"\n99001"}, ${eiaid})`;
    await db.sql.unsafe(trim);
    const bad = await db.sql`
      select zip from public.utility_zip_providers where zip !~ '^\\d{5}$'
      union all select zip || county_fips from public.utility_zip_counties
        where zip !~ '^\\d{5}$' or county_fips !~ '^\\d{5}$'
      union all select county_fips from public.utility_county_providers where county_fips !~ '^\\d{5}$'`;
    assert.deepEqual([...bad], []);
    const [n] = await db.sql`select
      (select count(*)::int from public.utility_zip_providers where zip = '99990' and eiaid = ${eiaid}) as zp,
      (select count(*)::int from public.utility_zip_counties where zip = '99990' and county_fips = '99001') as zc,
      (select count(*)::int from public.utility_county_providers where county_fips = '99001') as cp`;
    assert.deepEqual({ ...n }, { zp: 1, zc: 1, cp: 1 });
  } finally {
    await db.drop();
  }
});
