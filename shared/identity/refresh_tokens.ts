import { createHash, randomBytes } from "node:crypto";
import type { Db, Sql } from "../db/client.ts";

export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new opaque refresh token: 256 random bits, prefixed by kind so a leaked value is recognisable. */
export function newRefreshToken(kind: "session" | "widget"): string {
  return `${kind === "widget" ? "wgt" : "rt"}_${randomBytes(32).toString("base64url")}`;
}

export async function storeRefreshToken(
  sql: Db,
  t: {
    userId: string;
    kind: "session" | "widget";
    familyId?: string;
    ttlSeconds?: number | null;
    label?: string;
  },
): Promise<{ id: string; token: string }> {
  const token = newRefreshToken(t.kind);
  const [row] =
    await sql`insert into identity.refresh_tokens (user_id, token_hash, kind, family_id, label, expires_at)
    values (${t.userId}, ${hashToken(token)}, ${t.kind}, ${t.familyId ?? crypto.randomUUID()}, ${
      t.label ?? null
    },
            ${t.ttlSeconds ? sql`now() + make_interval(secs => ${t.ttlSeconds})` : null})
    returning id`;
  return { id: row.id as string, token };
}

/** Issues a partner's widget token: long-lived, not rotating, revocable (scripts/partner.ts uses this). */
export async function issueWidgetToken(sql: Sql, userId: string, label = "widget"): Promise<string> {
  return (await storeRefreshToken(sql, { userId, kind: "widget", ttlSeconds: null, label })).token;
}

/** Revokes a token (any kind) by its value; returns whether one was revoked. */
export async function revokeRefreshToken(sql: Sql, token: string): Promise<boolean> {
  const rows = await sql`update identity.refresh_tokens set revoked_at = now() where token_hash = ${
    hashToken(token)
  } and revoked_at is null returning id`;
  return rows.length > 0;
}
