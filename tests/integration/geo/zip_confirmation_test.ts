// Offline, the ZIP of an address is never a silent guess (issue 15): a typed ZIP is kept, a city of one ZIP has
// it, and a city of several gets its central ZIP marked `zipConfirmed: false` with the city's ZIPs to pick from.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { GazetteerGeocoder } from "../../../shared/geo/gazetteer.ts";
import { partnerEnv } from "../partner/helpers.ts";

Deno.test("gazetteer ZIP: typed ZIPs kept (even one the table lacks), one-ZIP cities confirmed, several-ZIP cities to confirm", async () => {
  const p = await testPlatform();
  try {
    const g = new GazetteerGeocoder(p.sql);
    const typed = await g.geocode("435 W 57th St, New York, NY 10019");
    assert.deepEqual([typed?.zip, typed?.zipConfirmed, typed?.zipCandidates], ["10019", true, undefined]);
    // A ZIP the gazetteer does not know (a new one) is the homeowner's: kept, placed at the city.
    const unknown = await g.geocode("435 W 57th St, New York, NY 10097");
    assert.deepEqual([unknown?.zip, unknown?.zipConfirmed, unknown?.precision], ["10097", true, "city"]);
    assert.match(unknown!.formattedAddress, /, New York, NY 10097$/);

    // One of no ZIP area or of another state's area is a typing error: the city's ZIP, to be confirmed.
    const zeros = await g.geocode("12 Main St, Trenton, NJ 00000");
    assert.deepEqual([zeros?.city, zeros?.state, zeros?.zipConfirmed], ["Trenton", "NJ", false]);
    assert.notEqual(zeros?.zip, "00000");
    assert.ok(
      zeros!.zipCandidates!.includes(zeros!.zip) && zeros!.zipCandidates!.every((z) => z.startsWith("086")),
    );
    const otherArea = await g.geocode("12 Main St, Trenton, NJ 10097");
    assert.deepEqual([otherArea?.zipConfirmed, otherArea?.zip.startsWith("086")], [false, true]);
    const areaOfState = await g.geocode("12 Main St, Trenton, NJ 08699");
    assert.deepEqual([areaOfState?.zip, areaOfState?.zipConfirmed], ["08699", true]);
    const oneTown = await g.geocode("13619 Tortona Ln, Windermere FL 00000");
    assert.deepEqual([oneTown?.zip, oneTown?.zipConfirmed], ["34786", false]);

    const one = await g.geocode("13619 Tortona Ln, Windermere FL");
    assert.deepEqual([one?.zip, one?.zipConfirmed, one?.zipCandidates], ["34786", true, undefined]);

    const ny = await g.geocode("435 W 57th St, New York, NY");
    assert.equal(ny?.zipConfirmed, false, "Manhattan has many ZIPs: the default must be confirmed");
    const [city] = await p
      .sql`select zip_count from public.geo_cities where state = 'NY' and key = 'new york'`;
    assert.equal(ny!.zipCandidates!.length, city.zip_count);
    assert.ok(ny!.zipCandidates!.includes(ny!.zip), "the pre-filled ZIP is one of them");
    assert.ok(ny!.zipCandidates!.includes("10019"), "the street's real ZIP is offered");
    assert.deepEqual(ny!.zipCandidates, [...ny!.zipCandidates!].sort(), "in order");
    const all = await p.sql`select city, state from public.geo_zips where zip = any(${ny!.zipCandidates!})`;
    assert.ok(
      all.every((r) => r.state === "NY" && /^new york$/i.test(r.city as string)),
      "only the city's own ZIPs",
    );
    // A misspelt city still resolves, and its ZIP is still to be confirmed.
    const sedona = await g.geocode("45 Elm St, Sedonna, AZ");
    assert.deepEqual([sedona?.city, sedona?.zipConfirmed], ["Sedona", false]);
    assert.equal(sedona!.zipCandidates!.length, 5);

    // Suggestions say the same before the address is geocoded.
    const [s] = await g.autocomplete("435 W 57th St, New York, NY", 5);
    assert.equal(s.zipConfirmed, false);
    const [w] = await g.autocomplete("13619 Tortona Ln, Windermere, FL", 5);
    assert.equal(w.zipConfirmed, true);
    const [z] = await g.autocomplete("435 W 57th St, 10019", 5);
    assert.deepEqual([z.zip, z.zipConfirmed], ["10019", true]);
  } finally {
    await p.close();
  }
});

Deno.test("widget-service /geocode answers zipConfirmed and the candidates; a typed ZIP is confirmed", async () => {
  const e = await partnerEnv();
  try {
    const ask = (address: string) =>
      e.call(e.widget, "GET", `/widget-service/geocode?address=${encodeURIComponent(address)}`);
    const ny = await ask("435 W 57th St, New York, NY");
    assert.equal(ny.status, 200, ny.text);
    assert.equal(ny.json.data.zipConfirmed, false);
    assert.ok(ny.json.data.zipCandidates.length > 100);
    const typed = await ask("435 W 57th St, New York, NY 10019");
    assert.deepEqual([typed.json.data.zip, typed.json.data.zipConfirmed], ["10019", true]);
    assert.equal(typed.json.data.zipCandidates, undefined);
  } finally {
    await e.close();
  }
});
