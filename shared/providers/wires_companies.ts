// Texas's competitive (ERCOT) areas: the homeowner buys from a retail provider and the wires belong to one of the
// transmission and distribution utilities the Public Utility Commission of Texas lists (Texas Utilities Code
// §31.002(19) and chapter 39's unbundling): CenterPoint Energy Houston Electric, Oncor Electric Delivery, AEP Texas
// (its Central and North divisions, two EIA ids) and Texas-New Mexico Power. All four are investor-owned (CenterPoint
// Energy Inc., Oncor under Sempra, American Electric Power, TXNM Energy). The reference tables (OpenEI's zip lists)
// list none of them for any zip and give them no ownership: only EIA-861's county territories name them, so without
// this list a Houston home was offered Entergy Texas first (source: docs/widget.md, QA pass 7).
// EIA utility ids, as in the EIA-861 service-territory file (data/reference/UTILITY_PROVIDERS.md).
export const TEXAS_WIRES_COMPANIES: readonly number[] = [
  8901, // CenterPoint Energy (Houston Electric)
  44372, // Oncor Electric Delivery Company
  3278, // AEP Texas Central Company
  20404, // AEP Texas North Company
  40051, // Texas-New Mexico Power Company
];

export const isWiresCompany = (eiaId: number) => TEXAS_WIRES_COMPANIES.includes(eiaId);

/**
 * Whether a utility's name (as the provider step offers it: "Oncor Electric Delivery Company", "AEP Texas Central
 * Company", "Texas-New Mexico Power Company") is one of these wires companies. Their homes' bills come from a retail
 * provider; a Texas city's or co-op's homes (Austin Energy, CPS Energy, Pedernales) get the utility's own bill.
 */
export const isWiresCompanyName = (name: string) =>
  /\b(oncor|centerpoint|aep texas|texas[- ]new mexico power|tnmp)\b/i.test(name);

/** States where a wires company's homes buy their electricity from a retail provider they choose (Texas's ERCOT). */
const RETAIL_CHOICE_STATES = new Set(["TX"]);

/**
 * A home in a retail-choice area: its state has retail choice and the utility chosen for it is a wires company. Its
 * bill comes from its retail electricity provider (Reliant, TXU), and that bill is the home's own: the provider's
 * rate and base charge are the home's. A Texas city's or co-op's home (Austin Energy) is not one.
 */
export const isRetailChoiceHome = (state: string, chosenUtility: string) =>
  RETAIL_CHOICE_STATES.has(state.trim().toUpperCase()) && isWiresCompanyName(chosenUtility);
