// Time-of-use energy charges ("On-Peak Energy 312 kWh x $0.2412", "Off-Peak 880 kWh @ $0.0791", "Mid-Peak …"):
// a bill that prices two or more time-of-use periods' kWh has no single energy price, so a price read off one
// of those lines is one period's, not the bill's — left empty (a wrong value costs more than none). Delivery
// lines priced by period (a time-of-day distribution charge) do not count; a bill whose supply price is printed
// on a line of its own is unchanged.
import { cells } from "./values.ts";

const PERIOD =
  /\b(super[- ]off[- ]peak|off[- ]?peak|on[- ]?peak|mid[- ]?peak|part[- ]?peak|shoulder|peak)\b/i;
const PRICED_KWH = /\bkwh\b.*?(?:[x×@]|\bat\b)\s*\$?\s*(\d?\.\d{2,7})/i;
const DELIVERY = /\bdelivery\b|\bdistribution\b|\btransmission\b/i;

/** The time-of-use periods priced per kWh, with each line's price ("off-peak" → "0.0791"). */
function pricedPeriods(lines: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of lines) {
    for (const c of cells(line)) {
      const p = c.match(PERIOD), k = c.match(PRICED_KWH);
      if (!p || !k || DELIVERY.test(c) || (k.index ?? 0) < (p.index ?? 0)) continue;
      const period = p[1].toLowerCase().replace(/[- ]/g, "");
      const price = k[1].startsWith(".") ? `0${k[1]}` : k[1];
      out.set(period, [...(out.get(period) ?? []), price]);
    }
  }
  return out;
}

/** Is `price` one time-of-use period's price on a bill that prices two or more periods? */
export function touPriceOnly(lines: string[], price: string): boolean {
  if (!price) return false;
  const periods = pricedPeriods(lines);
  if (periods.size < 2) return false;
  return [...periods.values()].some((ps) => ps.some((p) => Number(p) === Number(price)));
}
