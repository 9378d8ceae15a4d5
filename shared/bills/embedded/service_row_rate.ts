// The class of service printed in a multi-service statement's electric row (round 30): "ELECTRIC RESIDENTIAL
// ELECTRIC G5739397   47777   48922   1,145 KWH   $113.15" — the service's word, its class, the meter number (run
// into the description or in a cell of its own), the readings and the kWh. A city's statement prints its electric,
// water and sewer services as rows of one table; the electric row's description names the rate class when no rate
// is labelled. General: the row's shape (a class of service named before a meter number, a kWh figure on the row),
// never a layout's words.
import { cells } from "./values.ts";

const RATE_CLASS = /\b(?:residential|domestic|general service|small commercial|commercial)\b/i;
const NOT_A_CLASS =
  /\b(?:charges?|energy|supply|generation|fuel|commodity|power|block|tier|usage|kwh|total|tax(?:es)?|gas|water|sewer)\b/i;
const METER = /^[A-Z]{0,3}\d{5,}$/;

/** The class an electric service row names before its meter number, when one row alone names one, or "". */
export function rateInServiceRow(lines: string[]): string {
  const found = new Set<string>();
  for (const line of lines) {
    const cs = cells(line).map((c) => c.trim());
    if (!cs.some((c) => /^\d[\d,]*\s*kwh$/i.test(c))) continue;
    const words = cs[0].split(/\s+/);
    // the meter number run into the description, or the next cell
    const meterHere = METER.test(words.at(-1) ?? "");
    if (!meterHere && !METER.test(cs[1] ?? "")) continue;
    const desc = (meterHere ? words.slice(0, -1) : words).join(" ");
    const v = desc.match(/^electric(?:ity)?\s+([A-Za-z][A-Za-z /-]{2,40})$/i)?.[1].trim();
    if (v && RATE_CLASS.test(v) && v.split(/\s+/).length <= 4 && !NOT_A_CLASS.test(v)) found.add(v);
  }
  return found.size === 1 ? [...found][0] : "";
}
