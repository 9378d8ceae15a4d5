import assert from "node:assert/strict";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { displayUtilityName } from "../../../shared/providers/names.ts";
import { sanitizeWidgetHtml } from "../../../shared/widget/sanitize.ts";
import { safeFilename, sniffType } from "../../../shared/widget/documents.ts";

Deno.test("utility names are cleaned for display", () => {
  assert.equal(displayUtilityName("Pacific Gas & Electric Co"), "Pacific Gas & Electric Company");
  assert.equal(displayUtilityName("Pacific Gas & Electric Co."), "Pacific Gas & Electric Company");
  assert.equal(
    displayUtilityName("Consolidated Edison Co-NY Inc"),
    "Consolidated Edison Company of New York",
  );
  assert.equal(displayUtilityName("City of Aberdeen - (MS)"), "City of Aberdeen");
  assert.equal(displayUtilityName("City of Adel- (GA)"), "City of Adel");
  assert.equal(displayUtilityName("A & N Electric Coop"), "A & N Electric Cooperative");
  assert.equal(displayUtilityName("Central Hudson Gas & Elec Corp"), "Central Hudson Gas & Electric");
  assert.equal(displayUtilityName("Jersey Central Power & Lt Co"), "Jersey Central Power & Light Company");
  assert.equal(displayUtilityName("Adams Rural Electric Coop, Inc"), "Adams Rural Electric Cooperative");
  assert.equal(displayUtilityName("Niagara Mohawk Power Corp."), "Niagara Mohawk Power");
});

Deno.test("utility names read as a person writes them: numbers, initials, agencies, abbreviations (QA5)", () => {
  // Tempe, AZ's provider step (docs/widget.md, Left list of the last pass).
  assert.equal(displayUtilityName("Electrical Dist No8 Maricopa"), "Electrical District No. 8 Maricopa");
  assert.equal(
    displayUtilityName("USBIA-San Carlos Project"),
    "San Carlos Project (U.S. Bureau of Indian Affairs)",
  );
  assert.equal(displayUtilityName("Maricopa County M W C Dist #1"), "Maricopa County MWC District No. 1");
  assert.equal(displayUtilityName("Maricopa County M.W.C District #1"), "Maricopa County MWC District No. 1");
  assert.equal(displayUtilityName("PUD No 1 of Chelan County"), "PUD No. 1 of Chelan County");
  // Co / Corp / Coop, and an electric membership corporation named in full (the old rule cut it to "… Member").
  assert.equal(displayUtilityName("Alabama Power Co"), "Alabama Power Company");
  assert.equal(displayUtilityName("Arkansas Valley Elec Coop Corp"), "Arkansas Valley Electric Cooperative");
  assert.equal(displayUtilityName("Cobb Electric Membership Corp"), "Cobb Electric Membership Corporation");
  assert.equal(
    displayUtilityName("Baldwin County El Member Corp"),
    "Baldwin County Electric Membership Corporation",
  );
  assert.equal(displayUtilityName("Albemarle Electric Member"), "Albemarle Electric Membership Corporation");
  // a stored name an earlier rule cut after "Membership" (11 providers, e.g. 6187 Cobb)
  assert.equal(displayUtilityName("Cobb Electric Membership"), "Cobb Electric Membership Corporation");
  assert.equal(displayUtilityName("Public Service Co of NH"), "Public Service Company of New Hampshire");
  assert.equal(
    displayUtilityName("Crawfordsville Elec, Lgt & Pwr"),
    "Crawfordsville Electric, Light & Power",
  );
  assert.equal(displayUtilityName("Alaska Electric Light&Power Co"), "Alaska Electric Light & Power Company");
  assert.equal(
    displayUtilityName("Idaho County L&P Coop Assn, Inc"),
    "Idaho County Light & Power Cooperative Association",
  );
  assert.equal(
    displayUtilityName("Harrison County Rrl Elec Coop"),
    "Harrison County Rural Electric Cooperative",
  );
  assert.equal(displayUtilityName("Cleveland Electric Illum Co"), "Cleveland Electric Illuminating Company");
  assert.equal(displayUtilityName("Carrollton Board of Public Wks"), "Carrollton Board of Public Works");
  assert.equal(displayUtilityName("City of St Charles - (IL)"), "City of St. Charles");
  // More of Tempe's list (the QA5 widget run).
  assert.equal(
    displayUtilityName("WAPA-- Western Area Power Administration"),
    "Western Area Power Administration",
  );
  assert.equal(displayUtilityName("Ocotillo Water Conserv. Dist."), "Ocotillo Water Conservation District");
  // A name's own words and initials stay: "El Paso", "KCP&L", "A & N".
  assert.equal(displayUtilityName("El Paso Electric Co"), "El Paso Electric Company");
  assert.equal(displayUtilityName("City of El Dorado Springs - (MO)"), "City of El Dorado Springs");
  assert.equal(
    displayUtilityName("KCP&L Greater Missouri Operations Co."),
    "KCP&L Greater Missouri Operations Company",
  );
});

Deno.test("a cleaned utility name comes back unchanged (every name of the reference tables)", () => {
  const names = new Set<string>();
  for (
    const f of [
      "utility_eia861_service_territory_2018.csv.gz",
      "utility_iou_zipcodes.csv.gz",
      "utility_non_iou_zipcodes_2020.csv.gz",
    ]
  ) {
    const text = new TextDecoder().decode(
      gunzipSync(Deno.readFileSync(new URL(`../../../data/reference/${f}`, import.meta.url))),
    );
    const rows: Record<string, string>[] = parse(text, { columns: true, skip_empty_lines: true, trim: true });
    for (const r of rows) names.add(r.Utility_Name ?? r.utility_name);
  }
  assert.ok(names.size > 2000);
  const changed = [...names].map(displayUtilityName).filter((d) => displayUtilityName(d) !== d);
  assert.deepEqual(changed, []);
});

Deno.test("widget_info HTML keeps formatting and drops scripts, handlers and javascript: URLs", async () => {
  const dirty =
    `<h3 onclick="steal()">Why us</h3><script>alert(1)</script><p style="color:red">25 years <strong>warranty</strong></p>
    <a href="javascript:alert(1)">x</a><a href="https://partner.example/faq">FAQ</a><img src="x" onerror="alert(1)"><iframe src="https://evil"></iframe>`;
  const clean = await sanitizeWidgetHtml(dirty);
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
