import type { AddressParts } from "./types.ts";
import { STATE_NAMES } from "./states.ts";
import { isOutsideUs } from "./abroad.ts";

const ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const STATE_ABBR = new Set(Object.keys(STATE_NAMES));
const STATE_BY_NAME = new Map(Object.entries(STATE_NAMES).map(([abbr, name]) => [name.toLowerCase(), abbr]));
const UNIT = /^(apt|apartment|unit|suite|ste|#|fl|floor|bldg|building)\b/i;

/** Normalises a state written as "tx", "Tex." is not attempted; "Texas" or "TX" are. */
export function stateAbbr(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = s.trim().replace(/\.$/, "");
  if (STATE_ABBR.has(t.toUpperCase()) && t.length === 2) return t.toUpperCase();
  return STATE_BY_NAME.get(t.toLowerCase());
}

/**
 * Splits a one-line US address ("123 Main St, Apt 4, Austin, TX 78701, USA") into parts. Commas are the
 * main separator; without them the trailing "<city> <ST> <zip>" is still recognised.
 */
export function parseUsAddress(input: string): AddressParts {
  let text = input.replace(/\s+/g, " ").trim().replace(/,?\s*(USA|United States( of America)?|US)\.?$/i, "");
  const out: AddressParts = { country: "US" };
  // A ZIP ends the address ("…, TX 78701") or follows a state ("TX 78701 Apt 4"); a 5-digit number that starts
  // the street ("13619 Tortona Ln") is a house number, never a ZIP.
  const trailing = text.match(new RegExp(ZIP.source + "\\s*$"));
  const zip = trailing ??
    text.match(new RegExp(`(?<=\\b(?:${[...STATE_ABBR].join("|")})\\.?\\s+)${ZIP.source}`));
  if (zip) {
    out.zip = zip[1];
    text = (text.slice(0, zip.index) + text.slice(zip.index! + zip[0].length)).replace(/[\s,]+$/, "").trim();
  }
  let parts = text.split(",").map((s) => s.trim()).filter(Boolean);
  // State: the last part, or the last word(s) of the last part ("Austin TX", "Salt Lake City Utah").
  if (parts.length) {
    const last = parts[parts.length - 1];
    const whole = stateAbbr(last);
    if (whole) {
      out.state = whole;
      parts = parts.slice(0, -1);
    } else {
      const words = last.split(" ");
      for (const n of [2, 1]) {
        if (words.length <= n && parts.length < 2) continue;
        const st = stateAbbr(words.slice(-n).join(" "));
        if (st) {
          out.state = st;
          const rest = words.slice(0, -n).join(" ");
          parts = [...parts.slice(0, -1), ...(rest ? [rest] : [])];
          break;
        }
      }
    }
  }
  if (parts.length >= 2) {
    out.city = parts[parts.length - 1];
    parts = parts.slice(0, -1);
  } else if (parts.length === 1 && !/^\d/.test(parts[0])) {
    out.city = parts[0];
    parts = [];
  }
  if (parts.length) {
    out.line1 = parts[0];
    const rest = parts.slice(1).filter((s) => UNIT.test(s));
    if (rest.length) out.line2 = rest.join(", ");
  }
  return out;
}

export function formatAddress(a: AddressParts): string {
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [a.line1, a.line2, cityLine].filter(Boolean).join(", ");
}

const PO_BOX = /\b(p\.?\s*o\.?\s*box|post\s+office\s+box|p\.?\s*o\.?\s*b\b|box\s+\d+\s*$)|^\s*box\s+\d/i;

/** A post office box (PO Box 12, P.O. Box, Post Office Box): mail goes there, no roof does. */
export function isPoBox(text: string): boolean {
  return PO_BOX.test(text);
}

/**
 * Why an address cannot be a home's address for a solar estimate: outside the US, a PO Box, or no street with a
 * house number (a city alone). Null when it can be. Messages speak to the homeowner.
 */
export function addressProblem(address: string | AddressParts): { code: string; message: string } | null {
  const a = typeof address === "string" ? parseUsAddress(address) : address;
  const text = typeof address === "string" ? address : [a.line1, a.line2].filter(Boolean).join(", ");
  if (typeof address === "string" && isOutsideUs(address)) {
    return {
      code: "address_outside_us",
      message:
        "We can only estimate savings for homes in the United States. Please enter a US street address.",
    };
  }
  if (isPoBox(text)) {
    return {
      code: "po_box_not_accepted",
      message: "Please enter the street address of the home itself; a PO Box has no roof to put panels on.",
    };
  }
  if (!a.line1 || !/^\d+[A-Za-z]?(-\d+)?\s+\S/.test(a.line1.trim())) {
    return {
      code: "street_address_required",
      message:
        "Please enter the home's street address with its house number, e.g. 12 Oak Rd, Springfield, IL.",
    };
  }
  return null;
}
