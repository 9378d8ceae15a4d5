import assert from "node:assert/strict";
import { displayUtilityName } from "../../../shared/providers/names.ts";
import { sanitizeWidgetHtml } from "../../../shared/widget/sanitize.ts";
import { safeFilename, sniffType } from "../../../shared/widget/documents.ts";

Deno.test("utility names are cleaned for display", () => {
  assert.equal(displayUtilityName("Pacific Gas & Electric Co"), "Pacific Gas & Electric Co");
  assert.equal(displayUtilityName("Pacific Gas & Electric Co."), "Pacific Gas & Electric Co");
  assert.equal(displayUtilityName("Consolidated Edison Co-NY Inc"), "Consolidated Edison Co of New York");
  assert.equal(displayUtilityName("City of Aberdeen - (MS)"), "City of Aberdeen");
  assert.equal(displayUtilityName("City of Adel- (GA)"), "City of Adel");
  assert.equal(displayUtilityName("A & N Electric Coop"), "A & N Electric Cooperative");
  assert.equal(displayUtilityName("Central Hudson Gas & Elec Corp"), "Central Hudson Gas & Electric");
  assert.equal(displayUtilityName("Jersey Central Power & Lt Co"), "Jersey Central Power & Light Co");
  assert.equal(displayUtilityName("Adams Rural Electric Coop, Inc"), "Adams Rural Electric Cooperative");
  assert.equal(displayUtilityName("Niagara Mohawk Power Corp."), "Niagara Mohawk Power");
});

Deno.test("widget_info HTML keeps formatting and drops scripts, handlers and javascript: URLs", () => {
  const dirty =
    `<h3 onclick="steal()">Why us</h3><script>alert(1)</script><p style="color:red">25 years <strong>warranty</strong></p>
    <a href="javascript:alert(1)">x</a><a href="https://partner.example/faq">FAQ</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>`;
  const clean = sanitizeWidgetHtml(dirty);
  assert.doesNotMatch(clean, /script|onclick|onerror|javascript:|iframe|style=/i);
  assert.match(clean, /<h3>Why us<\/h3>/);
  assert.match(clean, /<strong>warranty<\/strong>/);
  assert.match(
    clean,
    /<a href="https:\/\/partner.example\/faq" target="_blank" rel="noopener noreferrer">FAQ<\/a>/,
  );
});

Deno.test("uploads are typed by their bytes, names made safe", () => {
  assert.equal(sniffType(new TextEncoder().encode("%PDF-1.7 ...")), "application/pdf");
  assert.equal(sniffType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])), "image/png");
  assert.equal(sniffType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])), "image/jpeg");
  assert.equal(sniffType(new TextEncoder().encode("MZ executable")), null);
  assert.equal(safeFilename("../../etc/passwd"), "passwd");
  assert.equal(safeFilename("C:\\bills\\my bill (1).pdf"), "my bill _1_.pdf");
});
