// QA pass 7: the console's lead page said "Confirmed by the homeowner: utility." (the API's group key).
import assert from "node:assert/strict";
import { confirmedNote } from "../../../console/src/confirmed.ts";

Deno.test("the lines a homeowner confirmed are named as the check step names them", () => {
  assert.equal(confirmedNote(["utility"]), "Confirmed as shown by the homeowner: electricity provider.");
  assert.equal(
    confirmedNote(["name", "address", "usage"]),
    "Confirmed as shown by the homeowner: name on the bill, service address and monthly electricity use.",
  );
  assert.equal(confirmedNote([]), null);
});
