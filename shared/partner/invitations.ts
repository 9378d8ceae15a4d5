// Invitations to the organisation: a partner_admin invites an email with a role; the invitee gets an email (the
// notification service's templates and delivery) with a single-use link that expires; accepting it creates their
// account in the organisation with the invited role (or, for an account without an organisation, after its
// password is checked). Only the SHA-256 of the link's token is stored. Reads go through RLS; writes use the
// privileged connection after the route's role check, always within the caller's organisation.
import { randomBytes } from "node:crypto";
import { z } from "@hono/zod-openapi";
import type { Platform } from "../platform.ts";
import type { Sql } from "../db/client.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { conflict, DomainError, notFound } from "../errors.ts";
import { partnerConfig } from "./config.ts";
import { hashToken } from "../identity/refresh_tokens.ts";
import { setPassword } from "../identity/admin.ts";
import { checkInvitationPassword } from "./invitation_password.ts";
import { templates } from "../notifications/templates.ts";
import { NO_RECIPIENT } from "../notifications/log_rows.ts";
import { sendAndLog } from "../notifications/send_and_log.ts";
import { fromPartner } from "../savings/report_email.ts";
import { emailSender } from "../email/index.ts";
import { links } from "../urls.ts";
import { PARTNER_ROLES, StaffName } from "./users.ts";
import { linkFree } from "../validation/person_name.ts";

export const INVITATION_EVENT = "partner.invitation";
const ROLE_LABELS: Record<string, string> = { partner_admin: "an admin", partner_user: "a user" };

export const NewInvitation = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  role: z.enum(PARTNER_ROLES).default("partner_user"),
}).openapi("NewPartnerInvitation");

export const InvitationToken = z.object({
  token: z.string().regex(/^inv_[A-Za-z0-9_-]{43}$/, "is not an invitation token"),
});

export const AcceptInvitation = InvitationToken.extend({
  full_name: StaffName,
  password: z.string().min(10, "must have at least 10 characters").max(200),
}).openapi("AcceptPartnerInvitation");

const view = (r: Record<string, unknown>) => ({
  id: r.id,
  email: r.email,
  role: r.role,
  invited_by: r.invited_by_email ?? null,
  created_at: r.created_at,
  expires_at: r.expires_at,
  expired: new Date(r.expires_at as string) <= new Date(),
});

/** Open invitations (neither accepted nor revoked), newest first; expired ones say so and can be sent again. */
export async function listInvitations(p: Platform, auth: AuthContext) {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`select i.*, u.email as invited_by_email from public.partner_invitations i
        left join public.users u on u.id = i.invited_by
      where i.organization_id = ${auth.orgId} and i.accepted_at is null and i.revoked_at is null
      order by i.created_at desc`,
  );
  return rows.map(view);
}

/**
 * Invites `email` with `role`: revokes an earlier open invitation of the same email, stores the new one and sends
 * its email. When the email cannot be sent the invitation is removed again (503): no invitation nobody received.
 */
export async function inviteUser(p: Platform, auth: AuthContext, input: z.infer<typeof NewInvitation>) {
  // An account without an organisation may be invited (it joins when accepting with its password).
  const [taken] = await p.sql`select organization_id from public.users
    where lower(email) = lower(${input.email}) and organization_id is not null`;
  if (taken) {
    throw conflict(
      "email_taken",
      taken.organization_id === auth.orgId
        ? "This person is already a user of your organization"
        : "A user with this email already exists",
    );
  }
  const token = `inv_${randomBytes(32).toString("base64url")}`;
  const row = await p.sql.begin(async (tx) => {
    // One invitation of an email at a time per organisation: a concurrent one waits here, then revokes this one
    // (without the lock both found nothing to revoke and the second insert broke the open-invitation index: a 500).
    await tx`select pg_advisory_xact_lock(hashtextextended(${`invitation:${auth.orgId}:${input.email.toLowerCase()}`}, 0))`;
    await withinDailyInvitations(tx as unknown as Sql, auth.orgId!, partnerConfig(p).invitationsPerDay);
    await tx`update public.partner_invitations set revoked_at = now()
      where organization_id = ${auth.orgId} and lower(email) = lower(${input.email}) and accepted_at is null and revoked_at is null`;
    const [r] =
      await tx`insert into public.partner_invitations (organization_id, email, role, token_hash, invited_by, expires_at)
      values (${auth.orgId}, ${input.email}, ${input.role}, ${hashToken(token)}, ${auth.userId},
        now() + make_interval(hours => ${partnerConfig(p).invitationTtlHours})) returning *`;
    return r;
  });
  try {
    await sendInvitationEmail(p, row, token);
  } catch (e) {
    // Nothing is kept; the email seam's own error goes on (502 email_unavailable, its provider's answer logged only).
    await p.sql`delete from public.partner_invitations where id = ${row.id as string}`;
    throw e;
  }
  return view({ ...row, invited_by_email: auth.email });
}

/** Over the organization's invitations of the last 24 hours (PARTNER_INVITATIONS_PER_DAY): 429 with Retry-After. */
export class InvitationLimitError extends DomainError {
  constructor(readonly retryAfterSeconds: number, max: number) {
    super(
      "rate_limited",
      "invitation_limit",
      `An organization may send at most ${max} invitations in 24 hours; try again in ${
        Math.ceil(retryAfterSeconds / 60)
      } minute(s)`,
    );
  }
}

/**
 * Counts the organization's invitations of the last 24 hours (withdrawn ones included: each was an email), under a
 * lock per organization so invitations at once cannot all pass (security pass 13). An invitation whose email could not
 * be sent is deleted again, so it does not count.
 */
