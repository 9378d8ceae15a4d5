// kWh × price against the amount of the same charge line ("Energy Charge 1,094 kWh x $0.1134   $124.06"): the
// three numbers of a priced line check each other. A supply price read as something else than the line's price
// (a misread digit: "$0.1184" for $0.1134) that the line's kWh and amount contradict, where exactly one of its
// look-alike readings (cross_check_digits.ts) satisfies them, is read so, on a bill whose other priced lines
// compute (a bill that prints amounts that are not the product, as the synthetic corpus's, is not checked). Left
// empty when none does: tried, and it emptied right prices whose line prices a part of the bill's kWh. A bill's one meter's kWh that no charge line bills, where a line that checks out bills a look-alike of
// it, is read as that line's kWh.
import { lookAlikes } from "./cross_check_digits.ts";

export interface PricedLine {
  kwh: number;
  /** The price as printed (dollars: "0.1134"; in cents it is converted), and its number. */
  price: string;
  amount: number;
}

const PRICED =
  /(?<![\d.,$])(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b\s*(?:[x×@*]|\bat\b)\s*\$?\s*(\d?\.\d{3,7})(?![\d¢])(?!\s*(?:¢|cents?\b))[^$\d\n]{0,30}?\$?\s*(-?\d{1,3}(?:,\d{3})*\.\d{2})(?!\d)/gi;

/** The priced charge lines of the bill: "<kWh> kWh x $<price> … <amount>" (dollar prices of 3+ decimals). */
export function pricedLines(lines: string[]): PricedLine[] {
  const out: PricedLine[] = [];
  for (const line of lines) {
    for (const m of line.matchAll(PRICED)) {
      out.push({
        kwh: Number(m[1].replace(/,/g, "")),
        price: m[2].startsWith(".") ? `0${m[2]}` : m[2],
        amount: Number(m[3].replace(/,/g, "")),
      });
    }
  }
  return out;
}

/** kWh × price rounds to the amount (within a cent and half the price's last printed digit's worth). */
export function checksOut(kwh: number, price: string, amount: number): boolean {
  const decimals = price.split(".")[1]?.length ?? 0;
  const slack = 0.011 + kwh * 0.5 * 10 ** -decimals;
  return Math.abs(kwh * Number(price) - amount) <= slack;
}

/** A price's look-alike readings (the digits after the point), as printed strings. */
function priceLookAlikes(price: string): string[] {
  const [int, frac] = price.split(".");
  return lookAlikes(frac).map((f) => `${int}.${f}`);
}

/**
 * The supply price checked against the priced lines that print it: the one look-alike that satisfies a line
 * that contradicts it, when another priced line of the bill checks out; else the price as read. Lines whose kWh
 * is not the bill's (another meter, a block) are not used: only a line billing `kwh`, when known.
 */
export function checkedPrice(rate: string, kwh: number, lines: PricedLine[]): string {
  if (!rate) return rate;
  const r = Number(rate);
  const own = lines.filter((l) => Number(l.price) === r && (!(kwh > 0) || l.kwh === kwh));
  if (!own.length || own.some((l) => checksOut(l.kwh, l.price, l.amount))) return rate;
  // only on a bill whose other priced lines compute: a bill whose lines print no product is not read so
  if (!lines.some((l) => !own.includes(l) && checksOut(l.kwh, l.price, l.amount))) return rate;
  const alts = new Set<string>();
  for (const l of own) {
    for (const p of priceLookAlikes(l.price)) if (checksOut(l.kwh, p, l.amount)) alts.add(p);
  }
  return alts.size === 1 ? String(Number([...alts][0])) : rate;
}

/**
 * The kWh of a bill's one meter checked against the priced lines: when no line bills it, and lines that check
 * out bill exactly one quantity that is a look-alike of it, that quantity; else the kWh as read.
 */
export function checkedMeterKwh(kwh: number, lines: PricedLine[]): number {
  if (!(kwh > 0) || lines.some((l) => l.kwh === kwh)) return kwh;
  const alikes = new Set(lookAlikes(String(kwh)).map(Number));
  const billed = new Set(lines.filter((l) => checksOut(l.kwh, l.price, l.amount)).map((l) => l.kwh));
  const fits = [...billed].filter((q) => alikes.has(q));
  return fits.length === 1 && billed.size === 1 ? fits[0] : kwh;
}
