// A partner's own domains stay real in the PDFs the platform draws, a homeowner's typing stays unlinkable (docs/security.md,
// pass 16). Pass 15 drew every domain-like dot of a PDF as the one-dot leader (U+2024): a partner's
// `www.partner.example` in its own document (the generic HTML route) and its configured name on the savings report
// were no longer domains a reader could follow. Read back with the PDF's text.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { renderHtmlToPdf } from "../../../shared/pdf/render.ts";
import { renderTemplateHtml } from "../../../shared/pdf/templates.ts";
import { domainsIn, pdfNoAutoLink } from "../../../shared/pdf/no_autolink.ts";
import { renderSavingsReportPdf, type SavingsReportDocument } from "../../../shared/savings/report_pdf.ts";

const textOf = async (pdf: Uint8Array) => (await extractText(pdf, { mergePages: true })).text;
const LEADER = "\u2024";

Deno.test("the generic HTML route draws the caller's own document as written", async () => {
  const text = await textOf(await renderHtmlToPdf("<p>Visit www.partner.example or call us.</p>"));
  assert.ok(text.includes("www.partner.example"), text);
  assert.ok(!text.includes(LEADER), "no one-dot leader in the partner's own words");
});

Deno.test("a PDF template's values are unlinkable, its own words are not touched", async () => {
  const html = await renderTemplateHtml("letter", {
    sender: { name: "Sunrise Solar", address: "1 Main St" },
    recipient: { name: "Jane (evil.example)", address: "2 Oak St" },
    date: "2026-11-25",
    subject: "Your visit at www.evil.example",
    paragraphs: ["See evil.example for a rebate."],
  });
  const text = await textOf(await renderHtmlToPdf(html));
  assert.ok(text.includes(`evil${LEADER}example`), text);
  assert.ok(!/evil\.example/.test(text), "no typed value is a domain in the PDF");
  assert.ok(text.includes("Kind regards"), "the template's own words");
});

Deno.test("the savings report: the partner's configured domain as written, the homeowner's typed domains unlinkable", async () => {
  const doc = JSON.parse(
    await Deno.readTextFile(new URL("../../fixtures/savings/home_report_tx.json", import.meta.url)),
  ) as SavingsReportDocument;
  const text = await textOf(
    await renderSavingsReportPdf({
      ...doc,
      customerName: "Jane (see sunrise.example.evil.example)",
      address: "1100 Congress Ave (evil.example), Austin, TX 78701",
      partner: { ...doc.partner, name: "Sunrise Solar (sunrise.example)" },
    }),
  );
  // cover, page headers, footers and "What happens next" name the partner
  assert.ok(text.includes("Sunrise Solar (sunrise.example)"), "the partner's name as configured");
  assert.ok(!text.includes(`sunrise${LEADER}example)`), "never with the leader");
  assert.ok(text.includes(`evil${LEADER}example`), "the typed address unlinkable");
  assert.ok(!/evil\.example/.test(text), "no typed domain is linkable, a partner's domain inside it neither");
});

Deno.test("pdfNoAutoLink keeps only the kept domains' hosts", () => {
  const own = domainsIn("Sunrise Solar (Sunrise.example)", null, "St.Louis 2.5 kW");
  assert.deepEqual(own, ["Sunrise.example", "St.Louis"]);
  assert.equal(
    pdfNoAutoLink("sunrise.example, www.sunrise.example, sunrise.example.evil.example", own),
    // `www.` names the partner's host too (pass 17); a longer host does not
    `sunrise.example, www.sunrise.example, sunrise${LEADER}example${LEADER}evil${LEADER}example`,
  );
  assert.equal(pdfNoAutoLink("SUNRISE.EXAMPLE and 2.5 kW", own), "SUNRISE.EXAMPLE and 2.5 kW");
  assert.equal(pdfNoAutoLink("evil.example"), `evil${LEADER}example`, "nothing kept by default");
});
