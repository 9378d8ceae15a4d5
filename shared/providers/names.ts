// Display names for utilities: the OpenEI/EIA tables use abbreviated, tagged legal names
// ("Consolidated Edison Co-NY Inc", "City of Aberdeen - (MS)", "Electrical Dist No8 Maricopa",
// "USBIA-San Carlos Project"); homeowners should see them as a person would write them. Only the name shown
// changes: a provider's id (`eia:<EIA id>`) and the table's raw `name` never do.
// The function is idempotent (a cleaned name comes back unchanged), so it may be applied again where a name is shown
// (a lead's stored provider, a stored display name) — tests/unit/widget/names_sanitize_test.ts checks it on every
// name of the reference tables.

const WORDS: Record<string, string> = {
  elec: "Electric",
  lt: "Light",
  lgt: "Light",
  pwr: "Power",
  coop: "Cooperative",
  "co-op": "Cooperative",
  co: "Company",
  assn: "Association",
  svc: "Service",
  serv: "Service",
  pub: "Public",
  dist: "District",
  dt: "District",
  auth: "Authority",
  mun: "Municipal",
  muni: "Municipal",
  util: "Utility",
  ut: "Utility",
  utils: "Utilities",
  dept: "Department",
  comm: "Commission",
  cnty: "County",
  mem: "Membership",
  corp: "Corporation",
  illum: "Illuminating",
  irr: "Irrigation",
  proj: "Project",
  sys: "System",
  wks: "Works",
  wtr: "Water",
  rrl: "Rural",
  boro: "Borough",
  conserv: "Conservation",
  cons: "Consumers",
  st: "St.",
  mt: "Mt.",
};

/** "El" is "Electric" before these words ("Allamakee-Clayton El Coop"), a name's own word elsewhere ("El Paso"). */
const AFTER_EL = /^(coop|cooperative|member|membership|assn|association|power|pwr|cons|consumers)$/i;

const STATE_NAMES: Record<string, string> = Object.fromEntries(
  ("AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|FL Florida|" +
    "GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|" +
    "MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|" +
    "NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|" +
    "OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|" +
    "UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming").split("|")
    .map((e) => [e.slice(0, 2), e.slice(3)]),
);

/** Federal agencies that prefix the utilities they run ("USBIA-San Carlos Project"). */
const AGENCIES: Record<string, string> = {
  USBIA: "U.S. Bureau of Indian Affairs",
  USBR: "U.S. Bureau of Reclamation",
  USCE: "U.S. Army Corps of Engineers",
  USACE: "U.S. Army Corps of Engineers",
  USDOE: "U.S. Department of Energy",
};

function titleCase(word: string): string {
  return word.length <= 3 && /^[A-Z&]+$/.test(word) ? word : word.charAt(0) + word.slice(1).toLowerCase();
}

/** "Consolidated Edison Co-NY Inc" -> "Consolidated Edison Company of New York"; "A & N Electric Coop" -> "A & N Electric Cooperative". */
export function displayUtilityName(raw: string): string {
  let s = raw.replace(/\s+/g, " ").trim();
  // State tags added by EIA to tell same-named utilities apart: "City of Aberdeen - (MS)", "Union Electric Co - (MO)".
  s = s.replace(/\s*-?\s*\([A-Z]{2}\)\s*$/, "");
  // "Co-NY" / "Co - NY" is "Company of New York".
  s = s.replace(/\bCo\s*-\s*([A-Z]{2})\b/, (_, st: string) => `Company of ${STATE_NAMES[st] ?? st}`);
  // An electric membership corporation is named in full, before legal forms are dropped below.
  // ("… Electric Member" and "… Electric Membership" are the same name cut short by earlier display rules.)
  s = s.replace(/\bMember(?:ship)? Corp(?:oration)?\.?$/, "Membership Corporation").replace(
    /\bMember(?:ship)?$/,
    "Membership Corporation",
  );
  // Legal-form suffixes add nothing for a homeowner.
  for (let i = 0; i < 3; i++) s = s.replace(/[,\s]+(Inc|LLC|L\.?L\.?C|Corp|L\.?P|Ltd)\.?$/i, "");
  s = s.replace(/(?<!\b(?:St|Mt|No))\.$/, "");
  if (s === s.toUpperCase() && /[A-Z]{4,}/.test(s)) s = s.split(" ").map(titleCase).join(" ");
  // Initials written apart are one acronym: "Rural E M C", "M.W.C" -> "EMC", "MWC" (never "A & N").
  s = s.replace(/\b(?!U\.S\.)[A-Z](?:(?:\.\s?|\s)[A-Z])+\b\.?/g, (m) => m.replace(/[.\s]/g, ""));
  // An agency prefix becomes a note after the name: "USBIA-San Carlos Project" -> "San Carlos Project (U.S. Bureau …)".
  s = s.replace(
    /^([A-Z]{4,5})\s*-\s*(.+)$/,
    (all, a: string, rest: string) => AGENCIES[a] ? `${rest} (${AGENCIES[a]})` : all,
  );
  // An acronym before its own spelling is dropped: "WAPA-- Western Area Power Administration".
  s = s.replace(/^([A-Z]{2,6})\s*-+\s*(.+)$/, (all, a: string, rest: string) => {
    const initials = rest.split(/[\s-]+/).filter((w) => /^[A-Z]/.test(w)).map((w) => w[0]).join("");
    return initials === a ? rest : all;
  });
  // "Company of NH" -> "Company of New Hampshire".
  s = s.replace(
    /\b(Co|Company) of ([A-Z]{2})$/,
    (_, c: string, st: string) => `${c} of ${STATE_NAMES[st] ?? st}`,
  );
  // Numbers: "No8", "No 8", "#8" -> "No. 8".
  s = s.replace(/\bNo\.?\s*(\d+)\b/g, "No. $1").replace(/(^|\s)#\s?(\d+)\b/g, "$1No. $2");
  // "&" between words takes spaces ("Light&Power"); between initials it does not ("KCP&L").
  s = s.replace(/([a-z])&([A-Za-z])/g, "$1 & $2").replace(/\bL&P\b/g, "Light & Power");
  s = s.split(" ").map((w, i, all) => {
    const [, word, comma] = w.match(/^(.*?)(,?)$/)!;
    const key = word.toLowerCase().replace(/\.$/, "");
    if (key === "el") return AFTER_EL.test(all[i + 1] ?? "") ? "Electric" + comma : w;
    return WORDS[key] ? WORDS[key] + comma : w;
  }).join(" ");
  return s.trim() || raw.trim();
}
