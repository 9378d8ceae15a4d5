// The sample report of a low-use Texas home (no system proposed; scripts/savings/sample_reports.ts) ended with
// "What happens next" alone on page 4, the block 11 pt taller than the room left on page 3 (QA5). It stays on
// page 3 now, its margins a little tighter (QA6), and still whole.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { createSavingsReport } from "../../../shared/savings/pipeline.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_pdf.ts";
import { MONTHS } from "../../../shared/format.ts";

Deno.test("the Texas low-use report (no system) ends with 'What happens next' on page 3, not alone on page 4", async () => {
  const p = await testPlatform();
  try {
    const t = await tokensFor(p, { role: "widget", orgName: "Sunrise Solar Co." });
    const auth = { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} };
    const shape = [1.15, 1.0, 0.9, 0.8, 0.9, 1.15, 1.35, 1.35, 1.1, 0.85, 0.85, 1.05];
    const r = await createSavingsReport(p, auth, {
      customerName: "Sam Low",
      address: "123 Main St, Austin, TX 78701",
      usageByMonth: shape.map((k, i) => ({ month: MONTHS[i], year: 2026, value: Math.round(1500 / 12 * k) })),
      email: "sample@example.test",
      deliver: false,
    });
    assert.equal(r.figures.systemKw, 0);
    const pdf = await renderSavingsReportPdf({
      customerName: "Sam Low",
      address: r.address.formattedAddress,
      state: r.address.state,
      partner: { name: "Sunrise Solar Co." },
      figures: r.figures,
      sections: r.report.sections,
    });
    const { text } = await extractText(pdf, { mergePages: false });
    const last = text[text.length - 1].replace(/\s+/g, " ");
    assert.equal(text.length, 3, `${text.length} pages`);
    assert.ok(last.includes("III. Solar Recommendation and Financial Analysis"), last);
    assert.ok(last.includes("What happens next") && last.includes("This report is an estimate prepared on"));
  } finally {
    await p.close();
  }
});
