import assert from "node:assert/strict";
import { isUnitAddress, roofAccess, splitUnit } from "../../../shared/savings/roof_access.ts";

Deno.test("unit addresses: apartments, suites, lots and # numbers ask who owns the roof; street names do not", () => {
  for (
    const a of [
      "55 Water St Apt 4B, Austin, TX 78701",
      "1 State St Unit B, Albany, NY 12207",
      "9 Elm Rd Ste. 200, Tampa, FL 33614",
      "12 Oak Ave #12, Newark, NJ 07102",
      "4 Palm Dr Lot 17, Mesa, AZ 85201",
      "700 Bay St Fl 3, Miami, FL 33131",
    ]
  ) {
    assert.ok(isUnitAddress(a), a);
  }
  for (
    const a of [
      "123 Main St, Austin, TX 78701",
      "10 Lot Street, Salem, MA 01970",
      "45 Phillips Rd, Tampa, FL 33614",
      "1452 Oak Hollow Dr, Tampa, FL 33614",
      "2 Suiter Ln, Dover, DE 19901",
      "88 Unity Ave, Columbus, OH 43215",
    ]
  ) {
    assert.ok(!isUnitAddress(a), a);
  }
  assert.ok(
    isUnitAddress({ line1: "55 Water St", line2: "Apt 4B", city: "Austin", state: "TX", zip: "78701" }),
  );
  assert.ok(!isUnitAddress({ line1: "55 Water St", city: "Austin", state: "TX", zip: "78701" }));
  assert.equal(roofAccess("55 Water St Apt 4B, Austin, TX 78701"), "ask");
  assert.equal(roofAccess("55 Water St Apt 4B, Austin, TX 78701", "own"), "own");
  assert.equal(roofAccess("123 Main St, Austin, TX 78701"), "own");
});

Deno.test("splitUnit: a trailing unit leaves the street; street names with unit words stay whole", () => {
  assert.deepEqual(splitUnit("4746 Maple Ave Apt 25B"), { line1: "4746 Maple Ave", line2: "Apt 25B" });
  assert.deepEqual(splitUnit("9 Elm St, Unit B"), { line1: "9 Elm St", line2: "Unit B" });
  assert.deepEqual(splitUnit("12 Oak Rd #3"), { line1: "12 Oak Rd", line2: "#3" });
  for (
    const s of ["12 Lot Street", "100 Apartment Ln", "5 Suite Rd", "300 Floor St", "12 Main St", "Apt 4"]
  ) {
    assert.equal(splitUnit(s), null, s);
  }
});
