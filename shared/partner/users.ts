// The organisation's people. Reading goes through RLS (users_same_org); writes use the privileged
// connection (no API role writes users) after the route's partner_admin check, always within the caller's org.
import { z } from "@hono/zod-openapi";
import { oneLineText } from "../validation/one_line.ts";
import { LINK_IN_NAME, linkFree } from "../validation/person_name.ts";
import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { DomainError, notFound } from "../errors.ts";
import { setPassword } from "../identity/admin.ts";
import type { Tx } from "../db/client.ts";
import { forgetMember } from "../auth/current_member.ts";

export const PARTNER_ROLES = ["partner_admin", "partner_user"] as const;

/**
 * A staff member's name: shown to the partner's staff and in the invitations this user sends to any address (the
 * subject reads "<name> invited you to …"), so one clean line (pass 6) without a web or email address or a phone
 * number, as a homeowner's name (security pass 16: "Claim your $500 rebate: call +1 900 555 0100 invited you").
 */
export const StaffName = oneLineText(200).refine(linkFree, LINK_IN_NAME).default("");

export const NewUser = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  full_name: StaffName,
  role: z.enum(PARTNER_ROLES).default("partner_user"),
  password: z.string().min(10, "must have at least 10 characters").max(200),
}).openapi("NewPartnerUser");

const view = (r: Record<string, unknown>) => ({
  id: r.id,
  email: r.email,
  full_name: r.full_name,
  role: r.role,
  created_at: r.created_at,
});

export async function listUsers(p: Platform, auth: AuthContext) {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`select * from public.users where organization_id = ${auth.orgId}
    and role in ('partner_admin', 'partner_user') order by role, lower(email)`,
  );
  return rows.map(view);
}

export async function addUser(p: Platform, auth: AuthContext, u: z.infer<typeof NewUser>) {
  const [taken] = await p.sql`select 1 from public.users where lower(email) = lower(${u.email})`;
  if (taken) throw new DomainError("conflict", "email_taken", "A user with this email already exists");
  // The check above cannot see a concurrent request's insert: its unique violation is the same answer.
  const [row] = await p.sql`insert into public.users (email, full_name, organization_id, role)
    values (${u.email}, ${u.full_name}, ${auth.orgId}, ${u.role}) returning *`.catch((e) => {
    if ((e as { code?: string }).code === "23505") {
      throw new DomainError("conflict", "email_taken", "A user with this email already exists");
    }
    throw e;
  });
  await setPassword(p.sql, u.email, u.password);
  return view(row);
}

/**
 * Changes a colleague's role; an admin cannot demote themselves (the partner would keep no admin). The role is a claim
 * of the user's ID tokens, so a change ends their sessions (security pass 11): their tokens are refused at once (the
 * gateway's session check) and they sign in again with the new role, instead of acting with the old one for up to
 * ID_TOKEN_TTL_SECONDS. The caller must still be an admin in the database, not only in their token, checked under the
 * lock on the organisation's admins (the order removeUser takes), so two admins demoting each other at once cannot
 * both succeed.
 */
export async function setUserRole(
  p: Platform,
  auth: AuthContext,
  id: string,
  role: (typeof PARTNER_ROLES)[number],
) {
  if (id === auth.userId && role !== "partner_admin") {
    throw new DomainError("conflict", "last_admin", "You cannot remove your own admin role");
  }
  const changed = await p.sql.begin(async (tx) => {
    const { u } = await lockColleague(tx, auth, id);
    if (u.role === role) return view(u);
    const [row] = await tx`update public.users set role = ${role} where id = ${id} returning *`;
    await tx`update identity.refresh_tokens set revoked_at = now()
      where user_id = ${id} and kind = 'session' and revoked_at is null`;
    if (role !== "partner_admin") await withdrawInvitations(tx, auth.orgId, id);
    return view(row);
  });
  // Tokens without a session (an external issuer's) are matched against the row: the old role's match is forgotten.
  forgetMember(p, id);
  return changed;
}

/**
 * The open invitations a user sent, withdrawn when they stop being an admin (demoted or removed): an invitation is the
 * admin's act, so one they sent to another mailbox of theirs (as an admin) must not outlive their role (pass 11).
 */
async function withdrawInvitations(tx: Tx, orgId: string | null, userId: string): Promise<void> {
  await tx`update public.partner_invitations set revoked_at = now()
    where organization_id = ${orgId} and invited_by = ${userId} and accepted_at is null and revoked_at is null`;
}

/**
 * Locks the organisation's admins in a fixed order (so two admins acting on each other at once cannot both succeed),
 * refuses a caller the database no longer holds as an admin (403, whatever their token says), then locks the colleague.
 */
async function lockColleague(tx: Tx, auth: AuthContext, id: string) {
  const admins = await tx`select id from public.users where organization_id = ${auth.orgId}
    and role = 'partner_admin' order by id for update`;
  if (!admins.some((a) => a.id === auth.userId)) {
    throw new DomainError("forbidden", "forbidden", "You are no longer an admin of this organization");
  }
  const [u] = await tx`select * from public.users where id = ${id} and organization_id = ${auth.orgId}
    and role in ('partner_admin', 'partner_user') for update`;
  if (!u) throw notFound("not_found", `No user ${id} in this organization`);
  return { admins, u };
}

/**
 * Removes a colleague from the organisation: their account, password and sessions go (the rows that name them
 * keep the record with a null author). Never oneself, never the organisation's last admin.
 */
export async function removeUser(p: Platform, auth: AuthContext, id: string) {
  if (id === auth.userId) {
    throw new DomainError("conflict", "cannot_remove_self", "You cannot remove yourself");
  }
  const removed = await p.sql.begin(async (tx) => {
    const { admins, u } = await lockColleague(tx, auth, id);
    if (u.role === "partner_admin" && admins.length <= 1) {
      throw new DomainError("conflict", "last_admin", "The organization's last admin cannot be removed");
    }
    await withdrawInvitations(tx, auth.orgId, id);
    await tx`delete from public.users where id = ${id}`;
    return view(u);
  });
  forgetMember(p, id);
  return removed;
}
