import { isoDate } from "./values.ts";

export interface Signed {
  signed: boolean;
  name: string;
  date: string;
}

const ROLE = {
  customer: /^(?:CUSTOMER|BUYER|HOMEOWNER|BORROWER|OWNER)\b/i,
  installer: /^(?:CONTRACTOR|SELLER|INSTALLER|PROVIDER|COMPANY)\b/i,
};

/**
 * A signature line counts as signed when it carries a conformed signature ("/s/ Name"), a signing mark
 * ("Buyer: X Name") or an e-signature record ("Signed electronically by Name on date"); a blank line
 * (underscores) does not.
 */
export function signature(lines: string[], role: keyof typeof ROLE): Signed {
  for (const l of lines) {
    if (!ROLE[role].test(l.trim())) continue;
    const slash = l.match(/(?:\/s\/|:\s*X)\s+(.+?)(?:\s{2,}|\s+Date\b|$)/i);
    const elec = l.match(/signed electronically by (.+?) on (.+)$/i);
    if (elec) return { signed: true, name: elec[1].trim(), date: isoDate(elec[2]) };
    if (slash) return { signed: true, name: slash[1].trim(), date: isoDate(l.split(/date/i)[1] ?? "") };
    // A blank signature line; any other line naming the party (e.g. "Buyer(s): name, phone") is not one.
    if (/_{4,}/.test(l)) return { signed: false, name: "", date: "" };
  }
  return { signed: false, name: "", date: "" };
}
