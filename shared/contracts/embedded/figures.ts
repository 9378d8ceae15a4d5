import type { ContractSummary } from "../schema.ts";
import { first, money, num } from "./values.ts";

export function systemSizeKw(flat: string): number | null {
  const one = flat.replace(/\s+/g, " ");
  return num(first(one, [
    /system\W*size\s*\(kW(?: DC)?\)\D{0,8}?([\d]+\.[\d]+|[\d]+)/i,
    /system size\s*:?\s*([\d.]+)\s*kW/i,
    /capacity\s*of\s*(?:approximately\s*|about\s*)?([\d.]+)\s*(?:kilowatts|kW)/i,
    /([\d.]+)\s*kW[- ]?DC/i,
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
  const printed = money(first(flat.replace(/\s+/g, " "), [/price per watt\s*:?\s*\$?([\d.]+)/i, /(\$[\d.]+)\s*(?:\/|per )\s*W(?:att)?\b/i]));
  if (printed) return printed;
  return total && sizeKw ? Math.round((total / (sizeKw * 1000)) * 100) / 100 : null;
}

export function financing(lines: string[], flat: string): ContractSummary["financing"] {
  const head = lines.slice(0, 6).join(" ");
  const one = flat.replace(/\s+/g, " ");
  const type = /power purchase agreement|\bPPA\b/i.test(head) ? "ppa"
    : /\blease\b/i.test(head) ? "lease"
    : /\bloan\b/i.test(head) || /payment method\s*:?\s*loan|financed (?:by|through)/i.test(one) ? "loan"
    : /payment method\s*:?\s*cash|\bcash\b/i.test(one) ? "cash"
    : "unknown";
  const down = /no\s*down\s*payment/i.test(one) ? 0 : money(first(one, [/(?:down payment|deposit)[\s.:]*(\$[\d,]+(?:\.\d{2})?)/i]));
  return {
    type,
    termYears: num(first(one, [/loan term\s*:?\s*(\d{1,2}) years/i, /term\s*of\s*this\s*(?:agreement|lease)\s*is\s*(\d{1,2})\s*years/i, /term (\d{1,2}) years/i, /financed (?:by|through) [^.]{2,80}? (?:over|for) (\d{1,2}) years/i])),
    escalatorPct: num(first(one, [/(?:increase|escalate)s?\s*by\s*([\d.]+)\s*%/i, /escalator\s*:?\s*([\d.]+)\s*%/i])),
    downPayment: down,
  };
}
