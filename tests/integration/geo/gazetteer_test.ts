// The offline geocoder against its reference tables in a real (migrated) Postgres.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { GazetteerGeocoder } from "../../../shared/geo/gazetteer.ts";
import { addressProblem, isPoBox } from "../../../shared/geo/parse.ts";

const km = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.hypot((a.lat - b.lat) * 111, (a.lon - b.lon) * 111 * Math.cos((a.lat * Math.PI) / 180));

Deno.test("gazetteer: ZIP, city and state, without commas; the typed house number stays; a city gets its central ZIP", async () => {
  const p = await testPlatform();
  try {
    const g = new GazetteerGeocoder(p.sql);
    const a = await g.geocode("123 Main St, Austin, TX 78701");
    assert.equal(a?.zip, "78701");
    assert.equal(a?.precision, "zip");
    assert.ok(Math.abs(a!.lat - 30.27) < 0.1 && Math.abs(a!.lon + 97.74) < 0.1);
    const b = await g.geocode({ line1: "1 Elm St", city: "Denver", state: "Colorado" });
    assert.equal(b?.state, "CO");
    assert.equal(b?.precision, "city");
    const c = await g.geocode("1600 Pennsylvania Ave NW Washington DC 20500");
    assert.equal(c?.city, "Washington");
    assert.equal(c?.line1, "1600 Pennsylvania Ave NW");
    assert.equal(await g.geocode("Nowhere at all"), null);
    assert.equal(
      (await g.geocode("1 Main St, Austin, CA 78701"))?.state ?? null,
      null,
      "a ZIP that contradicts the state is not trusted",
    );

    // Issue 15: "13619 Tortona Ln, Windermere FL" kept its house number only as a wrong ZIP.
    const w = await g.geocode("13619 Tortona Ln, Windermere FL");
    assert.equal(w?.line1, "13619 Tortona Ln");
    assert.equal(w?.city, "Windermere");
    assert.equal(w?.state, "FL");
    assert.match(w!.formattedAddress, /^13619 Tortona Ln, Windermere, FL 347\d\d$/);
    // "435 W 57th St, New York, NY" landed on 10001 at a point on Long Island: now Manhattan's central ZIP.
    const ny = await g.geocode("435 W 57th St, New York, NY");
    assert.equal(ny?.line1, "435 W 57th St");
    assert.ok(
      km(ny!, { lat: 40.7831, lon: -73.9712 }) < 8,
      `in Manhattan: ${ny?.lat},${ny?.lon} ZIP ${ny?.zip}`,
    );
    const [own] = await p.sql<
      { lat: number; lon: number }[]
    >`select lat, lon from public.geo_zips where zip = ${ny!.zip}`;
    assert.ok(km(ny!, own) < 0.01, "the point is the chosen ZIP's own");
  } finally {
    await p.close();
  }
});

Deno.test("gazetteer: misspelt cities are found ('San Fransisco', 'Pittsburg PA', 'Filadelphia')", async () => {
  const p = await testPlatform();
  try {
    const g = new GazetteerGeocoder(p.sql);
    const sf = await g.geocode("1 Market St, San Fransisco, CA");
    assert.equal(sf?.city, "San Francisco");
    assert.equal(sf?.line1, "1 Market St");
    assert.equal((await g.geocode("5 Penn Ave, Pittsburg, PA"))?.city, "Pittsburgh");
    assert.equal((await g.geocode("9 Elm St, Filadelphia, PA"))?.city, "Philadelphia");
    const s = await g.autocomplete("1 Market St, San Fransisco", 5);
    assert.deepEqual(s.map((x) => x.description), ["1 Market St, San Francisco, CA"]);
    assert.equal(s[0].line1, "1 Market St");
    assert.equal((await g.autocomplete("San Fransisco"))[0]?.city, "San Francisco");
    assert.equal(await g.geocode("1 Main St, Xqzzyville, TX"), null, "no wild guesses");
  } finally {
    await p.close();
  }
});

