// General rules that replaced readings only a utility-tagged rule made (issue #11, reader36): each is stated in
// terms of what any bill prints (a town's parts in cells of their own, a quantity the bill bills in kWh), not in
// one utility's words. rules.ts lists, for each, the utility whose bill prompted it (`promptedBy`).
import { type CityStateZip, parseCityStateZip, STATES } from "./addresses.ts";

const ZIP = /^\d{5}(?:-\d{4})?$/;
// a city's cell: words of letters only, not a label ("Post Office:", "City:")
const CITY_CELL = /^[A-Za-z][A-Za-z .'-]*[A-Za-z.]$/;

/**
 * A town whose city, state and ZIP a form prints in three cells of their own ("Post Office:   BUFFALO   NY   14220",
 * "City   SPRINGFIELD   IL   62704"): the last city, state, ZIP run of consecutive cells, else undefined. The label
 * before it, whatever it says (also joined to the city in its cell), is not read.
 */
export function townInCells(cells: string[]): CityStateZip | undefined {
  for (let k = cells.length - 3; k >= 0; k--) {
    // (a label joined to the city in its cell, "Post Office: BUFFALO", as OCR joins them: the words after it)
    const [city, state, zip] = cells.slice(k, k + 3).map((c, n) => (n ? c : c.replace(/^.*:/, "")).trim());
    if (!STATES.has(state) || !ZIP.test(zip) || !CITY_CELL.test(city)) continue;
    const town = parseCityStateZip(`${city} ${state} ${zip}`);
    if (town) return town;
  }
  return undefined;
}

// a unit word the bill names for what it is: not kWh
const OTHER_UNIT =
  /^(?:kw|kva|kvar|kvarh|kvah|therms?|ccf|mcf|cf|gal|gallons?|days?|hrs?|hours?|mo|months?|ea|each)$/i;

/**
 * A priced line's quantity printed with a unit the reader does not know ("177477 KH x 0.0587179", a supplier's own
 * spelling, or a unit OCR garbled) is a kWh quantity when the bill bills that same quantity in kWh on another
 * line ("Distribution Chg   177477 kWh   x   .00542"): the unit is written "kWh" there, else the line is as printed.
 * A quantity billed in kWh nowhere else, or a unit named for something else (kW, kVa, therms, days), is not touched.
 */
export function kwhByQuantity(lines: string[]): string[] {
  const billed = new Set<string>();
  for (const l of lines) {
    for (const m of l.matchAll(/(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d{2,})\s*kwh\s*(?:[x×@]|at\b)/gi)) {
      billed.add(m[1].replace(/,/g, ""));
    }
  }
  if (!billed.size) return lines;
  return lines.map((l) =>
    l.replace(
      /(?<![\d.,])(\d{1,3}(?:,\d{3})+|\d{2,})(\s*)([A-Za-z]{1,4})(\s*[x×@])/g,
      (all, n: string, sp: string, unit: string, sign: string) =>
        billed.has(n.replace(/,/g, "")) && !/^kwh$/i.test(unit) && !OTHER_UNIT.test(unit)
          ? `${n}${sp || " "}kWh${sign}`
          : all,
    )
  );
}
