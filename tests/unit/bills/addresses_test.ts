import assert from "node:assert/strict";
import { parseCityStateZip } from "../../../shared/bills/embedded/addresses.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";

Deno.test("city, state and ZIP read through OCR's misread comma; names with an apostrophe kept", () => {
  for (
    const line of [
      "CHICAGO, IL 60614",
      "CHICAGO'IL 60614",
      "CHICAGO. IL 60614",
      "CHICAGO;IL 60614",
      "Chicago IL 60614-1234",
    ]
  ) {
    const csz = parseCityStateZip(line);
    assert.equal(csz?.state, "IL", line);
    assert.equal(csz?.city.toUpperCase(), "CHICAGO", line);
  }
  assert.deepEqual(parseCityStateZip("COEUR D'ALENE, ID 83814"), {
    city: "COEUR D'ALENE",
    state: "ID",
    zip: "83814",
  });
  assert.deepEqual(parseCityStateZip("O'FALLON, MO 63366"), { city: "O'FALLON", state: "MO", zip: "63366" });
  assert.equal(parseCityStateZip("Carol Stream, XX 60197"), undefined, "not a state");
});

Deno.test("the customer's name is the stub's addressee, never a service-period line above the service address", () => {
  // OCR lines of tests/fixtures/bills/synthetic/comed-04 (two photographed pages), shortened.
  const item = parseBill([
    "ComEd   Statement Date: Feb 8, 2024",
    "An Exelon Company   Account Number: 1527106350",
    "Service Location:   Service from Jan 8, 2024 toFeb 7, 2024",
    "4762 Pine Ridge Rd",
    "Chicago, IL 60614",
    "Total Amount Due   $128.39",
    "Due by Feb 26, 2024",
    "Return this portion with your check made payable to ComEd",
    "ComEd",
    "P.O. Box 6111",
    "Carol Stream, IL-60197-6111",
    "DAVID PATEL",
    "4762 PINE RIDGE RD",
    "CHICAGO'IL 60614",
  ]);
  assert.equal(item.customerInformation.customerName, "DAVID PATEL");
  assert.equal(item.billingInformation.billingAddress.city, "CHICAGO");
  assert.equal(item.customerInformation.serviceAddress.line1, "4762 Pine Ridge Rd");
});
