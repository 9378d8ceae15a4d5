import assert from "node:assert/strict";
import { documentText } from "../../../shared/documents/document_text.ts";
import { analyseContractText } from "../../../shared/contracts/embedded/analyse.ts";
import { cleanLine } from "../../../shared/contracts/embedded/clean.ts";
import { compareSummary } from "../../../shared/contracts/compare.ts";
import { judge } from "../../../shared/contracts/rules.ts";
import { annualUsage, checkAgainstBill, namesMatch } from "../../../shared/contracts/bill_check.ts";
import { type ContractSummary, DEFAULT_RULES } from "../../../shared/contracts/schema.ts";
import { emptyItem } from "../../../shared/bills/schema.ts";

const dir = new URL("../../fixtures/contracts/", import.meta.url);
const corpus = JSON.parse(await Deno.readTextFile(new URL("expected.json", dir))).contracts as any[];
const textPdfs = corpus.filter((c) => c.files[0].endsWith(".pdf"));
const clean: ContractSummary = corpus.find((c) => c.id === "contract-01-purchase-clean").summary;

Deno.test("embedded reader: every field of every text-PDF contract of the corpus (4 layouts)", async () => {
  for (const c of textPdfs) {
    const t = await documentText([{
      filename: c.files[0],
      bytes: await Deno.readFile(new URL(c.files[0], dir)),
    }]);
    const r = compareSummary(c.summary, analyseContractText(t.text));
    assert.deepEqual(r.mismatches, [], c.id);
  }
});

Deno.test("expected approvals of the corpus follow from the summaries and the default rules", () => {
  for (const c of corpus) {
    assert.equal(judge(c.summary, DEFAULT_RULES, c.summary.propertyAddress).status, c.approvalStatus, c.id);
  }
});

Deno.test("judge: each rule gives its reason and the worst severity decides", () => {
  const at = clean.propertyAddress;
  assert.deepEqual(judge(clean, DEFAULT_RULES, at), { status: "APPROVED", reasons: [] });
  const codes = (s: ContractSummary, rules = DEFAULT_RULES, prop: any = at) =>
    judge(s, rules, prop).reasons.map((r) => r.code);
  assert.deepEqual(codes({ ...clean, pricePerWatt: 4.01 }), ["price_per_watt_too_high"]);
  assert.deepEqual(codes({ ...clean, pricePerWatt: null }), ["price_per_watt_unknown"]);
  assert.deepEqual(codes({ ...clean, financing: { ...clean.financing, escalatorPct: 3.5 } }), [
    "escalator_too_high",
  ]);
  assert.deepEqual(
    codes({ ...clean, financing: { ...clean.financing, type: "lease" } }, {
      ...DEFAULT_RULES,
      allowedFinancing: ["cash"],
    }),
    ["financing_not_allowed"],
  );
  assert.deepEqual(codes({ ...clean, cancellationPeriodDays: 1 }), ["cancellation_period_short"]);
  assert.deepEqual(
    codes({ ...clean, clauses: ["cancellation"] }, {
      ...DEFAULT_RULES,
      requiredClauses: ["warranty", "insurance"],
    }),
    ["missing_clause_warranty", "missing_clause_insurance"],
  );
  assert.deepEqual(
    codes(clean, DEFAULT_RULES, { line1: "1 Elsewhere Rd", city: "", state: "", zip: at.zip }),
    ["address_mismatch"],
  );
  assert.deepEqual(
    codes(clean, { ...DEFAULT_RULES, requireAddressMatch: false }, {
      line1: "1 Elsewhere Rd",
      city: "",
      state: "",
      zip: at.zip,
    }),
    [],
  );
  assert.deepEqual(
    codes(clean, DEFAULT_RULES, { ...at, line1: at.line1.toUpperCase().replace("ROAD", "RD") }),
    [],
  );
  const unsigned = {
    ...clean,
    signatures: { ...clean.signatures, installer: { signed: false, name: "", date: "" } },
  };
  assert.equal(judge({ ...unsigned, clauses: [] }, DEFAULT_RULES, at).status, "REJECTED");
  assert.equal(judge({ ...clean, clauses: [] }, DEFAULT_RULES, at).status, "NEEDS_REVIEW");
});

Deno.test("bill cross-check: names, address, usage against expected production", () => {
  assert.ok(namesMatch("Robert O'Brien", "ROBERT O'BRIEN"));
  assert.ok(namesMatch("Jane Homeowner", "J HOMEOWNER"));
  assert.ok(!namesMatch("Jane Homeowner", "Kevin Nguyen"));
  const bill = emptyItem();
  bill.customerInformation.customerName = clean.customer.name.toUpperCase();
  bill.customerInformation.serviceAddress = {
    ...bill.customerInformation.serviceAddress,
    line1: clean.propertyAddress.line1,
    zip: clean.propertyAddress.zip,
  };
  bill.electricityUsage.usageByMonth = [{ month: "January", year: 2026, value: 1000, unit: "kWh" }, {
    month: "February",
    year: 2026,
    value: 800,
    unit: "kWh",
  }];
  assert.equal(annualUsage(bill), 10800);
  const r = checkAgainstBill(clean, bill, { min: 0.6, max: 1.3 });
  assert.equal(r.nameMatches, true);
  assert.equal(r.addressMatches, true);
  // 11.07 kW in Colorado (1,590 kWh/kW) against 10,800 kWh used: oversized.
  assert.equal(r.expectedProductionKwh, Math.round(clean.systemSizeKw! * 1590.4));
  assert.deepEqual(r.reasons.map((x) => x.code), ["system_oversized"]);
  assert.deepEqual(checkAgainstBill(clean, bill, { min: 0.6, max: 2 }).reasons, []);
});

Deno.test("cleanLine drops OCR strays between table cells and repairs a misread /s/", () => {
  assert.equal(
    cleanLine("“Installer   .   B   ) SunBright Solar LLC   :"),
    "Installer   SunBright Solar LLC",
  );
  assert.equal(cleanLine("Loan Term   i   .   )   15 years:"), "Loan Term   15 years");
  assert.equal(
    cleanLine("CUSTOMER SIGNATURE: Isl Mei Smith Date: 03/02/2026"),
    "CUSTOMER SIGNATURE: /s/ Mei Smith Date: 03/02/2026",
  );
  assert.equal(cleanLine("Total Contract Price: $30,221.00"), "Total Contract Price: $30,221.00");
});
