// QA pass 7: the console's lead page said "Confirmed by the homeowner: utility." (the API's group key) under
// checks written as fragments ("the bill is from Southern California Edison, …").
import assert from "node:assert/strict";
import {
  checkSentence,
  confirmedNote,
  monthSource,
  usageCaption,
} from "../../../console/src/reading_notes.ts";

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

Deno.test("a check's months are named as people write them, dates left alone (QA pass 8)", () => {
  assert.equal(
    checkSentence(
      "the bill prints no figure for 10 months (2020-03, 2020-04, 2020-05, 2020-06, 2020-07, 2020-08, 2020-09, 2020-10, 2020-11, 2020-12): their usage was measured from the bars of its chart, an estimate",
    ),
    "The bill prints no figure for 10 months (Mar–Dec 2020): their usage was measured from the bars of its chart, an estimate.",
  );
  assert.equal(checkSentence("months 2020-11, 2021-01 unsure"), "Months Nov 2020, Jan 2021 unsure.");
  assert.equal(
    checkSentence("the bill of 2021-02-25 is dated ahead"),
    "The bill of 2021-02-25 is dated ahead.",
  );
});

// QA pass 18: a Florida Power & Light bill prints two months and shows ten as bars only; the lead page listed all twelve
// under "Monthly usage read from the bill" with nothing marked.
Deno.test("months measured from a bill's bar chart are said to be, in the caption and after each figure", () => {
  const printed = { month: "January", year: 2021, value: 951 };
  const bar = { month: "March", year: 2020, value: 950, fromChart: true };
  const gap = { month: "April", year: 2020, value: 1000, estimated: true };
  assert.equal(monthSource(printed), "");
  assert.equal(monthSource(bar), " (from the bar chart)");
  assert.equal(monthSource(gap), " (estimated)");
  assert.equal(monthSource({ ...bar, estimated: true }), " (estimated)");
  assert.equal(usageCaption([printed]), "Monthly usage read from the bill (kWh)");
  assert.equal(
    usageCaption([printed, bar]),
    "Monthly usage (kWh): printed on the bill, or measured from its bar chart where it prints no figure",
  );
  assert.equal(
    usageCaption([printed, gap]),
    "Monthly usage (kWh): read from the bill, or estimated where the bill gave no figure",
  );
  assert.match(usageCaption([printed, bar, gap]), /bar chart .* or estimated/);
});
