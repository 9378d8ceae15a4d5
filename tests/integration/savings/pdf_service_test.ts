// pdf-generator-service over real HTTP: HTML subset, named templates, the designed savings report.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp, type Served } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/pdf-generator-service/app.ts";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";

const PNG_2x2 =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==";

async function withService(
  fn: (s: Served, headers: Record<string, string>, p: TestPlatform) => Promise<void>,
) {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user" });
    await fn(s, { ...id.headers, "Content-Type": "application/json" }, p);
  } finally {
    await s.close();
    await p.close();
  }
}

async function pdfText(res: Response): Promise<{ text: string; pages: number; bytes: Uint8Array }> {
  assert.equal(res.status, 200, res.status === 200 ? "" : await res.clone().text());
  assert.equal(res.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  const { text, totalPages } = await extractText(bytes.slice(), { mergePages: true });
  return { text, pages: totalPages, bytes };
}

Deno.test("generate-pdf-from-html: text, lists, tables, Unicode, data-URI images, page size; remote images refused", async () => {
  await withService(async (s, headers) => {
    const url = `${s.url}/pdf-generator-service/generate-pdf-from-html`;
    const rows = Array.from(
      { length: 60 },
      (_, i) => `<tr><td>Row ${i + 1}</td><td>${(i * 1.5).toFixed(1)}</td></tr>`,
    ).join("");
    const html =
      `<h1 style="color:#1f5f8b">Énergie solaire – Ünïcode ✓</h1><p>Plain <strong>bold</strong> and <em>italic</em>.</p>
      <ul><li>First point</li><li>Second point</li></ul><table><thead><tr><th>Name</th><th>Value</th></tr></thead><tbody>${rows}</tbody></table>
      <img src="${PNG_2x2}" width="40" height="40"><p style="text-align:right;font-size:8pt">The end</p>`;
    const r = await pdfText(
      await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ html, pageSize: "a4", margins: 36 }),
      }),
    );
    for (
      const t of ["Énergie solaire – Ünïcode ✓", "Plain bold and italic.", "First point", "Row 60", "The end"]
    ) assert.ok(r.text.includes(t), t);
    assert.ok(r.pages >= 2, "the table flows onto a second page");
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(r.bytes);
    assert.deepEqual(doc.getPage(0).getSize(), { width: 595.28, height: 841.89 });

    const remote = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ html: '<p>x</p><img src="https://example.com/a.png">' }),
    });
    assert.equal(remote.status, 400);
    const e = await remote.json();
    assert.equal(e.error.code, "invalid_document");
    assert.match(e.error.message, /never fetched/);
    const badSize = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ html: "<p>x</p>", pageSize: "tabloid" }),
    });
    assert.equal(badSize.status, 400);
    await badSize.body?.cancel();
    const empty = await fetch(url, { method: "POST", headers, body: JSON.stringify({}) });
    assert.equal(empty.status, 400);
    assert.match((await empty.json()).error.message, /html/);
  });
});

Deno.test("generate-pdf-from-template: named template with data; unknown template 404; missing variable 400", async () => {
  await withService(async (s, headers) => {
    const url = `${s.url}/pdf-generator-service/generate-pdf-from-template`;
    const data = {
      subject: "Your installation date",
      date: "2026-12-01",
      sender: { name: "Sunrise Solar Co." },
      recipient: { name: "Jane Doe", address: "123 Main St, Austin, TX" },
      paragraphs: ["Your panels arrive on Monday.", "Our crew will call ahead."],
    };
    const r = await pdfText(
      await fetch(url, { method: "POST", headers, body: JSON.stringify({ template: "letter", data }) }),
    );
    for (
      const t of [
        "Your installation date",
        "December 1, 2026",
        "Jane Doe",
        "Our crew will call ahead.",
        "Kind regards",
      ]
    ) assert.ok(r.text.includes(t), t);
    const unknown = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ template: "nope", data }),
    });
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error.code, "template_not_found");
    const traversal = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ template: "../../etc/passwd", data }),
    });
    assert.equal(traversal.status, 404);
    await traversal.body?.cancel();
    const { recipient: _r, ...missing } = data;
    const m = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ template: "letter", data: missing }),
    });
    assert.equal(m.status, 400);
    const j = await m.json();
    assert.equal(j.error.code, "missing_template_data");
    assert.match(j.error.message, /"recipient.name"/);
    const list = await fetch(`${s.url}/pdf-generator-service/templates`, { headers });
    assert.deepEqual((await list.json()).data.items, ["letter", "savings-summary"]);

    // The summary template names a federal credit only when the figures carry one (none after 2025).
    const summary = (federalCredit: number) => ({
      customerName: "Li Wei",
      address: "1 State St",
      figures: {
        annualKwh: 9000,
        annualCost: 2000,
        ratePerKwh: 0.2225,
        systemKw: 7.2,
        panels: 18,
        annualProductionKwh: 9100,
        federalCredit,
        netCost: 18000 - federalCredit,
        netAnnualSavings: 1900,
        paybackYears: 9.5,
      },
    });
    const none = await pdfText(
      await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ template: "savings-summary", data: summary(0) }),
      }),
    );
    assert.ok(
      none.text.includes("Net cost") && !none.text.includes("30%") && !none.text.includes("federal credit"),
      none.text,
    );
    const some = await pdfText(
      await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify({ template: "savings-summary", data: summary(5400) }),
      }),
    );
    assert.ok(some.text.includes("Net cost after a federal credit of $5,400"), some.text);
  });
});

