// Email patterns tried from every character of a long run without an "@" were quadratic: 40 KB of "1.1.1…" in a
// contract's text held the contract job (in the service's process) for 12 s; a 16 KB word in an event payload
// took 0.4 s of the publisher's check (docs/security.md "Pass 5"). Both now start only at a run's first character:
// the same first match, linear.
import assert from "node:assert/strict";
import fc from "fast-check";
import { analyseContractText } from "../../../shared/contracts/embedded/analyse.ts";
import { contactDetails } from "../../../shared/contracts/embedded/parties.ts";
import { findPersonalData } from "../../../shared/events/envelope.ts";
import { contractDocument } from "../../../shared/contracts/document.ts";
import { EmbeddedContractAnalyser } from "../../../shared/contracts/embedded_model.ts";
import { DocumentTooComplex } from "../../../shared/documents/engine/errors.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";
import { pdfOf } from "../../support/pdf_objects.ts";

Deno.test("contract text: 100 KB of '1.' is read in well under the seconds it took (and the email after it found)", () => {
  const text = "Solar Purchase Agreement\n" + "1.".repeat(50_000) + "\nContact: jane.doe@example.com\n";
  const started = performance.now();
  const summary = analyseContractText(text);
  const seconds = (performance.now() - started) / 1000;
  // before: ~75 s (quadratic; 40 KB took 12 s); now tens of milliseconds
  assert.ok(seconds < 5, `${seconds.toFixed(1)} s`);
  assert.equal(contactDetails(text).email, "jane.doe@example.com");
  assert.ok(summary);
});

Deno.test("event payloads: a 16 KB word without '@' is checked in linear time, and emails are still found", () => {
  let calls = 0;
  const started = performance.now();
  for (const s of ["a".repeat(16_000), "x.".repeat(8_000)]) {
    assert.equal(findPersonalData({ note: s }), null);
    calls++;
  }
  assert.ok((performance.now() - started) / calls < 100, "before: ~400 ms for one 16 KB word");
  assert.equal(findPersonalData({ note: "x".repeat(9_000) + " mail bob@example.org" }), "payload.note");
});

Deno.test("the run-start email patterns find the same first match as the old ones (property)", () => {
  const oldContract = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
  const oldEvent = /[^\s@<>"']+@[^\s@<>"']+\.[a-z]{2,}/i;
  const text = fc.array(
    fc.constantFrom("a", "Z", "1", ".", "-", "+", "_", "@", " ", "\n", "<", '"', "'", "é", "co"),
    {
      maxLength: 60,
    },
  ).map((cs) => cs.join(""));
  fc.assert(
    fc.property(text, (s) => {
      assert.equal(contactDetails(s).email, s.match(oldContract)?.[0] ?? "");
      assert.equal(findPersonalData(s) !== null, oldEvent.test(s));
    }),
    { numRuns: 3000 },
  );
});

Deno.test("contract text: more than MAX_CONTRACT_TEXT_CHARS is refused before the reader's rules run", async () => {
  // one page of 400 lines of 1,100 characters in 1-point print: 440,000 characters from a ~450 KB PDF
  const line = "Seller agrees to install the system described. ".repeat(24).slice(0, 1100);
  const content = Array.from({ length: 400 }, (_, i) => `BT /F1 1 Tf 10 ${10 + i * 1.9} Td (${line}) Tj ET`)
    .join("\n");
  const pdf = pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 1200 800] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
  try {
    const doc = contractDocument([{ filename: "contract.pdf", mimeType: "application/pdf", bytes: pdf }], {
      maxFiles: 10,
      maxFileBytes: 15 * 1024 * 1024,
      maxTotalBytes: 25 * 1024 * 1024,
      maxPages: 40,
    });
    await assert.rejects(doc.text(), (e) => {
      assert.ok(e instanceof DocumentTooComplex);
      assert.match(e.message, /characters of text; a contract has at most 400000/);
      return true;
    });
    const outcome = await new EmbeddedContractAnalyser().analyse(doc);
    assert.equal(outcome.ok, false);
  } finally {
    await closeDocumentEngine();
  }
});
