// Utility names since EIA-861 2018 (the latest service-territory year in the repository): renames, and the brand a
// utility's bill prints where EIA-861 names the body that owns it ("City of Seattle" for Seattle City Light). Each
// with its source; no network here, so a brand is added only where the repository's own sources name it.
export interface Rename {
  eiaid: number;
  /** The name the homeowner knows (stored as displayUtilityName makes it). */
  name: string;
  /** Why, and the source. */
  why: string;
}

export const RENAMES: readonly Rename[] = [
  {
    eiaid: 22500,
    name: "Evergy Kansas Central",
    why: "Westar Energy became Evergy Kansas Central (Evergy, 2018-2019)",
  },
  {
    eiaid: 10005,
    name: "Evergy Kansas South",
    why: "Kansas Gas & Electric became Evergy Kansas South (2019)",
  },
  { eiaid: 10000, name: "Evergy Metro", why: "Kansas City Power & Light became Evergy Metro (2019)" },
  {
    eiaid: 17539,
    name: "Dominion Energy South Carolina",
    why: "South Carolina Electric & Gas became Dominion Energy South Carolina (2019)",
  },
  {
    eiaid: 7801,
    name: "Florida Power & Light (formerly Gulf Power)",
    why: "Gulf Power merged into Florida Power & Light (2021)",
  },
  {
    eiaid: 5860,
    name: "Liberty Utilities (Empire District)",
    why: "Empire District Electric is served as Liberty Utilities (2017-2020)",
  },
  {
    eiaid: 15466,
    name: "Xcel Energy (Public Service Co of Colorado)",
    why: "Public Service Co of Colorado bills as Xcel Energy",
  },
  { eiaid: 13781, name: "Xcel Energy (Northern States Power - Minnesota)", why: "bills as Xcel Energy" },
  { eiaid: 13780, name: "Xcel Energy (Northern States Power - Wisconsin)", why: "bills as Xcel Energy" },
  { eiaid: 17718, name: "Xcel Energy (Southwestern Public Service)", why: "bills as Xcel Energy" },
  { eiaid: 19436, name: "Ameren Missouri", why: "Union Electric Co bills as Ameren Missouri" },
  { eiaid: 9417, name: "Alliant Energy (Interstate Power and Light)", why: "bills as Alliant Energy" },
  { eiaid: 20856, name: "Alliant Energy (Wisconsin Power & Light)", why: "bills as Alliant Energy" },
  // Municipal utilities' brands (QA pass 15): the sources of tests/fixtures/bills/synthetic/SOURCES.md, whose
  // layouts print these names as the utility's.
  {
    eiaid: 16868,
    name: "Seattle City Light",
    why:
      "City of Seattle's utility bills as Seattle City Light (SOURCES.md `seattle`: seattle.gov/city-light)",
  },
  {
    eiaid: 18429,
    name: "Tacoma Power",
    why:
      "City of Tacoma's electric utility bills as Tacoma Power, of Tacoma Public Utilities (SOURCES.md `tacoma`)",
  },
  {
    eiaid: 16604,
    name: "CPS Energy",
    why:
      "City of San Antonio's utility bills as CPS Energy (SOURCES.md `cps`: CPS Energy's How to Read Your Bill)",
  },
  {
    eiaid: 14401,
    name: "City of Palo Alto Utilities",
    why:
      "City of Palo Alto's utility bills as City of Palo Alto Utilities (SOURCES.md `paloalto`: paloalto.gov)",
  },
  {
    eiaid: 5625,
    name: "Easton Utilities",
    why: "Easton Utilities Commission bills as Easton Utilities (SOURCES.md `easton`: eastonutilities.com)",
  },
  // Holding companies' brands (QA pass 16): EIA-861 names the operating company, the bill prints the brand, so a Las
  // Vegas home offered "Nevada Power Company" whose NV Energy bill was then marked "not the provider you chose".
  // Written "Brand (operating company)" as Xcel's above; the brand first, so the bill's brand matches it.
  {
    eiaid: 13407,
    name: "NV Energy (Nevada Power)",
    why: "Nevada Power Company bills as NV Energy (southern Nevada; SOURCES.md `nvenergy`: nvenergy.com)",
  },
  {
    eiaid: 17166,
    name: "NV Energy (Sierra Pacific Power)",
    why:
      "Sierra Pacific Power Company bills as NV Energy (northern Nevada; SOURCES.md `nvenergy`: nvenergy.com)",
  },
  {
    eiaid: 54913,
    name: "Eversource (NSTAR Electric)",
    why: "NSTAR Electric bills as Eversource (Massachusetts; SOURCES.md `eversource`: eversource.com)",
  },
  {
    eiaid: 20455,
    name: "Eversource (Western Massachusetts Electric)",
    why: "Western Massachusetts Electric bills as Eversource (merged into NSTAR Electric, 2018)",
  },
  {
    eiaid: 15472,
    name: "Eversource (Public Service Company of New Hampshire)",
    why:
      "Public Service Company of New Hampshire bills as Eversource (SOURCES.md `eversource`: eversource.com/content/nh)",
  },
  {
    eiaid: 4176,
    name: "Eversource (Connecticut Light & Power)",
    why:
      "Connecticut Light & Power bills as Eversource (SOURCES.md `eversource`: eversource.com/content/ct-c)",
  },
  {
    eiaid: 11804,
    name: "National Grid (Massachusetts Electric)",
    why: "Massachusetts Electric Company bills as National Grid",
  },
  {
    eiaid: 13206,
    name: "National Grid (Nantucket Electric)",
    why: "Nantucket Electric Company bills as National Grid",
  },
  {
    eiaid: 13573,
    name: "National Grid (Niagara Mohawk)",
    why: "Niagara Mohawk Power bills as National Grid (tests/fixtures/bills/real: ngrid_*, City of Buffalo)",
  },
  {
    eiaid: 13214,
    name: "Rhode Island Energy (Narragansett Electric)",
    why:
      "The Narragansett Electric Company bills as Rhode Island Energy since 2022 (SOURCES.md `rienergy`: rienergy.com)",
  },
];

