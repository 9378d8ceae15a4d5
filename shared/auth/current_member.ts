// Security pass 12: a partner user's role and organisation are claims of their ID token. The embedded identity ends a
// user's sessions when their role changes or they are removed (pass 11), so their tokens stop at the session check;
// an external issuer's token (Supabase Auth) has no session here, and until this pass a demoted or removed user kept
// every route both partner roles share (leads, statuses, files, the PDF and template routes) until it expired. Such a
// token now has to match the user's row: same organisation, same role (or a user's token of an admin), or it is refused
// (403 `forbidden`).
// A match is remembered for MEMBER_CACHE_MS per user (one primary-key lookup otherwise), and forgotten at once by the
// process that changes the row (`forgetMember`), so a change made elsewhere takes effect within that time.
import type { Platform } from "../platform.ts";
import { provide } from "../platform.ts";

/** How long a user's matching row is trusted without another lookup. */
export const MEMBER_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** The roles whose token claims are checked against the user's row. */
const MEMBER_ROLES = new Set(["partner_admin", "partner_user"]);

interface Seen {
  orgId: string;
  role: string;
  at: number;
}

type MemberCache = Map<string, Seen>;

function cache(p: Platform): MemberCache {
  return provide(p, "memberCache", () => new Map<string, Seen>());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a token's role is one whose claims must still be true of the user's row (partner roles naming an org). */
export function checksMembership(role: string, orgId: string | null): boolean {
  return MEMBER_ROLES.has(role) && !!orgId;
}

/** Whether user `userId` is still `role` of organisation `orgId` in the database (a recent match is remembered). */
export async function stillMember(
  p: Platform,
  userId: string,
  orgId: string,
  role: string,
): Promise<boolean> {
  if (!UUID.test(userId) || !UUID.test(orgId)) return false;
  const seen = cache(p);
  const hit = seen.get(userId);
  const now = Date.now();
  if (hit && now - hit.at < MEMBER_CACHE_MS && hit.orgId === orgId && hit.role === role) return true;
  const [row] = await p.sql`select organization_id, role from public.users where id = ${userId}`;
  if (!row || row.organization_id !== orgId || !covers(row.role as string, role)) {
    seen.delete(userId);
    return false;
  }
  if (seen.size >= MAX_ENTRIES) seen.clear();
  seen.set(userId, { orgId, role, at: now });
  return true;
}

/**
 * Whether a user whose row says `held` may act with a token claiming `claimed`: the same role, or a `partner_user` token
 * of a user promoted since (it grants less than they have; an external issuer may keep the old claim until its user
 * metadata is updated, and refusing it would lock the promoted user out).
 */
function covers(held: string, claimed: string): boolean {
  return held === claimed || (claimed === "partner_user" && held === "partner_admin");
}

/** Forgets what is remembered of a user: called by the code that changes their role, organisation or removes them. */
export function forgetMember(p: Platform, userId: string): void {
  cache(p).delete(userId);
}

declare module "../platform.ts" {
  interface Seams {
    memberCache: MemberCache;
  }
}
