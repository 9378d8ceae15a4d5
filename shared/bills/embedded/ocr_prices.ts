// A priced kWh line's price as OCR read it on a scan or photo (issue #11, photos17): its point read as a space or
// a comma, or lost ("1,057 kWh @ 0 0698   $7378", "715 kWh x 0,05201   $37.83", "517 kWh X 0011202   $579"), or
// one digit misread ("950 kWh @ 0.00682   $91.98" for 0.09682). The supply-price reader (rates.ts) takes a price
// only as printed, so the price was lost, or an adjustment's price taken instead. The line prints its own check:
// kWh × price = the charge after it. A price is read, or one misread digit of it put right, only where that
// product is the line's charge to the cent (the charge's point may be lost too: "$7378" is 73.78). Only on
// OCR'd lines; the line's price is then written as a price ("$0.0698").

/** "1,057 kWh @ 0 0698   $7378": the kWh, the price as read, and the charge as read. */
const PRICED =
  /(\d[\d,]*)(\s*kwh\s*(?:[x×@]+|at)\s*)([S$§]?\s?\d?[.,\s]?\d{3,7})(\s+)([S$]?-?\d[\d,]*(?:\.\d{2})?)(?!\d)/i;

const cents = (v: number) => Math.round(v * 100);

/** The price's digits read as a price ("0 0698", "0,05201", "0011202", "S0.0370" → "0.0698" …), or undefined. */
function asPrice(read: string): string | undefined {
  const t = read.replace(/^[S$§]\s?/, "");
  const m = t.match(/^(\d?)[.,\s]?(\d{3,7})$/);
  if (!m || (m[1] && m[1] !== "0")) return undefined;
  // with no mark at all, the leading 0 is the units' ("0011202": 0.011202)
  return `0.${m[2]}`;
}

/** The charge as read, with a lost point put back ("$7378": 73.78). */
function asCharge(read: string): number | undefined {
  const t = read.replace(/^[S$]/, "").replace(/,/g, "");
  if (/^-?\d+\.\d{2}$/.test(t)) return Number(t);
  return /^\d{3,7}$/.test(t) ? Number(t) / 100 : undefined;
}

/** `price` with one digit changed so that kWh × it is `charge` to the cent, or undefined (none, or several). */
function oneDigitFix(price: string, kwh: number, charge: number): string | undefined {
  const fits: string[] = [];
  for (let i = 2; i < price.length; i++) {
    for (const d of "0123456789") {
      if (d === price[i]) continue;
      const p = price.slice(0, i) + d + price.slice(i + 1);
      if (cents(kwh * Number(p)) === cents(charge)) fits.push(p);
    }
  }
  return fits.length === 1 ? fits[0] : undefined;
}

/** The OCR'd line with its priced kWh's price read as the line's own product confirms (see above). */
export function ocrPriceLine(line: string): string {
  if (!/kwh/i.test(line)) return line;
  const m = line.match(PRICED);
  if (!m) return line;
  const kwh = Number(m[1].replace(/,/g, "")), price = asPrice(m[3]), charge = asCharge(m[5]);
  if (!price || !(kwh > 0) || charge === undefined || !(charge > 0)) return line;
  const fixed = cents(kwh * Number(price)) === cents(charge) ? price : oneDigitFix(price, kwh, charge);
  if (!fixed || `$${fixed}` === m[3] || (fixed === price && m[3] === price)) return line;
  return line.slice(0, m.index! + m[1].length + m[2].length) + `$${fixed}` +
    line.slice(m.index! + m[1].length + m[2].length + m[3].length);
}
