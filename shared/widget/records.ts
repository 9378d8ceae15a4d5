import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { jsonb, type Tx } from "../db/client.ts";
import { assertOwned } from "../auth/ownership.ts";
import {
  type ContactInputT,
  detailsWithin,
  MAX_PROPERTY_DETAILS_BYTES,
  type PropertyInputT,
  type PropertyPatchT,
} from "./schemas.ts";
import { badRequest, DomainError } from "../errors.ts";
import { ACCOUNT_NUMBER_KEYS } from "../email-agent/link.ts";
import { zipStateProblem } from "../geo/zip_places.ts";
import type { Sql } from "../db/client.ts";

// A home's ZIP must be of its state: a ZIP of no area ("00000") or another state's would price the home with the
// wrong state's rates and credits. 400 zip_state_mismatch, before anything is written.
async function assertZipOfState(sql: Sql, a: { zip: string; state: string }) {
  const problem = await zipStateProblem(sql, a.zip, a.state);
  if (problem) throw badRequest("zip_state_mismatch", `${problem}: check the ZIP and the state`);
}

export function contactView(r: Record<string, unknown>) {
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    phone: r.phone,
    created_at: r.created_at,
  };
}

export function propertyView(r: Record<string, unknown>) {
  return {
    property_uuid: r.id,
    contact_id: r.contact_id,
    address: { line1: r.line1, line2: r.line2, city: r.city, state: r.state, zip: r.zip, country: r.country },
    latitude: r.latitude,
    longitude: r.longitude,
    roof_type: r.roof_type,
    utility_provider: r.utility_provider,
    details: r.details,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export async function insertContact(tx: Tx, orgId: string, c: ContactInputT) {
  const [row] = await tx`insert into public.contacts (organization_id, first_name, last_name, email, phone)
    values (${orgId}, ${c.first_name}, ${c.last_name}, ${c.email}, ${c.phone ?? null}) returning *`;
  return row;
}

export async function createContact(p: Platform, auth: AuthContext, c: ContactInputT) {
  return contactView(await withAuth(p.sql, auth, (tx) => insertContact(tx, auth.orgId!, c)));
}

/** 403 when a widget token names a utility account in `details` (the inbox links bills to it). */
function assertWidgetDetails(auth: AuthContext, details: Record<string, unknown> | undefined): void {
  if (auth.role !== "widget" || !details) return;
  const named = ACCOUNT_NUMBER_KEYS.filter((k) => Object.hasOwn(details, k));
  if (named.length) {
    throw new DomainError(
      "forbidden",
      "forbidden",
      `body.details.${
        named[0]
      }: a property's utility account is set by the partner's staff, not with a widget token`,
    );
  }
}

export async function createProperty(p: Platform, auth: AuthContext, input: PropertyInputT) {
  assertWidgetDetails(auth, input.details);
  if (input.contact_id) await assertOwned(p, auth, "contacts", input.contact_id);
  const a = input.address;
  await assertZipOfState(p.sql, a);
  const row = await withAuth(
    p.sql,
    auth,
    async (tx) =>
      (await tx`insert into public.properties (organization_id, contact_id, line1, line2, city, state, zip, country, latitude, longitude,
        roof_type, utility_provider, details)
      values (${auth.orgId}, ${input.contact_id ?? null}, ${a.line1}, ${
        a.line2 ?? null
      }, ${a.city}, ${a.state}, ${a.zip}, ${a.country},
        ${input.latitude ?? null}, ${input.longitude ?? null}, ${input.roof_type ?? null}, ${
        input.utility_provider ?? null
      },
        ${jsonb(tx, input.details ?? {})})
      returning *`)[0],
  );
  return propertyView(row);
}

export async function updateProperty(p: Platform, auth: AuthContext, id: string, patch: PropertyPatchT) {
  assertWidgetDetails(auth, patch.details);
  await assertOwned(p, auth, "properties", id);
  if (patch.contact_id) await assertOwned(p, auth, "contacts", patch.contact_id);
  const set: Record<string, unknown> = {};
  if (patch.address) {
    const a = patch.address;
    await assertZipOfState(p.sql, a);
    Object.assign(set, {
      line1: a.line1,
      line2: a.line2 ?? null,
      city: a.city,
      state: a.state,
      zip: a.zip,
      country: a.country,
    });
  }
  for (const k of ["contact_id", "latitude", "longitude", "roof_type", "utility_provider"] as const) {
    if (patch[k] !== undefined) set[k] = patch[k];
  }
  const row = await withAuth(p.sql, auth, async (tx) => {
    if (patch.details) {
      // The merged details stay within the bound one request's details have (repeated PUTs of new keys add up).
      const [cur] = await tx`select details from public.properties where id = ${id} for update`;
      const merged = { ...(cur?.details as Record<string, unknown> | null ?? {}), ...patch.details };
      if (!detailsWithin(merged)) {
        throw badRequest(
          "details_too_large",
          `body.details: the property's details would exceed ${MAX_PROPERTY_DETAILS_BYTES} bytes of JSON`,
        );
      }
      await tx`update public.properties set details = ${jsonb(tx, merged)} where id = ${id}`;
    }
    const cols = Object.keys(set);
    const [r] = cols.length
      ? await tx`update public.properties set ${
        tx(set, cols)
      }, updated_at = now() where id = ${id} returning *`
      : await tx`update public.properties set updated_at = now() where id = ${id} returning *`;
    return r;
  });
  return propertyView(row);
}
