// The console's lead page lists the bill and the report once: the copies the widget stores with the property
// are not listed again under them.
import assert from "node:assert/strict";
import { kindLabel, otherDocuments } from "../../../console/src/files.ts";

Deno.test("the lead page's other files leave out the copies of the bill and the report it already offers", () => {
  const docs = [
    { kind: "utility_bill", filename: "pge-01.pdf" },
    { kind: "report", filename: "solar-savings-report.pdf" },
    { kind: "photo", filename: "roof.jpg" },
    { kind: "utility_bill", filename: "older-bill.pdf" },
  ];
  assert.deepEqual(otherDocuments(docs, ["pge-01.pdf"], true).map((d) => d.filename), [
    "roof.jpg",
    "older-bill.pdf",
  ]);
  // Without a report or a read bill on the lead, the property's copies are the only way to them: listed.
  assert.deepEqual(otherDocuments(docs, [], false).map((d) => d.filename), docs.map((d) => d.filename));
  assert.equal(kindLabel("utility_bill"), "Utility bill");
  assert.equal(kindLabel("report"), "Report");
});
