// The bench's scoring (scripts/bills/accuracy.ts): an address read in another case is the same address; another
// address is still wrong.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { score } from "../../../scripts/bills/accuracy.ts";
import { emptyItem } from "../../../shared/bills/schema.ts";

Deno.test("the bench compares address fields case-insensitively, other fields and other addresses as before", () => {
  const truth = emptyItem();
  truth.customerInformation.serviceAddress.city = "Madison";
  truth.customerInformation.serviceAddress.line1 = "12 Oak St";
  truth.billingInformation.billingAddress.city = "Fitchburg";
  truth.customerInformation.customerName = "Jane Doe";
  const got = emptyItem();
  got.customerInformation.serviceAddress.city = "MADISON";
  got.customerInformation.serviceAddress.line1 = "12 OAK ST";
  got.billingInformation.billingAddress.city = "Middleton";
  got.customerInformation.customerName = "JANE DOE";
  const s = score(truth, got);
  assertEquals(s.wrong.map((w) => w.field).sort(), ["billingAddress.city", "customerName"]);
  assertEquals(s.filledWrong, 2);
});
