// An address read from a bill checked against the gazetteer (issue #11): OCR reads "NORFOLK" as "NORFOIK" or a
// state "VA" as "VK" with confidence, and the reader cannot know it (it stays pure: no reference data). After
// the reading, the ZIP's places decide:
// - the read city is the ZIP's city (or another city of that state near the ZIP: a neighbourhood or a second
//   postal name): kept;
// - the read city is no city of that state but within OCR's reach (allowedErrors) of the ZIP's city: corrected
//   to it, word by word in the printed form ("ST. LOUlS" → "ST. LOUIS");
// - a city of that state far from the ZIP, or a name garbled past correction (up to GARBLED edits from the
//   ZIP's city, or with signs no city has): kept but its confidence lowered below any confirm threshold, so the
//   homeowner confirms it; a name unlike the ZIP's city is kept as read (a town filed under another postal
//   city: the gazetteer keeps one city per ZIP);
// - the ZIP's state differs from the read state: corrected when the city is the ZIP's city, else confirmed.
// A ZIP the gazetteer does not know changes nothing (a new ZIP is not an error).
import type { Place, PlaceBook } from "../geo/zip_places.ts";
import { allowedErrors, cityKey, editDistance } from "../geo/names.ts";
import type { Address, ItemWithConfidence } from "./schema.ts";

/** The confidence an address whose city or state the gazetteer contradicts is given: below any confirm threshold. */
export const CONTRADICTED_CONFIDENCE = 0.3;
/** A read city this many edits from the ZIP's city, past what is corrected, is a garbled reading of it. */
const GARBLED = 3;
/** A city of the read state this near the ZIP's centre is one of its postal names or neighbourhoods. */
const NEAR_KM = 25;
/** Name prefixes the postal tables print as a word of their own ("Mc Coll", "Du Bois", "La Fayette"). */
const PREFIXED = /^(mc|mac|de|du|la|le|van)\s/i;

const km = (a: Place, b: Place) =>
  Math.hypot((a.lat - b.lat) * 111, (a.lon - b.lon) * 111 * Math.cos((a.lat * Math.PI) / 180));

/** The ZIP city in the read city's printed form: its case, and its words where they already agree. */
function inPrintedForm(read: string, city: string): string {
  const upper = (read.match(/[A-Z]/g) ?? []).length > (read.match(/[a-z]/g) ?? []).length;
  const want = cityKey(city).split(" ");
  const words = read.trim().split(/\s+/);
  const cased = (w: string) => upper ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1);
  if (words.length !== want.length) return upper ? city.toUpperCase() : city;
  return words.map((w, i) => cityKey(w) === want[i] ? w : cased(want[i])).join(" ");
}

type Verdict = { address: Address; doubt: boolean };

async function checkOne(a: Address, places: PlaceBook): Promise<Verdict> {
  const keep = { address: a, doubt: false };
  if (!a.city || !/^\d{5}$/.test(a.zip)) return keep;
  const zipPlaces = await places.placesOfZip(a.zip);
  if (!zipPlaces.length) return keep;
  const key = cityKey(a.city);
  const same = zipPlaces.find((p) => cityKey(p.city) === key);
  if (same) {
    return same.state === a.state || !a.state ? keep : { address: { ...a, state: same.state }, doubt: false };
  }
  const states = [...new Set(zipPlaces.map((p) => p.state))];
  const state = a.state || states[0];
  const known = await places.cityOf(a.city, state);
  if (known) {
    // a real city: near the ZIP it is one of its names; far, the ZIP or the city was misread
    const near = zipPlaces.some((p) => p.state === known.state && km(p, known) <= NEAR_KM);
    return near ? keep : { address: a, doubt: true };
  }
  const errors = allowedErrors(key);
  // compared as keyed ("ft worth") and as spelt without spaces ("fortworth": two words OCR glued)
  const glued = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
  // The postal name spaced after a prefix ("MC COLL", "DU BOIS") is the town the bill prints closed up
  // ("McColl", "DuBois"): the bill's own form of the same name, kept as read.
  const closedUp = zipPlaces.find((p) => PREFIXED.test(p.city) && glued(p.city) === glued(a.city));
  if (closedUp) {
    return closedUp.state === a.state || !a.state
      ? keep
      : { address: { ...a, state: closedUp.state }, doubt: false };
  }
  const close = zipPlaces.filter((p) =>
    errors > 0 &&
    (editDistance(key, cityKey(p.city), errors) <= errors ||
      editDistance(glued(a.city), glued(p.city), errors) <= errors)
  );
  if (close.length === 1 && (!a.state || close[0].state === a.state)) {
    return {
      address: { ...a, city: inPrintedForm(a.city, close[0].city), state: close[0].state },
      doubt: false,
    };
  }
  // a name unlike the ZIP's city, in its state, is a town the gazetteer files under another postal city
  // (Lakewood under Denver's 80226, Kettering under Dayton's 45429): kept; a garbled one is confirmed
  const garbled = /[^A-Za-z .'-]/.test(a.city) ||
    zipPlaces.some((p) => editDistance(key, cityKey(p.city), GARBLED) <= GARBLED);
  return { address: a, doubt: garbled || !states.includes(state) };
}

/**
 * The item with its service and billing addresses checked against the places of their ZIPs: misread cities
 * (and states) corrected where exactly one place is within reach, else the address's confidence lowered.
 */
export async function checkAddresses(
  item: ItemWithConfidence,
  places: PlaceBook,
): Promise<ItemWithConfidence> {
  const ci = item.customerInformation, bi = item.billingInformation;
  const service = await checkOne(ci.serviceAddress, places);
  const billing = await checkOne(bi.billingAddress, places);
  const confidence = { ...(item.confidence ?? {}) };
  const doubt = (k: string) => confidence[k] = Math.min(confidence[k] ?? 1, CONTRADICTED_CONFIDENCE);
  if (service.doubt) doubt("serviceAddress");
  if (billing.doubt) doubt("billingAddress");
  const eu = item.electricityUsage;
  const stateMoved = service.address.state !== ci.serviceAddress.state &&
    eu.marketState === ci.serviceAddress.state;
  return {
    ...item,
    customerInformation: { ...ci, serviceAddress: service.address },
    billingInformation: { ...bi, billingAddress: billing.address },
    electricityUsage: stateMoved ? { ...eu, marketState: service.address.state } : eu,
    ...(service.doubt || billing.doubt || item.confidence ? { confidence } : {}),
  };
}
