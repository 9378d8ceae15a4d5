// The partner console's one-line home address keeps the unit (QA pass 4: the leads list dropped "Apt 8C").
import assert from "node:assert/strict";
import { addressText } from "../../../console/src/address.ts";

Deno.test("a lead's address on one line keeps its unit, and has none when there is none", () => {
  const home = { line1: "332 Hillcrest Way", city: "Denver", state: "CO", zip: "80206" };
  assert.equal(addressText({ ...home, line2: "Apt 8C" }), "332 Hillcrest Way, Apt 8C, Denver, CO 80206");
  assert.equal(addressText({ ...home, line2: null }), "332 Hillcrest Way, Denver, CO 80206");
  assert.equal(addressText({ ...home, line2: "  " }), "332 Hillcrest Way, Denver, CO 80206");
  assert.equal(addressText(home), "332 Hillcrest Way, Denver, CO 80206");
});
