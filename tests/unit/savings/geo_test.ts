import assert from "node:assert/strict";
import { GazetteerGeocoder } from "../../../shared/geo/gazetteer.ts";
import { parseUsAddress } from "../../../shared/geo/parse.ts";

Deno.test("address parser splits street, unit, city, state and ZIP", () => {
  assert.deepEqual(parseUsAddress("123 Main St, Apt 4, Austin, TX 78701-1234, USA"), { country: "US", zip: "78701", state: "TX", city: "Austin", line1: "123 Main St", line2: "Apt 4" });
  assert.deepEqual(parseUsAddress("55 Elm Street, Springfield, Illinois"), { country: "US", state: "IL", city: "Springfield", line1: "55 Elm Street" });
  assert.deepEqual(parseUsAddress("Boise ID"), { country: "US", state: "ID", city: "Boise" });
});

Deno.test("gazetteer geocodes by ZIP, by city and state, and without commas", async () => {
  const g = new GazetteerGeocoder();
  const a = await g.geocode("123 Main St, Austin, TX 78701");
  assert.equal(a?.state, "TX");
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
  // A ZIP that contradicts the state is not trusted.
  assert.equal((await g.geocode("1 Main St, Austin, CA 78701"))?.state ?? null, null);
});

Deno.test("gazetteer autocomplete: city prefixes (bigger places first), state filter, ZIP prefixes, street kept", async () => {
  const g = new GazetteerGeocoder();
  const s = await g.autocomplete("12 Oak Rd, Springf", 3);
  assert.equal(s.length, 3);
  assert.ok(s.every((x) => x.description.startsWith("12 Oak Rd, Springfield, ") && x.line1 === "12 Oak Rd" && x.lat && x.zip));
  const p = await g.autocomplete("Portland, OR");
  assert.equal(p[0].state, "OR");
  assert.ok(p.every((x) => x.state === "OR"));
  const z = await g.autocomplete("9021", 4);
  assert.equal(z.length, 4);
  assert.ok(z.every((x) => x.zip!.startsWith("9021")));
  assert.deepEqual(await g.autocomplete("x"), []);
  // Typed without commas.
  const nc = await g.autocomplete("123 Main St Austin TX", 3);
  assert.equal(nc[0].description, "123 Main St, Austin, TX");
  const partial = await g.autocomplete("9 Elm Rd Sacram", 3);
  assert.equal(partial[0].city, "Sacramento");
  assert.equal(partial[0].line1, "9 Elm Rd");
});
