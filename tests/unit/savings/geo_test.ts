import assert from "node:assert/strict";
import { parseUsAddress } from "../../../shared/geo/parse.ts";

Deno.test("address parser splits street, unit, city, state and ZIP", () => {
  assert.deepEqual(parseUsAddress("123 Main St, Apt 4, Austin, TX 78701-1234, USA"), {
    country: "US",
    zip: "78701",
    state: "TX",
    city: "Austin",
    line1: "123 Main St",
    line2: "Apt 4",
  });
  assert.deepEqual(parseUsAddress("55 Elm Street, Springfield, Illinois"), {
    country: "US",
    state: "IL",
    city: "Springfield",
    line1: "55 Elm Street",
  });
  assert.deepEqual(parseUsAddress("Boise ID"), { country: "US", state: "ID", city: "Boise" });
});

Deno.test("a 5-digit house number is not a ZIP; a ZIP ends the address or follows the state", () => {
  assert.deepEqual(parseUsAddress("13619 Tortona Ln, Windermere FL"), {
    country: "US",
    state: "FL",
    city: "Windermere",
    line1: "13619 Tortona Ln",
  });
  assert.deepEqual(parseUsAddress("13619 Tortona Ln, Windermere, FL 34786"), {
    country: "US",
    zip: "34786",
    state: "FL",
    city: "Windermere",
    line1: "13619 Tortona Ln",
  });
  assert.equal(parseUsAddress("12 Oak Rd, Austin, TX 78701 Apt 4").zip, "78701");
});
