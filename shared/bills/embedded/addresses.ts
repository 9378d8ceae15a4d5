import { type Address, emptyAddress } from "../schema.ts";
import { cells } from "./values.ts";
import { tidyOcrAddress } from "./ocr_address.ts";

export const STATES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR"
    .split(" "),
);

// OCR reads the comma after the city as an apostrophe, a period or a semicolon: "CHICAGO'IL 60614".
const CITY_STATE_ZIP = /^([A-Za-z][A-Za-z .'-]*?)(?:[,;'.]\s*|\s+)([A-Z]{2})\.?,?\s+(\d{5})(?:-?(\d{4}))?$/;
const STREET = /^(\d+[A-Za-z]?\s+\S.*|P\.?\s?O\.?\s+Box\s+\d+.*|\d+\s*$)/i;
// … also glued to its number, as OCR reads "APT 25C" of a capitals block ("APT25C", "UNIT14B"; round 26)
const UNIT =
  /^(?:apt|apartment|unit|suite|ste|#|fl|floor|bldg|building|lot|rm|room)(?:\b|(?=\d))\.?\s*#?\s*\S+/i;
/** A unit's designator glued to its number set apart: "APT25C" → "APT 25C". */
const spacedUnit = (u: string) =>
  u.replace(/^(apt|apartment|unit|suite|ste|bldg|building|lot)(?=\d)/i, "$1 ");

export interface CityStateZip {
  city: string;
  state: string;
  zip: string;
}

export function parseCityStateZip(text: string): CityStateZip | undefined {
  const m = tidyOcrAddress(text).match(CITY_STATE_ZIP);
  if (!m || !STATES.has(m[2])) return undefined;
  return { city: m[1].trim(), state: m[2], zip: m[4] ? `${m[3]}-${m[4]}` : m[3] };
}

export const isStreet = (s: string) =>
  STREET.test(s.trim()) && !/^\d[\d\s.,$/-]*$/.test(s.trim().replace(/\s+(?:[A-Za-z].*)$/, "x"));
export const isUnit = (s: string) => UNIT.test(s.trim());

/** Splits "123 Main St Apt 4" / "10819 Gilroy Rd *Suite 100" into line1 and line2. */
export function splitStreet(street: string): { line1: string; line2: string } {
  const s = street.replace(/\s*\*\s*/g, " ").replace(/\s+/g, " ").trim()
    // OCR reads the l of mixed-case street suffixes as i or I: "Sunset Bivd", "Park PI"
    .replace(/\bB[i1I]vd\b/, "Blvd").replace(/\b(P|Ct|Ci)[I1]\b(?=$|\s)/, (_m, a: string) => `${a}l`);
  const m = s.match(/^(.*?)[,\s]+((?:apt|apartment|unit|suite|ste|#|bldg|lot|fl|floor)\b\.?\s*#?\s*\S+)$/i) ??
    s.match(/^(.*?),\s*(.+)$/);
  if (m && /\d/.test(m[1])) return { line1: m[1].trim(), line2: m[2].trim() };
  return { line1: s, line2: "" };
}

export interface AddressBlock {
  /** The line above the street (the addressee), "" when none. */
  name: string;
  address: Address;
  /** Index of the city/state/zip line. */
  line: number;
}

/**
 * A line of a side column that prints a label and its value ("Amount Due   $31.76", "Due Date   07/18/2024"):
 * such lines fall between the lines of an address block printed beside them (a payment stub's mailing block
 * next to its account, due date and amount), and are no part of the block.
 */
function labelledValue(line: string): boolean {
  const cs = cells(line);
  return cs.length === 2 && /^[A-Za-z][A-Za-z .#'/-]*:?$/.test(cs[0]) && !isUnit(cs[0]) &&
    !/\bbox\b/i.test(cs[0]) &&
    /^-?\$?\d[\d,./-]*$/.test(cs[1]);
}

/** The line above line k, past up to two lines of a side column's labelled values. */
function up(lines: string[], k: number): number {
  let j = k - 1;
  for (let n = 0; n < 2 && j > 0 && labelledValue(lines[j]); n++) j--;
  return j;
}

/**
 * Every postal address block in the lines: a city/state/zip cell with a street cell on one of the two
 * lines above it (a unit line may sit between), and the addressee on the line above the street.
 */
export function addressBlocks(lines: string[], isNoise: (s: string) => boolean): AddressBlock[] {
  const blocks: AddressBlock[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cs = cells(lines[i]);
    for (let c = 0; c < cs.length; c++) {
      const csz = parseCityStateZip(cs[c]);
      if (!csz) continue;
      let j = up(lines, i);
      let unit = "";
      const upCells = (k: number) => (k >= 0 ? cells(lines[k]).filter((x) => !isNoise(x)) : []);
      let street = upCells(j).find(isStreet);
      if (!street) {
        const u = upCells(j).find(isUnit);
        if (u) {
          // (a scan's specks after the unit, "APT 40 .", are no part of it)
          unit = spacedUnit(u.replace(/(?:\s+[.,'\u2018\u2019`:;-])+$/, ""));
          j = up(lines, j);
          street = upCells(j).find(isStreet);
        }
      }
      if (!street && !unit && c === cs.length - 1 && cs.length > 1) {
        // right-hand column of a two-column summary: lines of the left column sit in between, so look a
        // few lines up for a line that ends with the street
        for (let k = i - 2; k >= Math.max(0, i - 3) && !street; k--) {
          const last = upCells(k).at(-1);
          if (last && isStreet(last)) {
            street = last;
            j = k;
          }
        }
      }
      if (!street) continue;
      const { line1, line2 } = splitStreet(street);
      // A name has no digits: the line above a street can be a service period ("Service from Jan 8, 2024 …").
      const nameCell = upCells(up(lines, j)).find((x) =>
        /[A-Za-z]{2}/.test(x) && !isStreet(x) && !/[:$\d]/.test(x)
      ) ?? "";
      blocks.push({
        name: nameCell,
        address: {
          ...emptyAddress(),
          line1,
          line2: unit || line2,
          city: csz.city,
          state: csz.state,
          zip: csz.zip,
          country: "US",
        },
        line: i,
      });
    }
  }
  return blocks;
}

/**
 * A labelled value up to the next label the text layer joined into its piece ("1006 LAKEVIEW CT BASTROP TX 78602
 * Map Location: 89664", "3236 PINE RIDGE RD APT 32 Service Period: 05/23/2022 - …"): the capitalised words
 * ("Map", "Service Period", "Days") right before the first colon after a space start another field — at most three,
 * two when more capitalised words run before them (a street printed in mixed case: "12 Elm St Service Period:").
 * An address prints no colon.
 */
export function untilNextLabel(text: string): string {
  const words = text.split(/\s+/);
  const at = words.findIndex((w, i) => i > 0 && /^[A-Z][a-z]*:$/.test(w));
  if (at < 0) return text;
  let from = at;
  while (from > 1 && at - from < 2 && /^[A-Z][a-z]+$/.test(words[from - 1])) from--;
  if (at - from === 2 && from > 1 && /^[A-Z][a-z]+$/.test(words[from - 1])) from++;
  return words.slice(0, from).join(" ");
}

/**
 * A street in capitals the text layer joined to the next field's label in title case ("8642 SUNSET BLVD Rate
 * Residential Service Meter G91059578"): the street, where the mixed-case words start. Other text as it is.
 */
export function streetBeforeLabel(text: string): string {
  // a whole address ("42 BIRCH LN Suite 28 TOLEDO OH 43604") and a unit in title case are no label
  if (/\b[A-Z]{2}\s+\d{5}(?:-\d{4})?\s*$/.test(text)) return text;
  const m = text.match(/^(\d+(?: [A-Z0-9#.-]+)+) (?=([A-Z][a-z]+)\b)/);
  return m && !UNIT_WORD.test(m[2]) ? m[1] : text;
}
const UNIT_WORD = /^(?:apt|apartment|suite|ste|unit|bldg|building|lot|trlr|rm|room|fl|floor|space|spc)$/i;

/** A map or location number printed after a service-location label, before the street ("MAP 17-840"). */
export const MAP_NUMBER =
  /^(?:map(?: location| loc\.?| no\.?| #)?|location (?:no\.?|#))\s*[:#]?\s*[A-Z0-9]+(?:-[A-Z0-9]+)+$/i;

/** The text without an amount of another column the text layer joined after it ("… WA 98118 $37.09"). */
const withoutAmount = (text: string) => text.trim().replace(/\s*-?\$\s?[\d,]+\.\d{2}$/, "");

/** An address written on one line after a label: "123 Main St, Springfield, IL 62701". */
export function parseInlineAddress(text: string): Address | undefined {
  const m = tidyOcrAddress(withoutAmount(text)).match(
    /^(.+?),\s*([A-Za-z][A-Za-z .'-]*?),?\s+([A-Z]{2})\.?,?\s+(\d{5}(?:-\d{4})?)$/,
  );
  if (!m || !STATES.has(m[3]) || !isStreet(m[1].split(",")[0])) return undefined;
  const { line1, line2 } = splitStreet(m[1]);
  return { ...emptyAddress(), line1, line2, city: m[2].trim(), state: m[3], zip: m[4], country: "US" };
}

/** A street suffix word (St, Street, Dr, Ave …; also used by scan_checks.ts). */
export const SUFFIX =
  /^(?:st|street|rd|road|ave|avenue|blvd|boulevard|dr|drive|ln|lane|ct|court|way|pl|place|pkwy|parkway|hwy|highway|cir|circle|ter|terrace|trl|trail)\.?$/i;
// the first word of a city that is also a street suffix's spelling ("St. Louis", "Ft. Myers")
const CITY_PREFIX = /^(?:st|ste|ft|mt)\.$/i;

/**
 * A labelled service address printed on one line without a ZIP or without the comma after the street:
 * "5499 Oak Hollow Dr Columbia MO", "12 Elm St Apt 4, St. Louis, MO", "7017 LAKEVIEW CT ROYAL OAK MI 48067". The street ends at its suffix (Dr, St, Ave …; a unit may follow), the
 * city runs to the state. Undefined when the street has no suffix or the split is ambiguous (a second
 * suffix right after the first), so a street is never cut in the wrong place.
 */
export function parseInlineAddressNoZip(text: string): Address | undefined {
  const m = tidyOcrAddress(withoutAmount(text)).match(
    /^(.+?),?\s+([A-Z]{2})\.?(?:,?\s+(\d{5}(?:-\d{4})?))?$/,
  );
  if (!m || !STATES.has(m[2]) || !/^\d{1,6}[A-Za-z]?\s/.test(m[1])) return undefined;
  const words = m[1].replace(/,/g, " , ").split(/\s+/).filter(Boolean);
  const at = words.findIndex((w, i) => i >= 2 && SUFFIX.test(w));
  // "St." may be the street's suffix or the first word of the city ("Quail Run St. Louis"): ambiguous
  if (at < 0 || (CITY_PREFIX.test(words[at]) && /^[A-Z]/.test(words[at + 1] ?? ""))) return undefined;
  let end = at + 1;
  const next = words[end];
  if (next && SUFFIX.test(next) && !(CITY_PREFIX.test(next) && /^[A-Z]/.test(words[end + 1] ?? ""))) {
    return undefined;
  }
  // a unit after the suffix: "Apt 4", "Unit 12B", "#3"
  if (next && /^(?:apt|apartment|unit|suite|ste|#\S*|bldg|lot)\.?$/i.test(next) && words[end + 1]) end += 2;
  else if (next && /^#\S+$/.test(next)) end += 1;
  const city = words.slice(end).filter((w) => w !== ",").join(" ").trim();
  if (!/^[A-Za-z][A-Za-z .'-]*$/.test(city) || city.split(" ").length > 4) return undefined;
  const { line1, line2 } = splitStreet(words.slice(0, end).filter((w) => w !== ",").join(" "));
  return { ...emptyAddress(), line1, line2, city, state: m[2], zip: m[3] ?? "", country: "US" };
}
