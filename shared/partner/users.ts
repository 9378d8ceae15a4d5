// The organisation's people. Reading goes through RLS (users_same_org); writes use the privileged
// connection (no API role writes users) after the route's partner_admin check, always within the caller's org.
import { z } from "@hono/zod-openapi";
import { oneLineText } from "../validation/one_line.ts";
import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { DomainError, notFound } from "../errors.ts";
import { setPassword } from "../identity/admin.ts";

export const PARTNER_ROLES = ["partner_admin", "partner_user"] as const;

export const NewUser = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  // Shown to the partner's staff and in the invitations this user sends: one clean line (pass 6).
  full_name: oneLineText(200).default(""),
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

/** Changes a colleague's role; an admin cannot demote themselves (the partner would keep no admin). */
export async function setUserRole(
  p: Platform,
  auth: AuthContext,
  id: string,
  role: (typeof PARTNER_ROLES)[number],
) {
  const [u] = await p
    .sql`select * from public.users where id = ${id} and organization_id = ${auth.orgId} and role in ('partner_admin', 'partner_user')`;
  if (!u) throw notFound("not_found", `No user ${id} in this organization`);
  if (id === auth.userId && role !== "partner_admin") {
    throw new DomainError("conflict", "last_admin", "You cannot remove your own admin role");
  }
  const [row] = await p.sql`update public.users set role = ${role} where id = ${id} returning *`;
  return view(row);
}

/**
 * Removes a colleague from the organisation: their account, password and sessions go (the rows that name them
 * keep the record with a null author). Never oneself, never the organisation's last admin.
 */
export async function removeUser(p: Platform, auth: AuthContext, id: string) {
  if (id === auth.userId) {
    throw new DomainError("conflict", "cannot_remove_self", "You cannot remove yourself");
  }
  return await p.sql.begin(async (tx) => {
    // Admins locked in a fixed order, so two admins removing each other at once cannot both succeed.
    const admins = await tx`select id from public.users where organization_id = ${auth.orgId}
      and role = 'partner_admin' order by id for update`;
    const [u] = await tx`select * from public.users where id = ${id} and organization_id = ${auth.orgId}
      and role in ('partner_admin', 'partner_user') for update`;
    if (!u) throw notFound("not_found", `No user ${id} in this organization`);
    if (u.role === "partner_admin" && admins.length <= 1) {
      throw new DomainError("conflict", "last_admin", "The organization's last admin cannot be removed");
    }
    await tx`delete from public.users where id = ${id}`;
    return view(u);
  });
}
