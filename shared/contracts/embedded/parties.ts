import type { ContractAddress } from "../schema.ts";
import { first } from "./values.ts";

const NAME = `([A-Z][A-Za-z'.&,-]*(?: [A-Z&][A-Za-z'.&,-]*){0,6})`;

export function installer(flat: string): string {
  const one = flat.replace(/\s+/g, " ");
  return first(one, [
    new RegExp(`between ${NAME} \\("(?:Contractor|Seller|Installer)"\\)`),
    new RegExp(`by ${NAME} \\("Provider"\\)`),
  ]) ?? first(flat, [
    new RegExp(
      `(?:^|\\n)(?:Installer|Contractor|Seller|Company)\\s*:?\\s{1,}${NAME}(?:\\s*(?:\\n|$)|\\s{2,}|,)`,
      "m",
    ),
  ]) ?? "";
}

export function customer(flat: string): string {
  return first(flat.replace(/\s+/g, " "), [
    new RegExp(`and ${NAME} \\("(?:Customer|you|Buyer|Homeowner)"\\)`),
  ]) ?? first(flat, [
    new RegExp(
      `(?:^|\\n)(?:Borrower|Customer|Buyer|Homeowner|Owner|Purchaser)(?:\\(s\\))?\\s*:?\\s{1,}${NAME}(?:\\s*(?:\\n|$)|\\s{2,})`,
      "m",
    ),
  ]) ?? "";
}

export function financier(flat: string): string {
  return first(flat, [
    new RegExp(`(?:^|\\n)Lender\\s*:?\\s{1,}${NAME}\\s*(?:\\n|$)`, "m"),
    new RegExp(`(?:financed|provided) (?:by|through) ${NAME}(?:, term| over| for)`),
  ]) ?? "";
}

export function contactDetails(flat: string): { email: string; phone: string } {
  return {
    // from the start of a run of address characters only (the same first match): tried from every character,
    // 40 KB of "1.1.1…" took 12 s (each start scanned the rest of the run for an "@"; docs/security.md "Pass 5")
    email: flat.match(/(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/)?.[0] ?? "",
    phone: flat.match(/\(\d{3}\) ?\d{3}-\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b/)?.[0] ?? "",
  };
}

// Labels and phrases that introduce the address; their words may be glued or split by OCR dust
// ("for the.-home. located at").
const ADDRESS_LABELS = [
  "Property Address",
  "Installation Address",
  "Service Address",
  "Job site",
  "Project site",
  "Project address",
  "Site address",
  "home located at",
  "premises at",
]
  .map((l) => l.split(" ").join("[\\s.,'-]*")).join("|");
const ADDRESS = new RegExp(
  `(?:${ADDRESS_LABELS})\\s*:?\\s*["']?(\\d+[^,]{2,60}),[\\s.-]*([A-Za-z .'-]{2,40}),[\\s.-]*([A-Z]{2}) (\\d{5})`,
  "i",
);

export function propertyAddress(flat: string): ContractAddress {
  const one = flat.replace(/\s+/g, " ");
  const m = one.match(ADDRESS);
  if (!m) return { line1: "", city: "", state: "", zip: "" };
  return { line1: m[1].trim(), city: m[2].trim().replace(/[\s.-]+$/, ""), state: m[3], zip: m[4] };
}
