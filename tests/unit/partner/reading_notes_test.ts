// QA pass 7: the console's lead page said "Confirmed by the homeowner: utility." (the API's group key) under
// checks written as fragments ("the bill is from Southern California Edison, …").
import assert from "node:assert/strict";
import { checkSentence, confirmedNote } from "../../../console/src/reading_notes.ts";

Deno.test("the lines a homeowner confirmed are named as the check step names them", () => {
  assert.equal(confirmedNote(["utility"]), "Confirmed as shown by the homeowner: electricity provider.");
  assert.equal(
    confirmedNote(["name", "address", "usage"]),
    "Confirmed as shown by the homeowner: name on the bill, service address and monthly electricity use.",
  );
  assert.equal(confirmedNote([]), null);
});

Deno.test("a check's message is shown as a sentence", () => {
  assert.equal(
    checkSentence("the bill is from Southern California Edison, the utility chosen for the home is PG&E"),
    "The bill is from Southern California Edison, the utility chosen for the home is PG&E.",
  );
  assert.equal(checkSentence("Already a sentence."), "Already a sentence.");
  assert.equal(checkSentence(""), "");
});