async function withinDailyInvitations(tx: Sql, orgId: string, max: number): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`invitations-day:${orgId}`}, 0))`;
  const [r] = await tx`select count(*)::int as n,
      ceil(extract(epoch from min(created_at) + interval '24 hours' - now()))::int as retry
    from (select created_at from public.partner_invitations
      where organization_id = ${orgId} and created_at > now() - interval '24 hours'
      order by created_at desc limit ${max}) recent`;
  if (r.n >= max) throw new InvitationLimitError(Math.max(1, r.retry as number), max);
}

async function sendInvitationEmail(p: Platform, inv: Record<string, unknown>, token: string) {
  const [ctx] = await p.sql`select o.name as partner_name, u.full_name, u.email as inviter_email
    from public.organizations o left join public.users u on u.id = ${inv.invited_by as string}
    where o.id = ${inv.organization_id as string}`;
  const expires = new Date(inv.expires_at as string);
  const rendered = (await templates(p).load()).render(INVITATION_EVENT, {
    partner_name: ctx.partner_name,
    // a name stored before names were held to linkFree (pass 16) does not reach a stranger's inbox
    inviter_name: (linkFree(ctx.full_name ?? "") && ctx.full_name) || ctx.inviter_email || "An administrator",
    invitee_email: inv.email,
    role_label: ROLE_LABELS[inv.role as string],
    invite_url: `${links(p).consoleUrl}#/invitation/${token}`,
    expires_at: expires.toUTCString().replace(/:\d\d GMT$/, " UTC"),
  });
  await sendAndLog(p, {
    ...rendered,
    from: fromPartner(ctx.partner_name as string, emailSender(p)),
    to: [inv.email as string],
  }, {
    idempotencyKey: `${INVITATION_EVENT}:${inv.id}`,
    eventType: INVITATION_EVENT,
    eventId: inv.id as string,
    recipientUserId: NO_RECIPIENT,
    recipientEmail: inv.email as string,
  });
}

export async function revokeInvitation(p: Platform, auth: AuthContext, id: string) {
  const [row] = await p.sql`update public.partner_invitations set revoked_at = now()
    where id = ${id} and organization_id = ${auth.orgId} and accepted_at is null and revoked_at is null returning *`;
  if (!row) throw notFound("not_found", `No open invitation ${id} in this organization`);
  return view(row);
}

/** The open, unexpired invitation of a token (locked when `sql` is a transaction), else a DomainError. */
async function openInvitation(sql: Sql, token: string, lock = false) {
  const [inv] = lock
    ? await sql`select * from public.partner_invitations where token_hash = ${hashToken(token)} for update`
    : await sql`select * from public.partner_invitations where token_hash = ${hashToken(token)}`;
  if (!inv || inv.revoked_at) {
    throw notFound("invitation_not_found", "This invitation link is not valid (it may have been withdrawn)");
  }
  if (inv.accepted_at) {
    throw conflict("invitation_used", "This invitation has already been accepted: sign in");
  }
  if (new Date(inv.expires_at as string) <= new Date()) {
    throw conflict("invitation_expired", "This invitation has expired: ask your administrator for a new one");
  }
  return inv;
}

/** What the invitee sees before accepting: the organisation, the email, the role, whether they have an account. */
export async function describeInvitation(p: Platform, token: string) {
  const inv = await openInvitation(p.sql, token);
  const [org] = await p.sql`select name from public.organizations where id = ${inv
    .organization_id as string}`;
  const [user] = await p.sql`select 1 from public.users where lower(email) = lower(${inv.email as string})`;
  return {
    partner_name: org.name as string,
    email: inv.email as string,
    role: inv.role as string,
    expires_at: inv.expires_at,
    account_exists: !!user,
  };
}

/**
 * Accepts: a new account is created in the organisation with the invited role and the chosen password; an
 * existing account that belongs to no organisation joins after its password is checked. Single use.
 */
export async function acceptInvitation(p: Platform, input: z.infer<typeof AcceptInvitation>) {
  const first = await openInvitation(p.sql, input.token);
  // An existing account's password is checked first, under the invitation's own lockout (committed, not rolled back).
  const [account] = await p.sql`select id from public.users
    where lower(email) = lower(${first.email as string}) and organization_id is null`;
  if (account) await checkInvitationPassword(p, first.id as string, account.id as string, input.password);
  return await p.sql.begin(async (tx) => {
    const inv = await openInvitation(tx as unknown as Sql, input.token, true);
    const email = inv.email as string;
    const [existing] = await tx`select u.id, u.organization_id from public.users u
      where lower(u.email) = lower(${email}) for update of u`;
    let userId: string;
    if (existing) {
      if (existing.organization_id) {
        throw conflict("email_taken", "This email already belongs to an organization");
      }
      if (existing.id !== account?.id) {
        throw conflict("invitation_retry", "The account changed meanwhile: try again");
      }
      await tx`update public.users set organization_id = ${inv.organization_id as string}, role = ${inv
        .role as string}
        where id = ${existing.id as string}`;
      userId = existing.id as string;
    } else {
      const [u] = await tx`insert into public.users (email, full_name, organization_id, role)
        values (${email}, ${input.full_name}, ${inv.organization_id as string}, ${inv
        .role as string}) returning id`;
      userId = u.id as string;
      await setPassword(tx as unknown as Sql, email, input.password);
    }
    await tx`update public.partner_invitations set accepted_at = now(), accepted_user_id = ${userId} where id = ${inv
      .id as string}`;
    return {
      user_id: userId,
      email,
      role: inv.role as string,
      organization_id: inv.organization_id as string,
    };
  });
}
