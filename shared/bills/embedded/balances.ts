// A past-due balance that no label names, read off the account summary's arithmetic. US bills open with a
// summary: the previous bill's amount, the payments received since, (the balance carried), this period's charges
// and the amount due. When no line is labelled past due (or balance forward), what the previous balance less the
// payments leaves unpaid is the past due — kept only when the amount due is that balance plus this period's
// charges as the bill prints them (a "current charges" line, or the charge lines between the payments and the
// amount due). A summary whose payments cleared the previous balance to the cent has a past due
// of "0.00" (the corpus's convention since round 13: the bill prints the previous balance and the payments that
// clear it). A summary whose previous balance is zero, no payment under it, has a past due of "0.00" too (round 31). The previous
// balance's label may name the account, the bill or the statement ("Previous Account Balance", "Previous Billed
// Amount").
import { cells, parseAmount } from "./values.ts";

const PREVIOUS =
  /^(?:previous (?:(?:account|billed|statement) )?(?:balance|amount(?: due)?|charges|bill(?: amount)?)|amount (?:due )?(?:on|of) (?:your )?last bill|last bill(?: amount)?|prior balance|balance (?:from|of) (?:your )?(?:last|previous) bill|balance (?:brought )?forward)\b/i;
const FORWARD = /^balance (?:brought )?forward\b/i;
const PAYMENT = /^(?:(?:last |recent )?payments?(?:\(s\))?\b|thank you for your payment)/i;
const CURRENT = /\b(?:current|new) (?:\w+ )?charges\b|\bcharges this (?:period|month)\b|\btotal current\b/i;
const AMOUNT_DUE = /\b(?:amount|balance|total) due\b|\bplease pay\b|\btotal amount\b|\baccount balance\b/i;
const cents = (s: string) => Math.round(Number(s) * 100);
const MONEY = /\$\s*-?[\d,]*\d\.\d{2}\b/;

/** The cell's amount when the line prints one right after it. */
function valueAfter(cs: string[], k: number): string {
  return cs[k + 1] ? parseAmount(cs[k + 1]) : "";
}

/** A payment printed with its amount (in its own cell or the next) in the 3 lines under line `i`. */
function paymentNear(lines: string[], i: number): boolean {
  return lines.slice(i + 1, i + 4).some((l) => cells(l).some((c) => PAYMENT.test(c)) && MONEY.test(l));
}

/** The unpaid balance carried from the last bill (a decimal string), or "" when the summary does not show one. */
export function carriedBalance(lines: string[], amountDue: string): string {
  if (!amountDue) return "";
  const due = cents(amountDue);
  for (let i = 0; i < lines.length; i++) {
    const cs = cells(lines[i]);
    const k = cs.findIndex((c) => PREVIOUS.test(c));
    const prev = k >= 0 ? valueAfter(cs, k) : "";
    if (!prev || !(Number(prev) >= 0)) continue;
    // the payments printed in the lines under it (a summary lists them next)
    let paid = 0, lastPay = i;
    for (let j = i + 1; j <= Math.min(lines.length - 1, i + 3); j++) {
      const ds = cells(lines[j]);
      const p = ds.findIndex((c) => PAYMENT.test(c));
      const v = p >= 0 ? valueAfter(ds, p) : "";
      if (v) {
        paid += Math.abs(cents(v));
        lastPay = j;
      }
    }
    // a previous balance of zero and no payment since: nothing was owed before this period, nothing is past due
    // (round 31); a payment under a zero balance means the balance printed is already net of it, another convention
    if (cents(prev) === 0) {
      if (!paymentNear(lines, i)) return "0.00";
      continue;
    }
    const carried = cents(prev) - paid;
    // payments that cleared the previous balance to the cent: nothing is past due (round 13's convention)
    if (carried === 0 && paid > 0) return "0.00";
    if (carried <= 0 || carried >= due || !(due > 0)) continue;
    const current = due - carried;
    // confirmed by the balance the summary prints under the payments ("Amount of Last Bill $179.99 / Payment(s)
    // Received -$125.77 / Prior Account Balance $54.22"): the bill's own subtraction, printed (reader34)
    const printed = lastPay > i &&
      cells(lines[lastPay + 1] ?? "").some((c, n, ds) =>
        /\bbalance\b/i.test(c) && !/\bdue\b|\btotal\b/i.test(c) && !CURRENT.test(c) &&
        valueAfter(ds, n) !== "" &&
        cents(valueAfter(ds, n)) === carried
      );
    if (printed) return (carried / 100).toFixed(2);
    // … or by a current-charges line …
    const labelled = lines.some((l) => {
      const ds = cells(l);
      return ds.some((c, n) =>
        CURRENT.test(c) && valueAfter(ds, n) !== "" && cents(valueAfter(ds, n)) === current
      );
    });
    // … or by the charge lines between the payments and the amount due adding up to it
    let sum = 0, rows = 0, closed = false;
    for (let j = lastPay + 1; j < Math.min(lines.length, lastPay + 10); j++) {
      const ds = cells(lines[j]);
      const a = ds.findIndex((c) => AMOUNT_DUE.test(c));
      if (a >= 0 && valueAfter(ds, a) && cents(valueAfter(ds, a)) === due) {
        closed = true;
        break;
      }
      const m = ds.findIndex((c, n) => /[a-z]/i.test(c) && valueAfter(ds, n) !== "");
      if (m < 0) break;
      sum += cents(valueAfter(ds, m));
      rows++;
    }
    if (labelled || (closed && rows >= 1 && sum === current)) return (carried / 100).toFixed(2);
  }
  return "";
}

