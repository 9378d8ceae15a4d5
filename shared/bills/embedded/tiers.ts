// Tiered energy charges ("Tier 1 Energy 700 kWh x $0.1502", "Tier 2 Energy 412 kWh x $0.2210"): a bill that prices
// two or more tiers of kWh marks no one tier as the customer's, so a "Tier 1" read off the first such line is a
// guess — left empty. (A bill that marks its tier, "Pricing tier: Tier 2", prices no tier lines and is unchanged.)

const TIER = /\btier\s*[:#]?\s*(\d|[IV]{1,3}|one|two|three)\b/i;
const PRICED_KWH = /\bkwh\b.*(?:[x×@]|\bat\b)\s*\$?\s*\d?\.\d{2,7}/i;

/** The tiers printed with a kWh quantity and a price each, in the order printed (upper case: "1", "2", "II"). */
export function pricedTiers(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const m = line.match(TIER);
    if (!m || !PRICED_KWH.test(line.slice(m.index))) continue;
    const t = m[1].toUpperCase();
    if (!out.includes(t)) out.push(t);
  }
  return out;
}

/** Is the tier read from the bill ambiguous: two or more tiers priced? */
export const tierAmbiguous = (lines: string[]) => pricedTiers(lines).length >= 2;