/**
 * A utility's brand in one state, where one EIA id bills under a different brand per state (rates19): PacifiCorp is
 * Rocky Mountain Power in Utah, Wyoming and Idaho and Pacific Power in Oregon, Washington and California; Utah's list
 * offered "PacifiCorp", a name the homeowner's bill does not print. Written "Brand (EIA's company)" as RENAMES's
 * holding companies; the state's brand is shown in that state's list and matched with its bills, the utility's
 * display name elsewhere. Only where a source names the brand of each state.
 */
export interface StateBrand {
  eiaid: number;
  state: string;
  /** The name shown in that state. */
  name: string;
  /** Why, and the source. */
  why: string;
}

// The states of PacifiCorp's two brands are the bill reader's (shared/bills/embedded/utilities.ts: "UT WY ID",
// "OR WA CA"), the bills' sources below.
const ROCKY_MOUNTAIN =
  "PacifiCorp bills as Rocky Mountain Power in Utah, Wyoming and Idaho (SOURCES.md `rockymtn`: " +
  "rockymountainpower.net)";
const PACIFIC =
  "PacifiCorp bills as Pacific Power in Oregon, Washington and California (SOURCES.md `pacific`: " +
  "pacificpower.net, Pacific Power (Oregon; PacifiCorp))";
const DOMINION =
  "Virginia Electric & Power Company bills as Dominion Energy, by state (SOURCES.md `dominion`: " +
  "dominionenergy.com/virginia and dominionenergy.com/north-carolina)";

export const STATE_BRANDS: readonly StateBrand[] = [
  ...["UT", "WY", "ID"].map((state) => ({
    eiaid: 14354,
    state,
    name: "Rocky Mountain Power (PacifiCorp)",
    why: ROCKY_MOUNTAIN,
  })),
  ...["OR", "WA", "CA"].map((state) => ({
    eiaid: 14354,
    state,
    name: "Pacific Power (PacifiCorp)",
    why: PACIFIC,
  })),
  {
    eiaid: 19876,
    state: "VA",
    name: "Dominion Energy Virginia (Virginia Electric & Power)",
    why: DOMINION,
  },
  {
    eiaid: 19876,
    state: "NC",
    name: "Dominion Energy North Carolina (Virginia Electric & Power)",
    why: DOMINION,
  },
];
