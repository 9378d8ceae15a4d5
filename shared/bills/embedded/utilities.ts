// US electric utilities recognised by name or short brand on a bill, mapped to their usual full name.
const UTILITIES: [RegExp, string, string][] = [
  [/\bFlorida Power (?:&|and) Light\b|\bFPL\b/i, "Florida Power & Light", "FL"],
  [/\bBaltimore Gas (?:&|and) Electric\b|\bBGE\b/i, "Baltimore Gas and Electric", "MD"],
  [/\bNational Grid\b/i, "National Grid", "NY"],
  [/\bPacific Gas (?:&|and) Electric\b|\bPG&E\b/i, "Pacific Gas and Electric", "CA"],
  [/\bSouthern California Edison\b|\bSCE\b/, "Southern California Edison", "CA"],
  [/\bCon(?:solidated)? ?Ed(?:ison)?\b/i, "Consolidated Edison", "NY"],
  [/\bDuke Energy\b/i, "Duke Energy", "NC"],
  [/\bCom ?Ed\b|\bCommonwealth Edison\b/i, "ComEd", "IL"],
  [/\bGeorgia Power\b/i, "Georgia Power", "GA"],
  [/\bArizona Public Service\b|\bAPS\b/, "Arizona Public Service", "AZ"],
  [/\bXcel Energy\b/i, "Xcel Energy", "CO"],
  [/\bDominion Energy\b/i, "Dominion Energy", "VA"],
  [/\bPSE&G\b|\bPublic Service Electric (?:&|and) Gas\b/i, "PSE&G", "NJ"],
  [/\bEversource\b/i, "Eversource", "MA"],
  [/\bPECO\b/, "PECO", "PA"],
  [/\bEntergy\b/i, "Entergy", "LA"],
  [/\bOncor\b/i, "Oncor", "TX"],
  [/\bTampa Electric\b|\bTECO\b/i, "Tampa Electric", "FL"],
];

/** The utility named on the bill (the earliest, most specific match), with its home state. */
export function findUtility(text: string): { name: string; state: string } | undefined {
  let best: { name: string; state: string; index: number } | undefined;
  for (const [re, name, state] of UTILITIES) {
    const m = text.match(re);
    if (m?.index !== undefined && (!best || m.index < best.index)) best = { name, state, index: m.index };
  }
  return best && { name: best.name, state: best.state };
}

export function isUtilityName(s: string): boolean {
  return UTILITIES.some(([re]) => re.test(s)) && s.split(/\s+/).length <= 6;
}