Deno.test("generate-savings-report: the designed report carries every section title and key figure as text", async () => {
  await withService(async (s, headers) => {
    const usage = normaliseUsage(
      Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 700 + 40 * i })),
    );
    const figures = calculateSavings({
      usage,
      ratePerKwh: 0.2225,
      escalatorPct: 3,
      costPerWatt: 2.5,
      roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1400, configs: [], dcToAcDerate: 0.85 },
      program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0.85 },
    });
    const program = {
      state: "NY",
      isGeneric: false,
      netMetering: "retail" as const,
      exportCreditRatio: 1,
      nonbypassableUsdPerKwh: 0,
      solarChargeUsdPerKwMonth: 0.85,
      propertyTaxExemption: null,
      incentives: null,
      efficiencyPrograms: null,
      batteryIncentives: null,
      source: "x",
      year: 2024,
    };
    const report = await new EmbeddedReportWriter().write({
      customerName: "Li Wei",
      state: "NY",
      stateName: "New York",
      address: "1 State St, Albany, NY",
      figures,
      program,
      rateSource: "EIA",
      costSource: "ES",
      costIsNationalFallback: true,
    });
    const res = await fetch(`${s.url}/pdf-generator-service/generate-savings-report`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        customerName: "Li Wei",
        address: "1 State St, Albany, NY 12207",
        state: "NY",
        partner: { name: "Empire Sun", logo: PNG_2x2, color: "#0b6e4f" },
        report,
        figures,
      }),
    });
    const r = await pdfText(res);
    assert.ok(r.bytes.length < 200_000, `${r.bytes.length} bytes`);
    for (
      const t of [
        "Solar Savings Report",
        "Prepared for Li Wei",
        "I. Executive Summary",
        "II. Usage Analysis",
        "III. Solar Recommendation and Financial Analysis",
        "Monthly electricity use",
        "25-year electricity cost projection",
        `Page ${r.pages} of ${r.pages}`,
      ]
    ) {
      assert.ok(r.text.includes(t), `${t} not in ${r.text.slice(0, 3000)}`);
    }
    const invalid = await fetch(`${s.url}/pdf-generator-service/generate-savings-report`, {
      method: "POST",
      headers,
      body: JSON.stringify({ customerName: "X", report: { sections: report.sections.slice(0, 2) }, figures }),
    });
    assert.equal(invalid.status, 400);
    assert.match((await invalid.json()).error.message, /report\.sections/);
    // The optional figures the document reads are validated too: never a PDF built from a wrong-typed credit.
    for (
      const [bad, path] of [
        [{ credit: { pct: "30" } }, /figures\.credit\.pct/],
        [{ fixedChargeMonthly: "12.50" }, /figures\.fixedChargeMonthly/],
        [{ flags: "roof_ownership_unknown" }, /figures\.flags/],
      ] as const
    ) {
      const res = await fetch(`${s.url}/pdf-generator-service/generate-savings-report`, {
        method: "POST",
        headers,
        body: JSON.stringify({ customerName: "X", report, figures: { ...figures, ...bad } }),
      });
      assert.equal(res.status, 400, JSON.stringify(bad));
      assert.match((await res.json()).error.message, path);
    }
  });
});