Deno.test("gazetteer autocomplete: prefixes, state filter, ZIP prefixes, street kept, never attached to other towns, no PO Box", async () => {
  const p = await testPlatform();
  try {
    const g = new GazetteerGeocoder(p.sql);
    const s = await g.autocomplete("12 Oak Rd, Springf", 3);
    assert.equal(s.length, 3);
    assert.ok(
      s.every((x) =>
        x.description.startsWith("12 Oak Rd, Springfield, ") && x.line1 === "12 Oak Rd" && x.lat && x.zip
      ),
    );
    const pdx = await g.autocomplete("Portland, OR");
    assert.ok(pdx.length && pdx.every((x) => x.state === "OR"));
    const z = await g.autocomplete("9021", 4);
    assert.equal(z.length, 4);
    assert.ok(z.every((x) => x.zip!.startsWith("9021")));
    assert.deepEqual(await g.autocomplete("x"), []);
    assert.equal(
      (await g.autocomplete("123 Main St Austin TX", 3))[0].description,
      "123 Main St, Austin, TX",
    );
    const partial = await g.autocomplete("9 Elm Rd Sacram", 3);
    assert.equal(partial[0].city, "Sacramento");
    assert.equal(partial[0].line1, "9 Elm Rd");
    // The typed house number goes with the typed town only (not New York Mills, NY or MN).
    const ny = await g.autocomplete("435 W 57th St, New York", 5);
    assert.deepEqual(ny.map((x) => x.description), ["435 W 57th St, New York, NY"]);
    // A whole address typed without commas, ZIP last: the street keeps what comes before the town (and state).
    const astoria = await g.autocomplete("31-10 Broadway Astoria NY 11102", 5);
    assert.deepEqual(astoria.map((x) => [x.description, x.line1]), [[
      "31-10 Broadway, Astoria, NY 11102",
      "31-10 Broadway",
    ]]);
    assert.equal((await g.autocomplete("12 Oak Ct 06103"))[0].line1, "12 Oak Ct", "Ct here is the street's");
    assert.equal((await g.autocomplete("12 Oak Ct Hartford CT 06103"))[0].line1, "12 Oak Ct");
    // A name still being typed ("Trent" on the way to "Trenton"): the towns of exactly that name first, then the
    // bigger towns it starts; never a smaller one (Trenton, SC is not offered behind Trent, SD).
    const trent = (await g.autocomplete("12 Main St, Trent", 5)).map((x) => x.description);
    assert.deepEqual(trent.slice(0, 2).sort(), ["12 Main St, Trent, SD", "12 Main St, Trent, TX"]);
    assert.ok(trent.includes("12 Main St, Trenton, NJ"), trent.join("; "));
    assert.ok(!trent.includes("12 Main St, Trenton, SC"), trent.join("; "));
    assert.deepEqual((await g.autocomplete("13619 Tortona Ln, Windermere FL")).map((x) => x.description), [
      "13619 Tortona Ln, Windermere, FL",
    ]);
    assert.deepEqual(await g.autocomplete("PO Box 12, Austin"), []);
    // QA pass 7: an address abroad is not offered as a US town of the same name (Paris, TX; Toronto, OH).
    assert.deepEqual(await g.autocomplete("123 Rue de Rivoli, Paris, France"), []);
    assert.deepEqual(await g.autocomplete("Toronto, ON M5V 2T6"), []);
    assert.ok(
      (await g.autocomplete("123 Main St, Paris, TX")).length > 0,
      "Paris, TX itself is still offered",
    );
  } finally {
    await p.close();
  }
});

Deno.test("PO Boxes and addresses without a street are refused with a clear reason", () => {
  for (
    const a of [
      "PO Box 123, Austin, TX 78701",
      "P.O. Box 9, Miami, FL",
      "Post Office Box 4, Boise, ID",
      "po box 77 Denver CO",
    ]
  ) {
    assert.ok(isPoBox(a), a);
    assert.equal(addressProblem(a)?.code, "po_box_not_accepted", a);
  }
  for (const a of ["Austin, TX", "San Francisco", "Main St, Austin, TX"]) {
    assert.equal(addressProblem(a)?.code, "street_address_required", a);
  }
  for (
    const a of [
      "12 Oak Rd, Springfield, IL",
      "13619 Tortona Ln, Windermere FL",
      "1600 Pennsylvania Ave NW Washington DC 20500",
      "12B Main St, Boston, MA",
      "98 Boxwood Ln, Austin, TX",
    ]
  ) {
    assert.equal(addressProblem(a), null, a);
  }
});
