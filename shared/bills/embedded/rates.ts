import { NOT_A_RATE } from "./lexicon.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import { cells } from "./values.ts";

const RATE_NUMBER = /\$?\s*(\d?\.\d{3,7})\b/;

// Supply words by preference: what a homeowner pays for the energy itself, not delivery.
const SUPPLY_WORDS = [
  /\bsupply\b|\bsupplier\b/i,
  /\bgeneration\b/i,
  /(?<!non-)\bfuel\b/i,
  /\bfixed price\b|\benergy charge\b|\benergy\b/i,
];

/** The supply/generation price per kWh as printed ("0.05974"), or "". */
export function findSupplyRate(lines: string[], on: RuleSwitch = allRules): string {
  const unit = on("kh-unit") ? "(?:kwh|kh)" : "kwh";
  for (const word of SUPPLY_WORDS) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (
        !word.test(line) || /\bdelivery\b|\bdistribution\b|\btransmission\b/i.test(line.replace(word, "")) ||
        NOT_A_RATE.test(line)
      ) continue;
      // "9467 kWh x 0.056435", "@ $0.0712/kWh", "at $0.021230", "0.0712 per kWh", "Rate: $0.0712"
      const after = line.slice(line.search(word));
      const m = after.match(
        new RegExp(
          `(?:\\b${unit}\\s*[x×@]|\\bat\\b|@|rate:?|price:?)\\s*\\$?\\s*(\\d?\\.\\d{3,7})\\b`,
          "i",
        ),
      ) ??
        after.match(/\$?\s*(\d?\.\d{3,7})\s*(?:\/|per)\s*kwh/i);
      if (m) return m[1].startsWith(".") ? `0${m[1]}` : m[1];
    }
  }
  return "";
}

const RATE_LABELS =
  /^(?:rate(?: schedule| plan| class| code)?|service class(?:ification)?|tariff|schedule|your rate(?: plan)?|rate type)\s*[:#-]?\s*/i;

/** The rate plan or class: a labelled rate ("Rate: RS-1 RESIDENTIAL SERVICE") or a "... Schedule X" phrase. */
export function findRatePlan(lines: string[]): string {
  for (const line of lines) {
    for (const c of cells(line)) {
      const m = c.match(RATE_LABELS);
      if (m && m[0].includes(":")) {
        const v = c.slice(m[0].length).trim();
        if (v && !RATE_NUMBER.test(v) && !/^\$/.test(v)) return v;
      }
    }
  }
  for (const line of lines) {
    for (const c of cells(line)) if (/\bSchedule\s+[A-Z0-9-]+$/.test(c) && c.length < 60) return c;
  }
  return "";
}

/** The usage tier, only where the bill marks one ("Tier 2", "Usage tier: Tier 3", "Tier: 2"). */
export function findTier(lines: string[]): string {
  for (const line of lines) {
    const m = line.match(
      /\b(?:usage |pricing |current |your )?tier\s*[:#]?\s*(tier\s*)?(\d|[IV]{1,3}|one|two|three)\b/i,
    );
    if (m && !/\bfirst\b|\bover\b/i.test(line)) return `Tier ${m[2].toUpperCase()}`;
  }
  return "";
}
