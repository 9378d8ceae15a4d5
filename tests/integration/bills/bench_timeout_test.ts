// bench:extract on a loaded machine: a document whose text is not read within DOCUMENT_TEXT_TIMEOUT_SECONDS made
// the engine throw DocumentTooComplex, and runCase (scripts/bills/accuracy.ts) let it through, so one slow OCR
// ended the whole bench. It is now scored as a bill read with nothing (every field empty) and marked timed out;
// the leave-one-out run, which reuses the cached text, scores it the same way.
import assert from "node:assert/strict";
import { realCases, runCase } from "../../../scripts/bills/accuracy.ts";
import { EmbeddedBillModel } from "../../../shared/bills/embedded_model.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";
import type { DocumentText } from "../../../shared/documents/document_text.ts";

Deno.test("a real photo whose OCR outlasts the text timeout is scored as read with nothing, not a crash", async () => {
  const photo = (await realCases("tests/fixtures/bills/real")).find((c) =>
    c.id === "cmp_300103203_2022-02.photo"
  )!;
  assert.ok(photo, "the CMP photo fixture");
  const before = Deno.env.get("DOCUMENT_TEXT_TIMEOUT_SECONDS");
  Deno.env.set("DOCUMENT_TEXT_TIMEOUT_SECONDS", "0.05");
  await closeDocumentEngine();
  try {
    const texts = new Map<string, Promise<DocumentText>>();
    for (const model of [new EmbeddedBillModel(), new EmbeddedBillModel({ withoutRulesShapedBy: ["cmp"] })]) {
      const r = await runCase(model, photo, texts);
      assert.match(r.timedOut ?? "", /took longer than 0\.05 s/);
      assert.equal(r.refused, false);
      assert.equal(r.filledWrong, 0);
      assert.ok(r.empty > 20, `every field of the truth empty (${r.empty} of ${r.total})`);
      assert.equal(r.right + r.empty, r.total);
      assert.equal(r.ocrPages, 0);
      assert.equal(r.pages, 2);
    }
  } finally {
    if (before === undefined) Deno.env.delete("DOCUMENT_TEXT_TIMEOUT_SECONDS");
    else Deno.env.set("DOCUMENT_TEXT_TIMEOUT_SECONDS", before);
    await closeDocumentEngine();
  }
});
