// The check step's confirmed name fills the contact step, but only when it is a person's (QA pass 4: a BGE bill
// in a company's name, confirmed as read, made the report email open "Hi Pharmaceutics,").
import assert from "node:assert/strict";
import { contactFromBillName } from "../../../widget/src/contact_name.ts";

Deno.test("contact name from the bill: a person's name is split and title-cased", () => {
  assert.deepEqual(contactFromBillName("DANIEL JOHNSON", []), { first_name: "Daniel", last_name: "Johnson" });
  assert.deepEqual(contactFromBillName("  mary-jane o'neil  smith ", []), {
    first_name: "Mary-Jane",
    last_name: "O'Neil Smith",
  });
  assert.deepEqual(contactFromBillName("Cher", ["monthly_shape"]), { first_name: "Cher", last_name: "" });
});

Deno.test("contact name from the bill: nothing typed, or a name the gate said is not a person's, fills nothing", () => {
  assert.equal(contactFromBillName("", []), null);
  assert.equal(contactFromBillName("   ", []), null);
  assert.equal(
    contactFromBillName("Pharmaceutics International Inc", [
      "name_not_a_person",
      "annual_usage_out_of_range",
    ]),
    null,
  );
});
