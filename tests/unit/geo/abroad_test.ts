// QA pass 7: an address abroad is told so, instead of "We could not find that address" or a street-number
// message, and is never taken for a US town of the same name (Paris, TX; Toronto, OH).
import assert from "node:assert/strict";
import { isOutsideUs } from "../../../shared/geo/abroad.ts";
import { addressProblem } from "../../../shared/geo/parse.ts";

Deno.test("addresses abroad are refused as outside the US", () => {
  for (
    const a of [
      "10 Downing Street, London SW1A 2AA, United Kingdom",
      "10 Downing Street, London SW1A 2AA",
      "123 Rue de Rivoli, Paris, France",
      "Toronto, ON M5V 2T6",
      "290 Bremner Blvd, Toronto, ON M5V 3L9, Canada",
      "1000 Rue Sherbrooke O, Montreal, Quebec",
      "12 Main St, Vancouver, BC",
      "Av. Reforma 222, Ciudad de México, Mexico",
      "5 George St, Sydney NSW 2000, Australia",
      "12 Main St, Canada",
      "Av. Arequipa 100, Lima, Peru",
      "10 King St, Saint John, New Brunswick",
    ]
  ) {
    assert.ok(isOutsideUs(a), a);
    assert.equal(addressProblem(a)?.code, "address_outside_us", a);
    assert.match(addressProblem(a)!.message, /homes in the United States/);
  }
});

Deno.test("US addresses, towns named like foreign places among them, are not abroad", () => {
  for (
    const a of [
      "123 Main St, Paris, TX 75460",
      "12 Elm St, Toronto, OH",
      "45 Oak Ave, London, KY 40741",
      "9 Canada Rd, Lake Placid, NY",
      "1 State St Apt 5C, Albany, NY 12207",
      "2099 Maple Ave, Apt 2B, Oakland, CA 94611",
      "31-10 Broadway Astoria NY 11102",
      "1600 Pennsylvania Ave NW, Washington, DC 20500, USA",
      "77 Quebec St, Denver, CO",
      "12 Ontario St, Chicago, IL",
      // Still being typed, on the way to a US town named like a country or a province.
      "12 Main St, Peru",
      "12 Main St, Mexico",
      "12 Main St, Poland",
      "12 Main St, Apt 4, Mexico",
      "12 Main St, Ontario",
      "12 Main St, New Brunswick",
      "12 Main St, Yukon",
      "12 Main St, Mexico, MO",
    ]
  ) {
    assert.equal(isOutsideUs(a), false, a);
    assert.notEqual(addressProblem(a)?.code, "address_outside_us", a);
  }
});
