import type { Sql } from "../db/client.ts";
import { hashPassword } from "../auth/passwords.ts";
import { issueWidgetToken, revokeRefreshToken } from "./refresh_tokens.ts";
import { clearInvitationLocks, clearPairs } from "../ratelimit/unknown_account.ts";

/** Administrative operations of the embedded identity (used by scripts/identity.ts). */
export async function createOrganization(sql: Sql, name: string, slug: string): Promise<string> {
  const [row] = await sql`insert into public.organizations (name, slug) values (${name}, ${slug})
    on conflict (slug) do update set name = excluded.name returning id`;
  return row.id as string;
}

async function orgId(sql: Sql, slug: string): Promise<string> {
  const [row] = await sql`select id from public.organizations where slug = ${slug}`;
  if (!row) throw new Error(`No organization with slug "${slug}"`);
  return row.id as string;
}

/** Roles a user row may have (public.users_role_check). */
export const USER_ROLES = [
  "partner_admin",
  "partner_user",
  "technician",
  "widget",
  "service",
  "platform_admin",
] as const;

export async function createUser(
  sql: Sql,
  u: { email: string; orgSlug: string; role: string; fullName?: string; password?: string },
): Promise<string> {
  // Checked before any write, so a bad argument leaves no half-made user (e.g. one without its password).
  if (!(USER_ROLES as readonly string[]).includes(u.role)) {
    throw new Error(`Unknown role "${u.role}": one of ${USER_ROLES.join(", ")}`);
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(u.email)) throw new Error(`"${u.email}" is not an email address`);
  if (u.password !== undefined && u.password.length < 10) {
    throw new Error("Passwords must have at least 10 characters");
  }
  const org = await orgId(sql, u.orgSlug);
  // Re-running create-user may change a user's role, never their organisation: moving a person to another
  // partner (with their live sessions) by a typo in --org would hand them that partner's records.
  const [existing] =
    await sql`select u.organization_id, o.slug from public.users u left join public.organizations o on o.id = u.organization_id
    where lower(u.email) = lower(${u.email})`;
  if (existing && existing.organization_id !== org) {
    throw new Error(
      `${u.email} already belongs to organization "${
        existing.slug ?? "none"
      }"; a user is not moved to another organization`,
    );
  }
  const [row] = await sql`insert into public.users (email, full_name, organization_id, role)
    values (${u.email}, ${u.fullName ?? ""}, ${org}, ${u.role})
    on conflict (lower(email)) do update set role = excluded.role returning id`;
  if (u.password) await setPassword(sql, u.email, u.password);
  return row.id as string;
}

export async function setPassword(sql: Sql, email: string, password: string): Promise<void> {
  if (password.length < 10) throw new Error("Passwords must have at least 10 characters");
  const [user] = await sql`select id from public.users where lower(email) = lower(${email})`;
  if (!user) throw new Error(`No user with email ${email}`);
  await sql`insert into identity.credentials (user_id, password_hash) values (${user
    .id as string}, ${await hashPassword(password)})
    on conflict (user_id) do update set password_hash = excluded.password_hash, failed_attempts = 0, locked_until = null, updated_at = now()`;
}

/** Issues a new widget token for the organisation, creating its widget user on first use. */
export async function newWidgetToken(sql: Sql, orgSlug: string, label = "widget"): Promise<string> {
  const userId = await createUser(sql, {
    email: `widget+${orgSlug}@widget.invalid`,
    orgSlug,
    role: "widget",
    fullName: `${orgSlug} widget`,
  });
  return await issueWidgetToken(sql, userId, label);
}

export async function unlock(sql: Sql, email: string): Promise<boolean> {
  const rows =
    await sql`update identity.credentials c set locked_until = null, failed_attempts = 0, first_failed_at = null
    from public.users u where u.id = c.user_id and lower(u.email) = lower(${email}) returning c.user_id`;
  // The email's locks from single addresses too (security pass 14).
  await clearPairs(sql, email);
  // And its invitation links' locks (security pass 16): the link counts its own failures (pass 15).
  await clearInvitationLocks(sql, email);
  return rows.length > 0;
}

/**
 * Signs a user out everywhere: revokes every session refresh token of the user, so their ID tokens are
 * refused at once (the gateway's session check). Widget tokens are left alone (revoke-token for those).
 * Returns the number of sessions ended.
 */
export async function revokeSessions(sql: Sql, email: string): Promise<number> {
  const rows = await sql`update identity.refresh_tokens t set revoked_at = now()
    from public.users u where u.id = t.user_id and lower(u.email) = lower(${email}) and t.kind = 'session' and t.revoked_at is null
    returning t.family_id`;
  return new Set(rows.map((r) => r.family_id as string)).size;
}

export { revokeRefreshToken };