/**
 * The balance a summary prints right under its payments ("Previous Balance $102.41 / Payment 09/15 -$102.41 /
 * Balance $0.00 / Current Charges …"): what was left unpaid of the last bill, the past due, zero included.
 */
export function balanceAfterPayments(lines: string[]): string {
  for (let i = 1; i < lines.length; i++) {
    const cs = cells(lines[i]);
    const k = cs.findIndex((c) => /^balance:?$/i.test(c));
    const v = k >= 0 ? valueAfter(cs, k) : "";
    if (!v || Number(v) < 0) continue;
    // the payments' line right above it; lines without money between them are another column's (a mailing block
    // printed left of the summary, its lines read in between)
    for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
      const above = cells(lines[j]);
      const p = above.findIndex((c) => PAYMENT.test(c));
      if (p >= 0 && valueAfter(above, p)) return v;
      if (above.some((c) => MONEY.test(c))) break;
    }
  }
  return "";
}

/**
 * Amounts of a "Balance Forward" printed BEFORE the payments ("Balance Forward $141.07 / Payment -$141.07 /
 * Unpaid Balance $0.00"): there it is the previous bill's balance that the payments then reduce, not what is
 * past due (a balance forward printed after the payments is). The amounts as decimal strings.
 */
export function forwardsBeforePayments(lines: string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < lines.length - 1; i++) {
    const cs = cells(lines[i]);
    const k = cs.findIndex((c) => FORWARD.test(c));
    const v = k >= 0 ? valueAfter(cs, k) : "";
    if (!v) continue;
    const next = cells(lines[i + 1]);
    const p = next.findIndex((c) => PAYMENT.test(c));
    if (p >= 0 && valueAfter(next, p)) out.add(v);
  }
  return out;
}

// "Current Amount Due", "Current Balance Due": this period's charges on a bill that prints a past due beside them
const CURRENT_DUE = /\bcurrent (?:amount|balance|charges) due\b/i;

/**
 * The amount due when the one read is labelled a CURRENT amount due ("Current Amount Due $198.59") and the bill
 * prints a past due beside it: what the bill asks is the two together, when that sum is printed on the bill
 * ("Pay by Mar 5, 2022   $282.88", the stub's amount) — the current amount is this period's charges, not the
 * whole. Otherwise the amount as read.
 */
export function dueWithPastDue(lines: string[], amountDue: string, pastDue: string): string {
  if (!amountDue || !(Number(pastDue) > 0)) return amountDue;
  const current = cents(amountDue);
  const labelledCurrent = lines.some((l) => {
    const cs = cells(l);
    return cs.some((c, n) =>
      CURRENT_DUE.test(c) && valueAfter(cs, n) !== "" && cents(valueAfter(cs, n)) === current
    );
  });
  if (!labelledCurrent) return amountDue;
  const sum = current + cents(pastDue);
  const printed = lines.some((l) =>
    (l.match(/\$\s?\d[\d,]*\.\d{2}\b/g) ?? []).some((m) => cents(m.replace(/[$,\s]/g, "")) === sum)
  );
  return printed ? (sum / 100).toFixed(2) : amountDue;
}
