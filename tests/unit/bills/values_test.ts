import assert from "node:assert/strict";
import { allDates, parseAmount, parseDate } from "../../../shared/bills/embedded/values.ts";
import { sniffFileType } from "../../../shared/documents/sniff.ts";
import { normalizeItem } from "../../../shared/bills/normalize.ts";
import { emptyItem } from "../../../shared/bills/schema.ts";

Deno.test("dates in the formats US bills print them", () => {
  const cases: [string, string][] = [
    ["Statement Date: Feb 25, 2021", "2021-02-25"],
    ["February 8, 2021", "2021-02-08"],
    ["03/05/2024", "2024-03-05"],
    ["1/15/24", "2024-01-15"],
    ["01-15-2024", "2024-01-15"],
    ["5 Mar 2024", "2024-03-05"],
    ["MAR 05 2024", "2024-03-05"],
    ["Sept. 3, 2023", "2023-09-03"],
    ["2024-07-01", "2024-07-01"],
    ["no date here", ""],
    ["13/45/2024", ""],
  ];
  for (const [text, want] of cases) assert.equal(parseDate(text), want, text);
  assert.deepEqual(allDates("Service From 12/14/23 To 1/12/24"), ["2023-12-14", "2024-01-12"]);
});

Deno.test("amounts: symbols and thousands separators stripped, credits negative", () => {
  const cases: [string, string][] = [
    ["$53,146.93", "53146.93"],
    ["-$670.43", "-670.43"],
    ["$45.20 CR", "-45.20"],
    ["($12.00)", "-12.00"],
    ["$10.11 CREDIT", "-10.11"],
    ["12.50-", "-12.50"],
    ["−149.86", "-149.86"],
    ["$0.00", "0.00"],
    ["Total 148.57", "148.57"],
    ["none", ""],
  ];
  for (const [text, want] of cases) assert.equal(parseAmount(text), want, text);
});

Deno.test("file types are told by magic bytes, not names", () => {
  const enc = (s: string) => new TextEncoder().encode(s);
  assert.equal(sniffFileType(enc("%PDF-1.7\n...")), "pdf");
  assert.equal(sniffFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])), "png");
  assert.equal(sniffFileType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0])), "jpeg");
  assert.equal(sniffFileType(enc("GIF89a....")), null);
  assert.equal(sniffFileType(enc("<html>%PD F</html>")), null);
  assert.equal(sniffFileType(new Uint8Array(0)), null);
});

Deno.test("any model's item is normalised: ISO dates, plain amounts, state, rate digits", () => {
  const item = emptyItem();
  item.billingInformation.invoiceDate = "March 5, 2024";
  item.billingInformation.amountDue = "$1,234.50";
  item.billingInformation.pastDue = "$12 CR";
  item.electricityUsage.supplyRatePerKwh = "$0.0712/kWh";
  item.customerInformation.serviceAddress = {
    line1: " 1 Main  St ",
    line2: "",
    city: "Tampa",
    state: "fl",
    zip: "33614",
    country: "",
  };
  const n = normalizeItem(item);
  assert.equal(n.billingInformation.invoiceDate, "2024-03-05");
  assert.equal(n.billingInformation.amountDue, "1234.50");
  assert.equal(n.billingInformation.pastDue, "-12.00");
  assert.equal(n.electricityUsage.supplyRatePerKwh, "0.0712");
  assert.equal(n.electricityUsage.marketState, "FL");
  assert.equal(n.customerInformation.serviceAddress.line1, "1 Main St");
  assert.equal(n.customerInformation.serviceAddress.country, "US");
});
