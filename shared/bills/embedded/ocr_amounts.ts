// OCR reads a dollar sign as a 5 ("Total Amount Due   525.60" for "$25.60"). On a scan, an amount due read without
// its "$" that is a 5 followed by an amount the bill prints with its "$" on another amount-due line (the summary's
// "Amount Due: $25.60", the stub's "$25.60") is that amount: the 5 was the sign. Nothing changes when the amount
// itself is printed with a "$" anywhere, or when no other amount-due line prints the shorter one.
import { cells, parseAmount } from "./values.ts";

const AMOUNT_DUE = /\b(?:amount|balance|total) due\b|\bplease pay\b|\bpay this amount\b/i;

/** The amount due with a dollar sign OCR read as a 5 taken off, or the amount as read. */
export function dollarReadAsFive(lines: string[], amountDue: string): string {
  if (!/^5\d*\.\d{2}$/.test(amountDue) || !(Number(amountDue.slice(1)) > 0)) return amountDue;
  const shorter = amountDue.slice(1);
  const withSign = (v: string) => new RegExp(`\\$\\s*${v.replace(".", "\\.")}(?!\\d)`);
  const text = lines.join("\n");
  if (withSign(amountDue).test(text.replace(/,/g, ""))) return amountDue;
  // the shorter amount printed with its sign on an amount-due line, or under one (a stub's labels over values)
  const onDueLine = lines.some((l, i) =>
    withSign(shorter).test(l.replace(/,/g, "")) &&
    (AMOUNT_DUE.test(l) || AMOUNT_DUE.test(lines[i - 1] ?? "")) &&
    cells(l).some((c) => parseAmount(c) === shorter)
  );
  return onDueLine ? shorter : amountDue;
}
