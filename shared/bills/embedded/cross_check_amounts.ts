// Amounts and identifiers against their other printings. OCR garbles a "Past Due $0.00" cell ("3", "S000") with
// confidence and the past due is then taken from a neighbouring charge line ("Customer Charge $19.50"); an
// account number printed on the body and on the stub is read with one digit told apart differently
// ("4106795458" / "4196795458"). A wrong value costs more than an empty one:
// - a past due every printing of which is on a charge line (a label naming a charge, not a balance or an amount
//   due) is that charge: left empty;
// - an account number printed elsewhere with a look-alike digit in one place (cross_check_digits.ts) cannot be
//   told from that other reading: left empty.
import { lookAlikes } from "./cross_check_digits.ts";

const money = (v: string) => v.replace(/[$,\s]/g, "");
const CHARGE = /\bcharges?\b|\bchaige\b|\bfee\b|\btax\b/i;
const BALANCE = /balance|past|due|arrear|overdue|previous|unpaid|carried/i;

/** Whether every line printing `pastDue` (as $x.xx) names a charge and no balance: the past due is that charge. */
export function pastDueIsCharge(pastDue: string, lines: string[]): boolean {
  if (!pastDue || !(Number(pastDue) > 0)) return false;
  const want = Number(pastDue).toFixed(2);
  const printing = lines.filter((l) =>
    (l.match(/\$?\s?\d{1,3}(?:,\d{3})*\.\d{2}\b/g) ?? []).some((m) => money(m) === want)
  );
  return printing.length > 0 &&
    printing.every((l) => {
      const before = l.slice(0, l.search(new RegExp(`\\$?\\s?${want.replace(".", "\\.")}`)));
      const label = before.split(/\s{3,}/).filter((c) => /[a-z]{3}/i.test(c)).at(-1) ?? "";
      return CHARGE.test(label) && !BALANCE.test(label);
    });
}

/** Whether the account number is printed elsewhere with one look-alike digit in one place (see above). */
export function accountDisputed(account: string, lines: string[]): boolean {
  const digits = account.replace(/\D/g, "");
  if (digits.length < 6 || /[A-Za-z]/.test(account)) return false;
  const alikes = new Set(lookAlikes(digits));
  const printed = lines.flatMap((l) => l.match(/\d[\d -]{4,}\d/g) ?? []).map((n) => n.replace(/\D/g, ""));
  return printed.some((n) => alikes.has(n));
}
