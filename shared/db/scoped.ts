import type { Sql, Tx } from "./client.ts";

/** Who is calling, as established by the gateway from a verified ID token. */
export interface AuthContext {
  userId: string;
  email: string;
  orgId: string | null;
  role: string; // platform role: "partner_admin", "partner_user", "widget", "service", ...
  claims: Record<string, unknown>;
}

/**
 * Runs `fn` in a transaction as the `authenticated` database role with the caller's JWT claims set,
 * exactly as PostgREST does on Supabase, so row-level security policies (not app code alone)
 * keep partners apart. Policies read the organisation with `auth.org_id()`.
 */
export async function withAuth<T>(sql: Sql, auth: AuthContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const claims = JSON.stringify({
    ...auth.claims,
    sub: auth.userId,
    email: auth.email,
    org_id: auth.orgId,
    app_role: auth.role,
    role: "authenticated",
    // Set only here, never in an issued token: the public widget token's rows are reachable through the platform's
    // routes alone, not the Data API (migration 20261202090703, docs/security.md pass 7).
    platform_route: true,
  });
  return await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${claims}, true), set_config('request.jwt.claim.sub', ${auth.userId}, true)`;
    await tx`set local role authenticated`;
    return await fn(tx);
  }) as T;
}
