import type { Sql } from "../db/client.ts";
import { normalizeAccount } from "./hints.ts";

export interface CustomerMatch {
  organizationId: string;
  propertyId: string;
  contactId: string | null;
  by: "account_number" | "address";
}

export interface CustomerFacts {
  accountNumber?: string | null;
  address?: { line1?: string; zip?: string } | null;
}

const ABBREVIATIONS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  road: "rd",
  drive: "dr",
  lane: "ln",
  boulevard: "blvd",
  court: "ct",
  place: "pl",
  terrace: "ter",
  circle: "cir",
  highway: "hwy",
  parkway: "pkwy",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  apartment: "apt",
  suite: "ste",
};

/** "123 Main Street, Apt 4" -> "123 main st apt 4" */
export function normalizeStreet(s: string): string {
  return s.toLowerCase().replace(/[.,#'"‘’“”]/g, " ").split(/\s+/).filter(Boolean).map((w) =>
    ABBREVIATIONS[w] ?? w
  ).join(" ");
}

/**
 * The keys of a property's `details` that name its utility account: a bill mailed to the inbox is linked to the
 * property holding its account number (across organisations when the message names none). So the public widget
 * token may not write them (shared/widget/records.ts): a stranger's property claimed another homeowner's bills.
 */
export const ACCOUNT_NUMBER_KEYS = ["accountNumber", "utilityAccountNumber", "account_number"] as const;

/** Who set a property's address (`properties.address_source`) when it may not be matched across partners. */
export const UNTRUSTED_SOURCES = ["widget", "unknown"];

/**
 * The property (and its contact) a bill belongs to: by utility account number (stored on the property's
 * details, or learned from an earlier linked message), else by service street address + ZIP. Within the
 * organisation when it is known; across all only when exactly one property matches, and by address only among
 * properties whose address the platform or a partner's staff entered (not a widget token).
 */
export async function findCustomer(
  sql: Sql,
  orgId: string | null,
  facts: CustomerFacts,
): Promise<CustomerMatch | null> {
  const acct = facts.accountNumber ? normalizeAccount(facts.accountNumber) : "";
  if (acct.length >= 5) {
    const rows = await sql`
      select p.organization_id, p.id, p.contact_id from public.properties p
      where (${orgId}::uuid is null or p.organization_id = ${orgId})
        and ${acct} in (regexp_replace(coalesce(p.details ->> 'accountNumber', ''), '\\D', '', 'g'),
                        regexp_replace(coalesce(p.details ->> 'utilityAccountNumber', ''), '\\D', '', 'g'),
                        regexp_replace(coalesce(p.details ->> 'account_number', ''), '\\D', '', 'g'))
      union
      select m.organization_id, m.property_id, m.contact_id from public.email_messages m
      where m.account_number = ${acct} and m.property_id is not null and (${orgId}::uuid is null or m.organization_id = ${orgId})
      limit 2`;
    if (rows.length === 1) {
      return {
        organizationId: rows[0].organization_id as string,
        propertyId: rows[0].id as string,
        contactId: (rows[0].contact_id as string) ?? null,
        by: "account_number",
      };
    }
  }
  const zip = facts.address?.zip?.slice(0, 5);
  const street = facts.address?.line1 ? normalizeStreet(facts.address.line1) : "";
  if (zip && street) {
    // Across partners only an address the platform or a partner's staff entered: a stranger's widget token put a
    // property at a victim's address and took the victim's unrouted bills (migration 20261202090701).
    const rows = await sql`select organization_id, id, contact_id, line1 from public.properties
      where left(zip, 5) = ${zip}
        and (organization_id = ${orgId} or (${orgId}::uuid is null and address_source <> all(${UNTRUSTED_SOURCES}::text[])))`;
    const hits = rows.filter((r) => normalizeStreet(r.line1 as string) === street);
    if (hits.length === 1) {
      return {
        organizationId: hits[0].organization_id as string,
        propertyId: hits[0].id as string,
        contactId: (hits[0].contact_id as string) ?? null,
        by: "address",
      };
    }
  }
  return null;
}
