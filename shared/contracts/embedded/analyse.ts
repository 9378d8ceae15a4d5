import type { ContractSummary } from "../schema.ts";
import { cancellationDays, clauses } from "./clauses.ts";
import { cleanLine } from "./clean.ts";
import { equipment } from "./equipment.ts";
import { financing, pricePerWatt, systemSizeKw, totalPrice } from "./figures.ts";
import { contactDetails, customer, financier, installer, propertyAddress } from "./parties.ts";
import { bestReading, printedName, signature } from "./signatures.ts";

/** The embedded contract reader: labelled fields, prose patterns and clause headings in the text. */
export function analyseContractText(text: string): ContractSummary {
  const lines = text.split("\n").map(cleanLine).filter(Boolean);
  const flat = lines.join("\n");
  const size = systemSizeKw(flat);
  const total = totalPrice(flat);
  const found = clauses(flat);
  const fin = financing(lines, flat);
  // Each party's name is printed in the parties clause, on its signature line and as the printed name
  // under it: a scan's OCR may garble any one of them, so the readings are reconciled.
  const signed = { customer: signature(lines, "customer"), installer: signature(lines, "installer") };
  const printed = { customer: printedName(lines, "customer"), installer: printedName(lines, "installer") };
  const cust = bestReading([customer(flat), printed.customer, signed.customer.name], flat);
  const inst = bestReading([installer(flat), printed.installer, signed.installer.name], flat);
  for (const [role, party] of [["customer", cust], ["installer", inst]] as const) {
    const s = signed[role];
    if (s.signed) s.name = bestReading([s.name, party, printed[role]], flat);
  }
  return {
    isSolarContract: /solar|photovoltaic/i.test(flat) && /agreement|contract|lease/i.test(flat) &&
      (size !== null || /modules|panels/i.test(flat)),
    parties: { installer: inst, customer: cust, financier: fin.type === "loan" ? financier(flat) : "" },
    customer: { name: cust, ...contactDetails(flat) },
    propertyAddress: propertyAddress(flat),
    systemSizeKw: size,
    equipment: equipment(lines, flat),
    totalPrice: total,
    pricePerWatt: pricePerWatt(flat, total, size),
    financing: fin,
    cancellationPeriodDays: found.includes("cancellation") ? cancellationDays(flat) : null,
    clauses: found,
    signatures: signed,
  };
}
