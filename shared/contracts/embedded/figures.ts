import type { ContractSummary } from "../schema.ts";
import { first, money, num } from "./values.ts";

export function systemSizeKw(flat: string): number | null {
  const one = flat.replace(/\s+/g, " ");
  return num(first(one, [
    // OCR may glue, split or dust these words: "System Size (kw'DC)", "11.07-kw DC", "capacity-of", "5.74.kw-DC"
    /system\W*size\W*\(\s*kW[^)\d]{0,4}\)\D{0,8}?(\d+\.\d+|\d+)/i,
    /system\W*size\s*:?\s*(\d+(?:\.\d+)?)[\s-]*kW/i,
    /capacity\W*of\W*(?:approximately\W*|about\W*)?(\d+(?:\.\d+)?)\W{0,2}(?:kilowatts|kW)/i,
    /(\d+(?:\.\d+)?)\W{0,2}kW\W?DC/i,
  ]));
}

export function totalPrice(flat: string): number | null {
  const one = flat.replace(/\s+/g, " ");
  return money(first(one, [
    /total (?:contract|system) price\s*:?\s*(\$[\d,]+(?:\.\d{2})?)/i,
    /total\s*contract\s*value\s*of\s*the\s*system\s*is\s*(\$[\d,]+(?:\.\d{2})?)/i,
    /(?:contract|purchase|system|cash) price\s*:?\s*(\$[\d,]+(?:\.\d{2})?)/i,
    /(?:contract sum|contract amount|total price|amount of (?:this )?contract)[\s.:]*(\$[\d,]+(?:\.\d{2})?)/i,
  ]));
}

export function pricePerWatt(flat: string, total: number | null, sizeKw: number | null): number | null {
  const printed = money(
    first(flat.replace(/\s+/g, " "), [
      /price per watt\s*:?\s*\$?([\d.]+)/i,
      /(\$[\d.]+)\s*(?:\/|per )\s*W(?:att)?\b/i,
    ]),
  );
  if (printed) return printed;
  return total && sizeKw ? Math.round((total / (sizeKw * 1000)) * 100) / 100 : null;
}

export function financing(lines: string[], flat: string): ContractSummary["financing"] {
  const head = lines.slice(0, 6).join(" ");
  const one = flat.replace(/\s+/g, " ");
  const type = /power purchase agreement|\bPPA\b/i.test(head)
    ? "ppa"
    : /\blease\b/i.test(head)
    ? "lease"
    : /\bloan\b/i.test(head) || /payment method\s*:?\s*loan|financed (?:by|through)/i.test(one)
    ? "loan"
    : /payment method\s*:?\s*cash|\bcash\b/i.test(one)
    ? "cash"
    : "unknown";
  const down = /no\s*down\s*payment/i.test(one)
    ? 0
    : money(first(one, [/(?:down payment|deposit)[\s.:]*(\$[\d,]+(?:\.\d{2})?)/i]));
  return {
    type,
    termYears: num(
      first(one, [
        /loan term\s*:?\s*(\d{1,2}) years/i,
        /term\s*of\s*this\s*(?:agreement|lease)\s*is\s*(\d{1,2})\s*years/i,
        /term (\d{1,2}) years/i,
        /financed (?:by|through) [^.]{2,80}? (?:over|for) (\d{1,2}) years/i,
      ]),
    ),
    escalatorPct: num(
      first(one, [/(?:increase|escalate)s?\s*by\s*([\d.]+)\s*%/i, /escalator\s*:?\s*([\d.]+)\s*%/i]),
    ),
    downPayment: down,
  };
}
