// The energy's price on a bill whose priced kWh line names no energy word ("Usage Charge 1,057 kWh @ 0.0698",
// "Current Billing 835 kWh @ $0.06504", "Base Rate 612 kWh x $0.1109"): US bills call the one charge that prices
// the period's kWh many things, but where the bill prints exactly one such line — no delivery, transmission or
// distribution line, no adjustment or rider, no program or fee, no tax, no gas — that line bills the bill's own kWh
// (its meters' total) and its printed amount is that kWh × that price, the price is the energy's (reader34).
// Two such lines (two components, blocks, time-of-use periods) give none: which one is the energy's is not printed.
import { GAS, NOT_A_RATE } from "./lexicon.ts";
import { cells } from "./values.ts";

const PRICED = /(\d[\d,]*)\s*kwh\s*(?:[x×@]|\bat\b)\s*\$?\s*(\d?\.\d{3,7})\b/i;
const NOT_ENERGY =
  /\bdelivery\b|\bdistribution\b|\btransmission\b|\badjust(?:ment)?s?\b|\brider\b|\bclause\b|\brecovery\b|\bcredit\b|\befficiency\b|\bconservation\b|\bassistance\b|\bprograms?\b|\bfees?\b|\bfund\b|\bbenefits?\b/i;
const AMOUNT = /^\(?-?\$?\s*(\d[\d,]*\.\d{2})\)?$/;
const num = (s: string) => Number(s.replace(/,/g, ""));

/**
 * The price of the one priced kWh line of the bill (see above), when it bills `kwh` (the meters' total) and the
 * amount printed after it is kWh × price to the cent (or half a percent); else "".
 */
export function lonePricedKwh(lines: string[], kwh: number): string {
  if (!(kwh > 0)) return "";
  const found: { kwh: number; price: string; confirmed: boolean }[] = [];
  for (const line of lines) {
    const cs = cells(line);
    cs.forEach((c, k) => {
      const m = c.match(PRICED);
      if (!m || m.index === undefined) return;
      const price = m[2].startsWith(".") ? `0${m[2]}` : m[2];
      const name = c.slice(0, m.index);
      if (NOT_ENERGY.test(name) || NOT_A_RATE.test(name) || GAS.test(c)) return;
      const q = num(m[1]);
      const product = q * Number(price);
      // the amount: in the same cell after the price, or the next cell
      const rest = [c.slice(m.index + m[0].length).trim(), cs[k + 1] ?? ""].map((x) => x.trim()).filter(
        Boolean,
      );
      const amount = rest.map((x) => x.match(AMOUNT)?.[1]).find((x) => x !== undefined);
      const confirmed = amount !== undefined &&
        Math.abs(num(amount) - product) <= Math.max(0.01, product * 0.005);
      found.push({ kwh: q, price, confirmed });
    });
  }
  if (found.length !== 1) return "";
  const [only] = found;
  // under a cent or over 60 cents a kWh: a misprint or a misread, not the energy's price
  const p = Number(only.price);
  return only.confirmed && only.kwh === kwh && p >= 0.01 && p <= 0.6 ? only.price : "";
}
