// A labelled service address whose words OCR glued together ("Service Address: 1008 ELMSTFORTWORTHTX 76107"):
// no street, city or state can be parsed from it, but when its letters and digits (spaces and punctuation
// ignored) are exactly those of an address block the bill prints (street, unit, city, state, ZIP: the mailing
// block, the stub's), the service address is that block's address, printed twice (issue #11).
import type { Address } from "../schema.ts";
import type { AddressBlock } from "./addresses.ts";
import { cells } from "./values.ts";

const LABEL = /\bservice (?:address|location)\b\s*:?\s*/i;
const keyOf = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, "");

/** The block address a glued labelled service address spells, or undefined. */
export function gluedServiceAddress(lines: string[], blocks: AddressBlock[]): Address | undefined {
  for (const l of lines) {
    for (const c of cells(l)) {
      const m = c.match(LABEL);
      if (!m || m.index === undefined) continue;
      const key = keyOf(c.slice(m.index + m[0].length));
      if (!/^\d/.test(key) || !/\d{5}$/.test(key)) continue;
      const same = blocks.filter((b) => {
        const a = b.address;
        return keyOf(`${a.line1}${a.line2}${a.city}${a.state}${a.zip}`) === key;
      });
      // the block whose street OCR split into the most words
      const best = same.sort((a, b) =>
        b.address.line1.split(/\s+/).length - a.address.line1.split(/\s+/).length
      )[0];
      if (best) return { ...best.address };
    }
  }
  return undefined;
}
