// OCR word confidence on scanned-looking synthetic bills (the corpus's images): meter numbers tesseract read
// from unsure words (a letter dropped or read as a digit: "MB284137" for "M8284137", "645265866" for
// "G45265866") are left empty instead of filled wrongly; the rest of the bill is read as before.
import assert from "node:assert/strict";
import { EmbeddedBillModel } from "../../../shared/bills/embedded_model.ts";
import { closeOcr } from "../../../shared/documents/ocr.ts";
import { runCase, syntheticCases } from "../../../scripts/bills/accuracy.ts";

Deno.test("synthetic image bills: meter numbers read from unsure OCR words are left empty, not wrong", async () => {
  try {
    const cases = (await syntheticCases("tests/fixtures/bills/synthetic"))
      .filter((c) => ["pepco-04", "entergy-04", "eversource-04"].includes(c.id));
    assert.equal(cases.length, 3);
    for (const c of cases) {
      assert.equal(c.kind, "image");
      const r = await runCase(new EmbeddedBillModel(), c);
      const meter = r.wrong.find((w) => w.field === "meters[0].meterNumber");
      assert.equal(meter?.got, "", `${c.id}: ${JSON.stringify(meter)}`);
      assert.ok(r.right / r.total >= 0.7, `${c.id}: ${r.right}/${r.total}`);
    }
  } finally {
    await closeOcr();
  }
});
