// Energy priced in blocks, tiers or seasons ("First Block 320 kWh @ $0.0523" / "Second Block 410 kWh @ $0.0611";
// "Energy Charge First 1,000 kWh @ $0.0871" / "Energy Charge Additional 242 kWh @ $0.0512"; the same "BGS Energy
// Charge" printed twice with a summer and a non-summer price): the bill prints more than one price for its
// energy, so no one of them is "the" rate (the corpus's convention since round 13) — a price read off one of
// those lines is left empty. Lines whose labels differ once the block words and numbers are taken out
// (generation against distribution, energy against an adjustment) are different charges and do not count, nor does
// a block printed with its price but no charge (a block the period's usage did not reach).
import { cells } from "./values.ts";

// "320 kWh @ $0.0523", also without its quantity ("Second Block kWh @ $0.0611")
// … in dollars ("@ $0.0743") or in cents ("@ 22.57¢", "at 7.5 cents")
const PRICED_KWH =
  /(?:(\d[\d,]*)\s*)?kwh\b\s*(?:[x×@]|\bat\b)\s*(?:\$?\s*(\d?\.\d{2,7})(?!\d|\s*(?:¢|cents?\b))|(\d{1,2}(?:\.\d{1,5})?)\s*(?:¢|cents?\b))/i;
/** A priced kWh match's price in dollars. */
const priceOf = (m: RegExpMatchArray) =>
  m[2] !== undefined
    ? Number(m[2].startsWith(".") ? `0${m[2]}` : m[2])
    : Number((Number(m[3]) / 100).toFixed(7));
// the words that name a block or a season rather than the charge
const BLOCK_WORDS =
  /\b(?:first|second|third|next|additional|excess|over|remaining|all|block|tier|step|level|summer|winter|non-summer|(?:on|off)[- ]season|[0-9]+(?:st|nd|rd|th)|one|two|three|i{1,3}|iv)\b/gi;

// the words before a block's bound: "First 1000 kWh", "Over 1000 kWh", "in excess of 600 kWh"
const THRESHOLD = /\b(?:first|over|above|next|up to|excess of|beyond|under|below|exceeding)\s*\(?\s*$/i;
// the charge printed after a price: "$20.55", "41.77", "-$3.10"
const BILLED = /^\(?-?\$?\d[\d,]*\.\d{2}\)?(?:CR)?$/;

/** A priced-kWh cell's charge name: its words before the kWh, without block or season words and numbers. */
function chargeName(cell: string, at: number): string {
  return cell.slice(0, at)
    .replace(/\([^)]*\)/g, " ")
    .replace(BLOCK_WORDS, " ")
    .replace(/\bkwh\b/gi, " ")
    .replace(/[\d$,.\-–:+/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** Each charge priced per kWh, by name, with the prices printed for it. */
function pricedCharges(lines: string[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  let previous = "";
  for (const line of lines) {
    const cs = cells(line);
    for (const [n, c] of cs.entries()) {
      const m = c.match(PRICED_KWH);
      if (!m || m.index === undefined) continue;
      // a block billed this period prints its charge after the price (in its cell or the next); a block printed
      // as a price only (FPL's "(Over 1000 kWh at $0.031230)" under 1,000 kWh) was not reached and does not count
      const after = `${c.slice(m.index + m[0].length)} ${cs[n + 1] ?? ""}`.trim().split(/\s+/)[0] ?? "";
      // … or a quantity of kWh billed at the price ("300 kWh @"), not the block's bound ("First 1000 kWh at", "Over 1000
      // kWh at"): on a scan OCR may garble the charge, not the quantity
      const quantity = m[1] !== undefined && !THRESHOLD.test(c.slice(0, m.index));
      if (!BILLED.test(after) && !quantity) continue;
      let name = chargeName(c, m.index);
      const block = new RegExp(BLOCK_WORDS.source, "i").test(c.slice(0, m.index));
      if (!name) {
        // a block named by its words alone ("Over 600 kWh: 177 kWh @ …", "Second Block kWh @ …") continues the
        // block-priced charge before it; a bare price without block words is no charge's
        if (!block) continue;
        name = previous || "(blocks)";
      }
      if (block) previous = name;
      const price = priceOf(m);
      if (!(price > 0)) continue;
      out.set(name, (out.get(name) ?? new Set()).add(price));
    }
  }
  return out;
}

/** Is `price` one of two or more prices the bill prints for one energy charge (blocks, tiers, seasons)? */
export function blockPriceOnly(lines: string[], price: string): boolean {
  if (!price) return false;
  for (const prices of pricedCharges(lines).values()) {
    if (prices.size >= 2 && prices.has(Number(price))) return true;
  }
  return false;
}

// a charge that prices no energy of its own: an adjustment, a delivery or a credit billed on the same kWh
const NOT_ENERGY =
  /\b(?:adjust\w*|rider|delivery|distribution|transmission|credit|fuel|tax|surcharge|tracker)\b/i;

/**
 * Is `price` one of the prices of the bill's kWh billed in parts ("Main Energy 1,149 kWh @ $0.1146" / "Off-Peak
 * Energy 859 kWh @ $0.0644", two meters on two rates)? Two or more energy lines at different prices whose kWh add
 * up to the bill's kWh (`total`, its meters'), each less than it: the bill has no single energy price.
 */
export function partPriceOnly(lines: string[], price: string, total: number): boolean {
  if (!price) return false;
  // the bill's kWh: its meters', else a quantity printed on a line of its own ("Power Cost Adjustment 2,008 kWh",
  // a scan whose meter table OCR lost)
  const printed = lines.flatMap((l) => cells(l)).filter((c) => !PRICED_KWH.test(c))
    .flatMap((c) =>
      [...c.matchAll(/\b(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\b/gi)].map((m) => Number(m[1].replace(/,/g, "")))
    );
  const totals = total > 0 ? [total] : [...new Set(printed)];
  return totals.some((t) => billedInParts(lines, price, t));
}

function billedInParts(lines: string[], price: string, total: number): boolean {
  if (!(total > 0)) return false;
  const parts: { kwh: number; price: number }[] = [];
  for (const line of lines) {
    for (const c of cells(line)) {
      const m = c.match(PRICED_KWH);
      if (!m || m.index === undefined || m[1] === undefined || NOT_ENERGY.test(c)) continue;
      if (THRESHOLD.test(c.slice(0, m.index))) continue;
      const kwh = Number(m[1].replace(/,/g, "")), p = priceOf(m);
      if (kwh > 0 && kwh < total && p > 0) parts.push({ kwh, price: p });
    }
  }
  if (parts.length < 2 || parts.length > 12) return false;
  // a set of two or more parts, at two or more prices, one of them `price`, adding up to the total
  for (let mask = 1; mask < 1 << parts.length; mask++) {
    const set = parts.filter((_, i) => mask & (1 << i));
    if (set.length < 2 || set.reduce((s, x) => s + x.kwh, 0) !== total) continue;
    const prices = new Set(set.map((x) => x.price));
    if (prices.size >= 2 && prices.has(Number(price))) return true;
  }
  return false;
}
