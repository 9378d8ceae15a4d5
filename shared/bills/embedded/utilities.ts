// US electric utilities recognised by name or short brand on a bill, with the states they serve (the first
// is the usual one). General knowledge of US utility brands (EIA-861 names in brand form), not read off any
// one bill; a bill names its utility in its logo, remittance box or "questions?" line.
export interface Utility {
  name: string;
  states: string[];
}

/** A long name read in any case (logos print it in capitals), its acronym only as printed ("SCE", not "sce"). */
const either = (long: RegExp, acronym: RegExp) =>
  new RegExp(
    `(?:${
      long.source.replace(
        /\\.|[A-Za-z]/g,
        (c) => (c.length > 1 ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`),
      )
    })|(?:${acronym.source})`,
  );

const U = (
  re: RegExp,
  name: string,
  states: string,
): [RegExp, Utility] => [re, { name, states: states.split(" ") }];

const UTILITIES: [RegExp, Utility][] = [
  U(/\bFlorida Power (?:&|and) Light\b|\bFPL\b/i, "Florida Power & Light", "FL"),
  U(/\bBaltimore Gas (?:&|and) Electric\b|\bBGE\b/i, "Baltimore Gas and Electric", "MD"),
  U(/\bNational Grid\b|\bNiagara Mohawk\b/i, "National Grid", "NY MA RI"),
  U(/\bPacific Gas (?:&|and) Electric\b|\bPG&E\b/i, "Pacific Gas and Electric", "CA"),
  U(either(/\bSouthern California Edison\b/i, /\bSCE\b/), "Southern California Edison", "CA"),
  U(/\bSan Diego Gas (?:&|and) Electric\b|\bSDG&E\b/i, "San Diego Gas & Electric", "CA"),
  U(/\bCon(?:solidated)? ?Ed(?:ison)?\b/i, "Consolidated Edison", "NY"),
  U(/\bOrange (?:&|and) Rockland\b/i, "Orange & Rockland", "NY NJ"),
  U(/\bCentral Hudson\b/i, "Central Hudson Gas & Electric", "NY"),
  U(/\bNYSEG\b|\bNew York State Electric (?:&|and) Gas\b/i, "NYSEG", "NY"),
  U(/\bRochester Gas (?:&|and) Electric\b|\bRG&E\b/i, "Rochester Gas and Electric", "NY"),
  U(/\bPSEG Long Island\b|\bLIPA\b/i, "PSEG Long Island", "NY"),
  U(/\bDuke Energy\b/i, "Duke Energy", "NC SC FL IN OH KY"),
  U(/\bCom ?Ed\b|\bCommonwealth Edison\b/i, "ComEd", "IL"),
  U(/\bAmeren\b/i, "Ameren", "IL MO"),
  U(/\bGeorgia Power\b/i, "Georgia Power", "GA"),
  U(/\bAlabama Power\b/i, "Alabama Power", "AL"),
  U(/\bMississippi Power\b/i, "Mississippi Power", "MS"),
  U(/\bGulf Power\b/i, "Gulf Power", "FL"),
  U(either(/\bArizona Public Service\b/i, /\bAPS\b/), "Arizona Public Service", "AZ"),
  U(either(/\bTucson Electric Power\b/i, /\bTEP\b/), "Tucson Electric Power", "AZ"),
  U(either(/\bSalt River Project\b/i, /\bSRP\b/), "Salt River Project", "AZ"),
  U(/\bXcel Energy\b/i, "Xcel Energy", "CO MN WI MI ND SD TX NM"),
  U(/\bDominion Energy\b/i, "Dominion Energy", "VA NC SC"),
  U(/\bAppalachian Power\b/i, "Appalachian Power", "VA WV TN"),
  U(/\bPSE&G\b|\bPublic Service Electric (?:&|and) Gas\b/i, "PSE&G", "NJ"),
  U(/\bJersey Central Power\b|\bJCP&L\b/i, "Jersey Central Power & Light", "NJ"),
  U(/\bAtlantic City Electric\b/i, "Atlantic City Electric", "NJ"),
  U(/\bPepco\b|\bPotomac Electric Power\b/i, "Pepco", "DC MD"),
  U(/\bDelmarva Power\b/i, "Delmarva Power", "DE MD"),
  U(/\bPotomac Edison\b/i, "Potomac Edison", "MD WV"),
  U(/\bEversource\b|\bNSTAR\b/i, "Eversource", "MA CT NH"),
  U(/\bUnitil\b/i, "Unitil", "NH MA"),
  U(either(/\bCentral Maine Power\b/i, /\bCMP\b/), "Central Maine Power", "ME"),
  U(/\bVersant Power\b|\bEmera Maine\b|\bBangor Hydro\b/i, "Versant Power", "ME"),
  U(/\bGreen Mountain Power\b/i, "Green Mountain Power", "VT"),
  U(/\bRhode Island Energy\b/i, "Rhode Island Energy", "RI"),
  U(/\bUnited Illuminating\b/i, "United Illuminating", "CT"),
  U(/\bPECO\b/, "PECO", "PA"),
  U(either(/\bPPL Electric\b/i, /\bPPL\b/), "PPL Electric Utilities", "PA"),
  U(/\bDuquesne Light\b/i, "Duquesne Light", "PA"),
  U(/\bMet-?Ed\b|\bPenelec\b|\bPenn Power\b|\bWest Penn Power\b/i, "FirstEnergy", "PA"),
  U(
    /\bOhio Edison\b|\bToledo Edison\b|\bIlluminating Company\b|\bFirstEnergy\b/i,
    "FirstEnergy",
    "OH PA NJ MD WV",
  ),
  U(/\bAEP Ohio\b|\bOhio Power\b/i, "AEP Ohio", "OH"),
  U(/\bAES Ohio\b|\bDayton Power (?:&|and) Light\b/i, "AES Ohio", "OH"),
  U(/\bAES Indiana\b|\bIndianapolis Power (?:&|and) Light\b/i, "AES Indiana", "IN"),
  U(/\bNIPSCO\b/i, "NIPSCO", "IN"),
  U(/\bIndiana Michigan Power\b/i, "Indiana Michigan Power", "IN MI"),
  U(either(/\bDTE Energy\b/i, /\bDTE\b/), "DTE Energy", "MI"),
  U(/\bConsumers Energy\b/i, "Consumers Energy", "MI"),
  U(/\bWe Energies\b/i, "We Energies", "WI"),
  U(/\bAlliant Energy\b/i, "Alliant Energy", "WI IA"),
  U(/\bMidAmerican Energy\b/i, "MidAmerican Energy", "IA IL SD"),
  U(/\bEvergy\b|\bWestar Energy\b|\bKCP&L\b/i, "Evergy", "KS MO"),
  U(/\bEntergy\b/i, "Entergy", "LA AR MS TX"),
  U(/\bCleco\b/i, "Cleco", "LA"),
  U(/\bSWEPCO\b|\bSouthwestern Electric Power\b/i, "SWEPCO", "LA AR TX"),
  U(/\bOG&E\b|\bOklahoma Gas (?:&|and) Electric\b/i, "OG&E", "OK AR"),
  U(either(/\bPublic Service Company of Oklahoma\b/i, /\bPSO\b/), "Public Service Company of Oklahoma", "OK"),
  U(/\bOncor\b/i, "Oncor", "TX"),
  U(/\bCenterPoint\b/i, "CenterPoint Energy", "TX IN OH MN"),
  U(/\bTXU Energy\b/i, "TXU Energy", "TX"),
  U(/\bReliant\b/i, "Reliant Energy", "TX"),
  U(/\bAustin Energy\b/i, "Austin Energy", "TX"),
  U(/\bCPS Energy\b/i, "CPS Energy", "TX"),
  U(/\bEl Paso Electric\b/i, "El Paso Electric", "TX NM"),
  U(/\bPNM\b|\bPublic Service Company of New Mexico\b/i, "PNM", "NM"),
  // NV Energy's two companies by EIA's names (QA pass 16): "Sierra Pacific Power" is not PacifiCorp's Pacific Power
  U(/\bNV Energy\b|\bNevada Power\b|\bSierra Pacific Power\b/i, "NV Energy", "NV"),
  U(/\bRocky Mountain Power\b/i, "Rocky Mountain Power", "UT WY ID"),
  U(/(?<!\bSierra )\bPacific Power\b|\bPacifiCorp\b/i, "Pacific Power", "OR WA CA"),
  U(either(/\bPortland General Electric\b/i, /\bPGE\b/), "Portland General Electric", "OR"),
  U(/\bPuget Sound Energy\b/i, "Puget Sound Energy", "WA"),
  U(/\bSeattle City Light\b/i, "Seattle City Light", "WA"),
  U(/\bAvista\b/i, "Avista", "WA ID"),
  U(/\bIdaho Power\b/i, "Idaho Power", "ID OR"),
  U(/\bNorthWestern Energy\b/i, "NorthWestern Energy", "MT SD NE"),
  U(/\bBlack Hills Energy\b/i, "Black Hills Energy", "SD WY CO"),
  U(
    /\bLADWP\b|\bLos Angeles Department of Water (?:&|and) Power\b/i,
    "Los Angeles Department of Water and Power",
    "CA",
  ),
  U(/\bSMUD\b|\bSacramento Municipal Utility\b/i, "SMUD", "CA"),
  U(/\bHawaiian Electric\b/i, "Hawaiian Electric", "HI"),
  U(/\bTampa Electric\b|\bTECO\b/i, "Tampa Electric", "FL"),
  U(/\bJEA\b/, "JEA", "FL"),
  U(/\bTVA\b|\bTennessee Valley Authority\b/i, "Tennessee Valley Authority", "TN AL MS KY GA NC VA"),
  U(/\bLG&E\b|\bLouisville Gas (?:&|and) Electric\b/i, "LG&E", "KY"),
  U(/\bKentucky Utilities\b/i, "Kentucky Utilities", "KY VA"),
  U(/\bSanteeCooper\b|\bSantee Cooper\b/i, "Santee Cooper", "SC"),
  U(/\bEvergy\b/i, "Evergy", "KS MO"),
  U(/\bMinnesota Power\b/i, "Minnesota Power", "MN"),
  U(/\bOtter Tail Power\b/i, "Otter Tail Power", "MN ND SD"),
];

// Cooperatives and municipal utilities are many: read their own name off the bill (a "… Electric Cooperative
// Association" whole: its last word is the name's, round 30). "… Light & Power" as "… Power & Light" (an investor
// owned or a city's utility: "Alaska Electric Light & Power Co.", "Fort Collins Light & Power", reader34).
const COOP_KIND =
  "Electric (?:Membership Corporation|Cooperative Association|Cooperative|Co-?op)|Electric Power Association|Electric Association|Rural Electric(?: Association| Cooperative Association| Cooperative)?|Public Utility District|REMC|RECC|EMC|Municipal (?:Utilities|Light (?:&|and) Power)|Power (?:&|and) Light(?: Company)?|Light (?:&|and) Power(?: Company)?|Energy Cooperative|Electric Company";
/**
 * A co-op's or public utility's name: up to five capitalised words on one line (two of them may be joined by
 * "and": "Madison Gas and Electric Company"), then its kind (as printed or in capitals).
 */
const COOP = new RegExp(
  `\\b((?:[A-Z][A-Za-z.&'-]+[ \\t](?:(?:and|AND)[ \\t](?=[A-Z]))?){1,5}(?:${COOP_KIND}|${COOP_KIND.toUpperCase()}))\\b`,
);

// … and a line saying what kind of body the utility is ("An Electric Membership Corporation", "A Touchstone Energy
// Cooperative" under the name): an indefinite article opens a description, never a name
const SLOGAN = /^(?:your|our|my|an?)\s/i;
/** … its word printed just before the name's capitalised words ("A" is no word of a name). */
const SLOGAN_BEFORE = /(?:^|\s)(?:your|our|my|an?)\s+$/i;

/** The utility named on the bill (the earliest, most specific match), with its home state and territory. */
export function findUtility(text: string): { name: string; state: string; states: string[] } | undefined {
  let best: { u: Utility; index: number } | undefined;
  for (const [re, u] of UTILITIES) {
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      // a retail provider's bill names the wires company that delivers ("TDU Delivery Charges - Oncor"):
      // that utility did not issue the bill
      const before = text.slice(text.lastIndexOf("\n", m.index) + 1, m.index);
      if (WIRES.test(before)) continue;
      // "A FirstEnergy Company", "An Exelon Company" under the issuer's name: its parent (a holding company), which
      // did not issue the bill
      if (/(?:^|\s)an?\s+$/i.test(before) && /^\s+company\b/i.test(text.slice(m.index + m[0].length))) {
        continue;
      }
      // a charge line naming the wholesale supplier whose cost it passes on ("TVA Fuel Cost Adjustment 1,140 kWh
      // X 0.0223   $25.42"): that utility did not issue the bill
      const end = text.indexOf("\n", m.index);
      if (PASSED_ON.test(text.slice(m.index + m[0].length, end < 0 ? undefined : end))) continue;
      if (!best || m.index < best.index) best = { u, index: m.index };
      break;
    }
  }
  if (best) return { name: best.u.name, state: best.u.states[0], states: best.u.states };
  // "Your Touchstone Energy Cooperative" (a slogan co-ops print under their name) names no issuer (SLOGAN)
  const coop = [...text.matchAll(new RegExp(COOP.source, "g"))].find((m) =>
    !SLOGAN.test(m[1]) && !SLOGAN_BEFORE.test(text.slice(text.lastIndexOf("\n", m.index) + 1, m.index))
  );
  if (coop) {
    const name = coop[1].trim();
    return { name: name === name.toUpperCase() ? titleCase(name) : name, state: "", states: [] };
  }
  return undefined;
}

/** A charge named after a supplier: its cost words, then a kWh quantity or an amount on the same line. */
const PASSED_ON =
  /^\s*(?:[A-Za-z&]+\s+){0,3}?(?:adjustment|charge|cost|rider|credit)\b.*(?:\bkwh\b|\$?\d[\d,]*\.\d{2}\b)/i;
/** Words that introduce the transmission and distribution utility on a retail provider's bill. */
const WIRES =
  /\b(?:TDU|TDSP|TDSPs|transmission (?:and|&) distribution (?:utility|service provider|company)|delivery (?:company|utility|service provider)|your wires company)\b/i;

export function isUtilityName(s: string): boolean {
  return (UTILITIES.some(([re]) => re.test(s)) || COOP.test(s)) && s.split(/\s+/).length <= 6;
}

/**
 * An addressee that is a utility by its shape: an issuer's name ("… Electric Light & Power Co.", "… Public
 * Power District", "… Utilities") ending in a company or public-body word: the remittance box of a utility
 * not in the table, never a residential customer's mailing block.
 */
export function issuerShaped(s: string): boolean {
  const t = s.trim(), w = t.split(/\s+/);
  if (w.length < 2 || w.length > 6 || !/^[A-Za-z][A-Za-z&'.\- ]+$/.test(t)) return false;
  if (/\b(?:p\.\s?u\.\s?d\.?|pud|district|utilities)$/i.test(t)) return true;
  return ISSUER_WORD.test(t) &&
    /\b(?:co|company|inc|corp|corporation|llc|cooperative|co-?op|authority|department|commission|board)\.?$/i
      .test(t);
}

/** Does the text name any known electric utility? (evidence that a document is an electricity bill) */
export const namesUtility = (text: string) => UTILITIES.some(([re]) => re.test(text)) || COOP.test(text);

/** Words an issuer of an electricity bill names itself with (a municipal utility, a board, a department). */
const ISSUER_WORD =
  /\b(?:utilities|utility|electric|electricity|energy|power|light|public service|city of|town of|village of|board|authority|department|cooperative|co-?op|municipal|commission|pud)\b/i;
/** Phrases that name who issued the bill: the remittance line, the thanks. */
const ISSUER_PHRASE =
  /\b(?:(?:checks?|payments?|money orders?) (?:payable|made out) to|(?:with|send) your payment to|remit (?:payment )?to|thank you for (?:choosing|being a customer of))\s*:?\s+([A-Za-z][A-Za-z&'.\- ]{2,60}?)\s*(?:[.,;!]|\s{2,}|$)/i;
const SMALL = new Set(["of", "and", "the", "for"]);
/** A department named after the issuer in a remittance phrase. */
const DESK =
  /\s+(?:customer (?:care|service|services)|billing(?: department| office| services)?|utility billing|payment (?:processing|center)|remittance(?: center| processing)?)$/i;

/** A street line alone ("10 ROBERTSON STREET") and a city line alone ("RADFORD VA 24141-1234"). */
const STREET_LINE = /^\d{1,6}\s+[A-Za-z0-9 .'#-]{3,40}$/;
const CITY_LINE = /^[A-Za-z][A-Za-z .'-]{1,30},?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?$/;
const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
/** Two to six words of letters: a name's shape, with or without a utility's word. */
const wordsShaped = (s: string) => {
  const w = s.trim().split(/\s+/);
  return w.length >= 2 && w.length <= 6 && /^[A-Za-z][A-Za-z&'.\- ]+$/.test(s.trim());
};
const titleCase = (s: string) =>
  s.toLowerCase().split(/\s+/).map((w, i) => (i && SMALL.has(w) ? w : w[0].toUpperCase() + w.slice(1))).join(
    " ",
  );

/**
 * The issuer of a bill whose utility is not in the table (a municipal utility, a small co-op), read generically
 * and only when two places agree: a remittance or thanks phrase ("make checks payable to …", "return this
 * portion with your payment to …", "Thank you for choosing …"), the remittance box's name over its PO box, the
 * name that opens the page (the logo line),
 * the bill's website domain. The name as printed in mixed case where it is, else in title case.
 */
export function findIssuer(lines: string[]): string | undefined {
  const found: { name: string; source: string }[] = [];
  for (const l of lines) {
    const m = l.match(ISSUER_PHRASE);
    // "… with your payment to City of Concord Customer Care": the issuer, not its desk
    // (an article in running text, "payable to the City of Salem", is not the name's: a capital "The" may be)
    const name = m?.[1].replace(DESK, "").replace(/^the\s+/, "").trim();
    if (name && wordsShaped(name)) found.push({ name, source: "phrase" });
  }
  // the remittance box: the issuer's name on the line above its post office box
  lines.forEach((l, i) => {
    const name = l.trim();
    if (/^(?:p\.?\s?o\.?\s+box|post office box)\b/i.test(lines[i + 1]?.trim() ?? "") && wordsShaped(name)) {
      found.push({ name, source: "remit" });
    } else if (
      // … or over a street address and its city line (a city hall's: "CITY OF RADFORD / 10 ROBERTSON STREET /
      // RADFORD VA 24141"), only for a name with an issuer's word: a customer's mailing block has the same shape
      ISSUER_WORD.test(name) && wordsShaped(name) && STREET_LINE.test(lines[i + 1]?.trim() ?? "") &&
      CITY_LINE.test(lines[i + 2]?.trim() ?? "")
    ) {
      found.push({ name, source: "block" });
    }
  });
  const top = lines.find((l) => l.trim())?.split(/\s{3,}/)[0]?.trim() ?? "";
  if (wordsShaped(top)) found.push({ name: top, source: "top" });
  const domains = lines.flatMap((
    l,
  ) => [...l.matchAll(/\b(?:www\.)?([a-z][a-z0-9-]{3,})\.(?:com|org|net|gov|us)\b/gi)])
    .map((m) => squash(m[1]));
  const byName = new Map<string, { names: string[]; sources: Set<string> }>();
  for (const f of found) {
    const k = squash(f.name);
    const e = byName.get(k) ?? { names: [], sources: new Set<string>() };
    e.names.push(f.name);
    e.sources.add(f.source);
    if (domains.includes(k)) e.sources.add("domain");
    byName.set(k, e);
  }
  // a name without a utility's word ("CDE Lightband") counts only where both places that name the payee agree: the
  // remittance phrase (whom the payment goes to) and the remittance box over its post office box — a person's
  // name atop the page and in a "payable to" phrase is not enough (round 28)
  const agreed = [...byName.values()].filter((e) =>
    e.sources.size >= 2 &&
    (ISSUER_WORD.test(e.names[0]) || (e.sources.has("phrase") && e.sources.has("remit")))
  );
  // two different issuers that each have two sources: nothing is guessed
  if (agreed.length !== 1) return undefined;
  // the short name of the logo and the domain ("Shell Energy") where the remittance box or phrase prints it whole
  // ("Shell Energy Solutions"): the whole name, one or two words longer, never a desk of the issuer, printed on two
  // lines or more (one OCR'd line, "City of Goodland Utiity", is no second place)
  const twice = (n: string) => lines.filter((l) => l.toLowerCase().includes(n.toLowerCase())).length >= 2;
  const whole = found.filter((f) =>
    (f.source !== "top" || cityUtility(agreed[0].names[0], f.name)) &&
    longerName(agreed[0].names[0], f.name) &&
    (twice(f.name) || f.source === "top")
  );
  const names = whole.length && whole.every((f) => squash(f.name) === squash(whole[0].name))
    ? whole.map((f) => f.name)
    : agreed[0].names;
  // the payee alone (the remittance phrase and box, no logo, domain or address block) while the line that opens the
  // page is another issuer's name ("Elmwood Valley Power District" over "payable to Harrow County Services
  // Board"): the payee may be a city, a parent or a collector, the logo the utility — which one issued the bill is
  // not printed, so nothing is guessed (abstain37; round 35's city payee, round 24's two names of one utility)
  const payeeOnly = ![...agreed[0].sources].some((s) => s === "top" || s === "domain" || s === "block");
  if (payeeOnly && issuerShaped(top) && !names.some((n) => squash(n) === squash(top))) return undefined;
  const mixed = names.find((n) => n !== n.toUpperCase());
  return mixed ?? titleCase(names[0]);
}

// what follows a city's name in its own utility's name ("City of Tallahassee Utilities", "… Light & Power")
const CITY_UTILITY_WORDS = /^(?:(?:utilities|utility|light|power|electric|water|public|&|and)\s*){1,3}$/i;
/**
 * The name that opens the page is the city's name a payee phrase and the remittance box agree on, followed by its
 * utility's words ("CITY OF TALLAHASSEE UTILITIES" over "payable to City of Tallahassee"): the logo names the
 * utility, the payee the city (a reading "City of Tallahassee" names the city, not its utility) (round 35).
 */
function cityUtility(city: string, top: string): boolean {
  if (!/^(?:city|town|village) of\s/i.test(city)) return false;
  const [a, b] = [city.trim().split(/\s+/), top.trim().split(/\s+/)];
  return b.length > a.length && a.every((w, i) => w.toLowerCase() === b[i].toLowerCase()) &&
    CITY_UTILITY_WORDS.test(b.slice(a.length).join(" "));
}

/** `long` is `short` followed by one or two more words that are no desk ("… Customer Care") of the issuer. */
function longerName(short: string, long: string): boolean {
  const [a, b] = [short.toLowerCase().split(/\s+/), long.toLowerCase().split(/\s+/)];
  const more = b.length - a.length;
  return more >= 1 && more <= 2 && a.every((w, i) => w === b[i]) && !DESK.test(long) &&
    !/\b(?:box|dept|department|office|center|centre|processing)\b/i.test(b.slice(a.length).join(" "));
}
