// The tear-off payment stub every layout ends with: scanning noise (presort line, routing code, barcode
// digits, asterisks), the utility's remittance address, and the customer's mailing block (upper case).
import type { Address } from "../../shared/bills/schema.ts";
import type { Facts, Rng } from "./random_bill.ts";
import { fmt, type Sheet } from "./sheet.ts";

export interface StubStyle {
  returnText: string;
  remit: [string, string, string];
  accountLabel: string;
  amountLabel: string;
  dueLabel: string;
  date: (d: Date) => string;
  comma?: boolean;
}

const upper = (a: Address): Address => ({
  ...a,
  line1: a.line1.toUpperCase(),
  line2: a.line2.toUpperCase(),
  city: a.city.toUpperCase(),
});

/** Draws the stub from y (top) and returns what it prints as the customer's name and mailing address. */
export function drawStub(
  s: Sheet,
  r: Rng,
  f: Facts,
  y: number,
  st: StubStyle,
): { name: string; billing: Address } {
  s.rule(y, 36, 576, true);
  s.text(36, y + 14, st.returnText, { size: 7 });
  s.text(36, y + 34, st.accountLabel, { size: 7, bold: true });
  s.text(220, y + 34, st.amountLabel, { size: 7, bold: true });
  s.text(400, y + 34, st.dueLabel, { size: 7, bold: true });
  s.text(36, y + 46, f.account, { size: 9 });
  s.text(220, y + 46, fmt.money(f.amountDue), { size: 9 });
  s.text(400, y + 46, st.date(f.dueDate), { size: 9 });
  s.text(360, y + 70, st.remit[0], { size: 8 });
  s.text(360, y + 80, st.remit[1], { size: 8 });
  s.text(360, y + 90, st.remit[2], { size: 8 });
  const name = f.name.toUpperCase();
  const b = upper(f.billing);
  s.text(60, y + 108, `${"*".repeat(r.int(3, 8))}AUTO**5-DIGIT ${b.zip}`, { size: 7 });
  s.text(60, y + 118, `${r.digits(4)}-${r.digits(4)}-${r.digits(4)}`, { size: 7 });
  s.text(60, y + 130, name, { size: 9 });
  let yy = y + 141;
  s.text(60, yy, b.line1, { size: 9 });
  if (b.line2) s.text(60, yy += 11, b.line2, { size: 9 });
  s.text(60, yy += 11, `${b.city}${st.comma ? "," : ""} ${b.state} ${b.zip}`, { size: 9 });
  s.text(60, yy + 16, "|".repeat(r.int(30, 50)), { size: 7 });
  s.text(36, 770, r.digits(38), { size: 8 });
  return { name, billing: b };
}
