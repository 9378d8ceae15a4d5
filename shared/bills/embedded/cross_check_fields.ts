// Cross-checks against confident misreads (issue #11; docs/bills.md "Cross-checks against confident misreads"):
// after the reader has chosen its values and left empty the ones under their thresholds, figures the bill prints
// twice over in other forms are checked against each other. A value they contradict is read as the one
// look-alike reading that satisfies them (cross_check_digits.ts), or left empty when none does and the check is
// sure; a check whose inputs the bill does not print (or does not print consistently) does nothing.
import type { BillItem, ItemConfidence } from "../schema.ts";
import { CONFIRM_CONFIDENCE } from "./word_confidence.ts";
import { historyAgainstYear, yearFigures } from "./cross_check_history.ts";
import { checkedMeterKwh, checkedPrice, pricedLines } from "./cross_check_prices.ts";
import { metersAgainstReadings } from "./cross_check_meters.ts";
import { checkedName } from "./cross_check_names.ts";
import { joinedStreet, spacedStreet } from "./cross_check_streets.ts";
import { accountDisputed, pastDueIsCharge } from "./cross_check_amounts.ts";

/** What the checks changed, by check (for tests and the bench's notes). */
export type CrossCheckNotes = string[];

/**
 * Checks `item` in place against the bill's lines: each meter's kWh against its row's readings
 * (cross_check_meters.ts), the supply price and the one meter's kWh against the priced charge lines
 * (cross_check_prices.ts), the history against a printed 12-month total or average
 * (cross_check_history.ts), a customer name with a sign no name has against its other printings
 * (cross_check_names.ts), a street OCR printed without a space or with a letter split off against its other printings
 * (cross_check_streets.ts), a past due read off a charge line and an account number printed otherwise
 * (cross_check_amounts.ts). `conf` and `monthConf` ("YYYY-MM") are the reader's confidences, updated alike.
 */
export function crossCheckFields(
  item: BillItem,
  conf: ItemConfidence,
  monthConf: Record<string, number>,
  lines: string[],
): CrossCheckNotes {
  const notes: CrossCheckNotes = [];
  const eu = item.electricityUsage;
  const priced = pricedLines(lines);
  const read = metersAgainstReadings(eu.meters, lines, lines.join("\n"));
  read.forEach((m, i) => {
    if (m.usageKwh !== eu.meters[i].usageKwh) {
      notes.push(`meter kWh ${eu.meters[i].usageKwh} -> ${m.usageKwh}`);
    }
  });
  eu.meters = read;
  if (eu.meters.length === 1 && eu.meters[0].usageKwh) {
    const kwh = Number(eu.meters[0].usageKwh);
    const checked = checkedMeterKwh(kwh, priced);
    if (checked !== kwh) {
      eu.meters = [{ ...eu.meters[0], usageKwh: String(checked) }];
      notes.push(`meter kWh ${kwh} -> ${checked}`);
    }
  }
  const total = eu.meters.reduce((s, m) => s + (Number(m.usageKwh) || 0), 0);
  if (eu.supplyRatePerKwh) {
    const price = checkedPrice(eu.supplyRatePerKwh, total, priced);
    if (price !== eu.supplyRatePerKwh) {
      notes.push(`price ${eu.supplyRatePerKwh} -> ${price || "(empty)"}`);
      eu.supplyRatePerKwh = price;
      if (!price) delete conf.supplyRatePerKwh;
    }
  }
  const ci = item.customerInformation;
  const name = checkedName(ci.customerName, lines);
  if (name !== ci.customerName) {
    notes.push(`name ${ci.customerName} -> ${name || "(empty)"}`);
    ci.customerName = name;
    if (!name) delete conf.customerName;
  }
  const bi = item.billingInformation;
  for (const a of [bi.billingAddress, ci.serviceAddress]) {
    const street = joinedStreet(spacedStreet(a.line1, lines), lines);
    if (street !== a.line1) {
      notes.push(`street ${a.line1} -> ${street}`);
      a.line1 = street;
    }
  }
  if (pastDueIsCharge(bi.pastDue, lines)) {
    notes.push(`past due ${bi.pastDue} is a charge: (empty)`);
    bi.pastDue = "";
    delete conf.pastDue;
  }
  if (accountDisputed(ci.accountNumber, lines)) {
    notes.push(`account ${ci.accountNumber} printed otherwise: (empty)`);
    ci.accountNumber = "";
    delete conf.accountNumber;
  }
  const year = historyAgainstYear(eu.usageByMonth, yearFigures(lines));
  if (year.corrected) {
    eu.usageByMonth = year.months;
    notes.push(`month ${year.corrected} read as its look-alike`);
  }
  for (const k of year.unsure) {
    if (monthConf[k] !== undefined) monthConf[k] = Math.min(monthConf[k], CONFIRM_CONFIDENCE);
  }
  if (year.unsure.length) notes.push(`months ${year.unsure.join(",")} to confirm`);
  return notes;
}
