// The partner's widget tokens (identity.refresh_tokens of kind 'widget' of its widget user): list, issue with
// a name, rename, revoke. The identity schema is private: these run on the privileged connection, scoped
// to the caller's organisation in every statement (partner_admin only, checked by the route).
import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { forbidden, notFound } from "../errors.ts";
import { storeRefreshToken } from "../identity/refresh_tokens.ts";

export const PREVIEW_LABEL = "console preview";
const PREVIEW_TTL_SECONDS = 3600;

const view = (r: Record<string, unknown>) => ({
  id: r.id as string,
  name: (r.label as string | null) ?? "widget",
  created_at: r.created_at,
  last_used_at: r.last_used_at ?? null,
  revoked_at: r.revoked_at ?? null,
  active: !r.revoked_at,
});

/** The organisation's widget user, created on first use (like `identity widget-token`). */
async function widgetUser(p: Platform, orgId: string): Promise<string> {
  const [u] = await p
    .sql`select id from public.users where organization_id = ${orgId} and role = 'widget' order by created_at limit 1`;
  if (u) return u.id as string;
  const [org] = await p.sql`select slug from public.organizations where id = ${orgId}`;
  // A token naming an organisation that does not exist (an external issuer's claim; before pass 11 a 500).
  if (!org) throw forbidden("forbidden", "The caller's organization does not exist");
  const [row] = await p.sql`insert into public.users (email, full_name, organization_id, role)
    values (${`widget+${org.slug}@widget.invalid`}, ${`${org.slug} widget`}, ${orgId}, 'widget')
    on conflict (lower(email)) do update set full_name = excluded.full_name returning id`;
  return row.id as string;
}

export async function listWidgetTokens(p: Platform, auth: AuthContext) {
  const rows = await p.sql`select t.* from identity.refresh_tokens t join public.users u on u.id = t.user_id
    where u.organization_id = ${auth.orgId} and u.role = 'widget' and t.kind = 'widget' and t.expires_at is null
    order by t.revoked_at is not null, t.created_at desc`;
  return rows.map(view);
}

/** A new long-lived token; its value is answered once (only a hash is stored). */
export async function issueWidgetToken(p: Platform, auth: AuthContext, name: string) {
  const userId = await widgetUser(p, auth.orgId!);
  const { id, token } = await storeRefreshToken(p.sql, {
    userId,
    kind: "widget",
    ttlSeconds: null,
    label: name,
  });
  const [row] = await p.sql`select * from identity.refresh_tokens where id = ${id}`;
  return { ...view(row), token };
}

/** A one-hour widget token for the console's live preview (not listed, expires by itself). */
export async function previewToken(p: Platform, auth: AuthContext) {
  const userId = await widgetUser(p, auth.orgId!);
  // The family id is the widget session's `session_id` claim: the key of the preview's draft (preview.ts).
  const previewId = crypto.randomUUID();
  const { token } = await storeRefreshToken(p.sql, {
    userId,
    kind: "widget",
    ttlSeconds: PREVIEW_TTL_SECONDS,
    label: PREVIEW_LABEL,
    familyId: previewId,
  });
  return { token, expires_in: PREVIEW_TTL_SECONDS, preview_id: previewId };
}

async function ownToken(p: Platform, auth: AuthContext, id: string) {
  const [row] = await p.sql`select t.id from identity.refresh_tokens t join public.users u on u.id = t.user_id
    where t.id = ${id} and t.kind = 'widget' and u.organization_id = ${auth.orgId} and u.role = 'widget'`;
  if (!row) throw notFound("not_found", `No widget token ${id}`);
}

export async function renameWidgetToken(p: Platform, auth: AuthContext, id: string, name: string) {
  await ownToken(p, auth, id);
  const [row] = await p.sql`update identity.refresh_tokens set label = ${name} where id = ${id} returning *`;
  return view(row);
}

/** Revoked at once: the next refresh with it is 401 refresh_token_revoked (widgets using it stop). */
export async function revokeWidgetToken(p: Platform, auth: AuthContext, id: string) {
  await ownToken(p, auth, id);
  const [row] = await p
    .sql`update identity.refresh_tokens set revoked_at = coalesce(revoked_at, now()) where id = ${id} returning *`;
  return view(row);
}
