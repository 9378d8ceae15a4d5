// Display names for utilities: the OpenEI/EIA tables use abbreviated, tagged legal names
// ("Consolidated Edison Co-NY Inc", "City of Aberdeen - (MS)"); homeowners should see readable ones.

const WORDS: Record<string, string> = {
  elec: "Electric",
  lt: "Light",
  pwr: "Power",
  coop: "Cooperative",
  "co-op": "Cooperative",
  assn: "Association",
  svc: "Service",
  serv: "Service",
  pub: "Public",
  dist: "District",
  auth: "Authority",
  mun: "Municipal",
  muni: "Municipal",
  util: "Utility",
  utils: "Utilities",
  dept: "Department",
  comm: "Commission",
  cnty: "County",
  mem: "Membership",
  corp: "Corporation",
};

const STATE_NAMES: Record<string, string> = {
  NY: "New York",
  NJ: "New Jersey",
  MN: "Minnesota",
  WI: "Wisconsin",
  MI: "Michigan",
};

function titleCase(word: string): string {
  return word.length <= 3 && /^[A-Z&]+$/.test(word) ? word : word.charAt(0) + word.slice(1).toLowerCase();
}

/** "Consolidated Edison Co-NY Inc" -> "Consolidated Edison Co of New York"; "A & N Electric Coop" -> "A & N Electric Cooperative". */
export function displayUtilityName(raw: string): string {
  let s = raw.replace(/\s+/g, " ").trim();
  // State tags added by EIA to tell same-named utilities apart: "City of Aberdeen - (MS)", "Union Electric Co - (MO)".
  s = s.replace(/\s*-?\s*\([A-Z]{2}\)\s*$/, "");
  // "Co-NY" / "Co - NY" is "Company of New York".
  s = s.replace(/\bCo\s*-\s*([A-Z]{2})\b/, (_, st: string) => `Co of ${STATE_NAMES[st] ?? st}`);
  // Legal-form suffixes add nothing for a homeowner.
  for (let i = 0; i < 3; i++) s = s.replace(/[,\s]+(Inc|LLC|L\.?L\.?C|Corp|L\.?P|Ltd)\.?$/i, "");
  s = s.replace(/\.$/, "");
  if (s === s.toUpperCase() && /[A-Z]{4,}/.test(s)) s = s.split(" ").map(titleCase).join(" ");
  s = s.split(" ").map((w, i, all) => {
    const key = w.toLowerCase().replace(/\.$/, "");
    // "Corp" is kept mid-name ("Electric Corp of X") but expanded; a trailing one was already removed.
    if (key === "corp" && i === all.length - 1) return w;
    return WORDS[key] ?? w;
  }).join(" ");
  return s.trim() || raw.trim();
}
