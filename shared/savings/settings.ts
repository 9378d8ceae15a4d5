// Per-partner savings settings (public.savings_settings): the ownership of the offer the report shows and the
// partner's own statement of a tax credit, read by the pipeline and edited by partner admins.
import { z } from "@hono/zod-openapi";
import type { Sql } from "../db/client.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { forbidden } from "../errors.ts";
import type { CreditOverride, Ownership } from "./credit.ts";

export const savingsSettingsBody = z.object({
  offerOwnership: z.enum(["owned", "third_party"]).describe(
    "owned: cash or loan purchase (the homeowner claims any credit); third_party: lease or PPA",
  ),
  creditOverride: z.object({
    pct: z.number().min(0).max(100),
    name: z.string().trim().min(1).max(200).describe(
      'What the credit is, e.g. "Lease price includes the owner\'s IRC §48E credit"',
    ),
    condition: z.string().trim().min(1).max(500).describe("When it applies, in words the homeowner reads"),
    source: z.string().trim().min(1).max(500).describe("The statute, guidance or contract term it rests on"),
  }).nullable().default(null),
});
export type SavingsSettingsBody = z.infer<typeof savingsSettingsBody>;

export interface SavingsSettings {
  offerOwnership: Ownership;
  creditOverride: CreditOverride | null;
}

export const DEFAULT_SETTINGS: SavingsSettings = { offerOwnership: "owned", creditOverride: null };

type Row = {
  offer_ownership: Ownership;
  credit_pct: string | null;
  credit_name: string | null;
  credit_condition: string | null;
  credit_source: string | null;
};
const fromRow = (r: Row | undefined): SavingsSettings =>
  !r ? DEFAULT_SETTINGS : {
    offerOwnership: r.offer_ownership,
    creditOverride: r.credit_pct === null ? null : {
      pct: Number(r.credit_pct),
      name: r.credit_name!,
      condition: r.credit_condition!,
      source: r.credit_source!,
    },
  };

/** The organisation's settings (privileged read, for the pipeline and the delivery worker). */
export async function loadSavingsSettings(sql: Sql, orgId: string): Promise<SavingsSettings> {
  const [r] =
    await sql`select offer_ownership, credit_pct, credit_name, credit_condition, credit_source from public.savings_settings where organization_id = ${orgId}`;
  return fromRow(r as Row | undefined);
}

/** The caller's organisation's settings, read under RLS. */
export async function readSavingsSettings(sql: Sql, auth: AuthContext): Promise<SavingsSettings> {
  if (!auth.orgId) throw forbidden("forbidden", "The token has no organization");
  const [r] = await withAuth(
    sql,
    auth,
    (tx) =>
      tx`select offer_ownership, credit_pct, credit_name, credit_condition, credit_source from public.savings_settings where organization_id = ${auth.orgId}`,
  );
  return fromRow(r as Row | undefined);
}

/** Replaces the caller's organisation's settings (partner_admin; RLS enforces the same). */
export async function writeSavingsSettings(
  sql: Sql,
  auth: AuthContext,
  body: SavingsSettingsBody,
): Promise<SavingsSettings> {
  if (!auth.orgId) throw forbidden("forbidden", "The token has no organization");
  const c = body.creditOverride;
  await withAuth(sql, auth, (tx) =>
    tx`
    insert into public.savings_settings (organization_id, offer_ownership, credit_pct, credit_name, credit_condition, credit_source, updated_by, updated_at)
    values (${auth.orgId}, ${body.offerOwnership}, ${c?.pct ?? null}, ${c?.name ?? null}, ${
      c?.condition ?? null
    }, ${c?.source ?? null}, ${auth.userId}, now())
    on conflict (organization_id) do update set offer_ownership = excluded.offer_ownership, credit_pct = excluded.credit_pct,
      credit_name = excluded.credit_name, credit_condition = excluded.credit_condition, credit_source = excluded.credit_source,
      updated_by = excluded.updated_by, updated_at = now()`);
  return { offerOwnership: body.offerOwnership, creditOverride: c };
}
