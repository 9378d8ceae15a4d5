// An address typed for a home outside the United States ("10 Downing St, London SW1A 2AA, UK", "Toronto, ON
// M5V 2T6", "123 Rue de Rivoli, Paris, France"): the gazetteer would otherwise drop the country and offer
// "Paris, TX" or "Toronto, OH", and the homeowner would be told the address was not found.

/** Countries a homeowner may type last; the US territories are not here (their own rules, out of the data). */
const COUNTRIES = new Set([
  "canada",
  "mexico",
  "united kingdom",
  "uk",
  "u.k.",
  "great britain",
  "england",
  "scotland",
  "wales",
  "northern ireland",
  "ireland",
  "france",
  "germany",
  "deutschland",
  "spain",
  "españa",
  "italy",
  "italia",
  "portugal",
  "netherlands",
  "belgium",
  "switzerland",
  "austria",
  "sweden",
  "norway",
  "denmark",
  "finland",
  "poland",
  "australia",
  "new zealand",
  "india",
  "china",
  "japan",
  "south korea",
  "korea",
  "philippines",
  "brazil",
  "argentina",
  "colombia",
  "chile",
  "peru",
  "south africa",
  "nigeria",
  "israel",
  "united arab emirates",
  "uae",
]);

/** Canadian provinces and territories; none is a US state's code or name. */
const PROVINCES = new Set([
  "ab",
  "bc",
  "mb",
  "nb",
  "nl",
  "ns",
  "nt",
  "nu",
  "on",
  "pe",
  "qc",
  "sk",
  "yt",
  "alberta",
  "british columbia",
  "manitoba",
  "new brunswick",
  "newfoundland and labrador",
  "nova scotia",
  "ontario",
  "prince edward island",
  "quebec",
  "québec",
  "saskatchewan",
  "yukon",
]);

/** A Canadian postal code (K1A 0B1) or a UK postcode (SW1A 2AA, M1 1AE), anywhere after the street. */
const POSTCODE = /,.*\b([A-Z]\d[A-Z] ?\d[A-Z]\d|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})\b/i;

/** Named alone after a street ("12 Main St, Canada"): no US town of that name gets in the way. */
const ALWAYS_ABROAD = new Set([
  "canada",
  "united kingdom",
  "uk",
  "u.k.",
  "great britain",
  "deutschland",
  "australia",
  "new zealand",
  "south africa",
  "south korea",
  "united arab emirates",
  "uae",
]);

const UNIT_PART = /^(apt|apartment|unit|suite|ste|#|fl|floor|bldg|building)\b/i;

/**
 * True when the text names a country other than the US, a Canadian province, or a Canadian/UK postcode. Countries and
 * provinces that are also US towns ("12 Main St, Peru" on the way to Peru, IN; Mexico, MO; Poland, OH; Ontario, CA;
 * New Brunswick, NJ) count only after a city ("…, Lima, Peru"), never right after the street or a unit.
 */
export function isOutsideUs(text: string): boolean {
  const parts = text.replace(/\s+/g, " ").split(",").map((s) => s.trim().replace(/\.$/, "").toLowerCase())
    .filter(Boolean);
  if (parts.length < 2) return false;
  const last = parts[parts.length - 1];
  const afterCity = parts.length >= 3 && !UNIT_PART.test(parts[parts.length - 2]);
  if (ALWAYS_ABROAD.has(last) || (afterCity && COUNTRIES.has(last))) return true;
  // "Toronto, ON M5V 2T6", "Toronto, ON" or "Montreal, Quebec": the province, with or without the postcode after it.
  const withPostcode = /\s[a-z]\d[a-z] ?\d[a-z]\d$/.test(last);
  const province = last.replace(/\s+[a-z]\d[a-z] ?\d[a-z]\d$/, "");
  if (PROVINCES.has(province) && (province.length === 2 || afterCity || withPostcode)) return true;
  return POSTCODE.test(text);
}
