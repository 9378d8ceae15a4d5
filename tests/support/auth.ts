// Seeds an organisation and a user on a test platform and returns a real, signed ID token for them.
import type { Platform } from "../../shared/platform.ts";
import { issueIdToken } from "../../shared/auth/tokens.ts";

export interface TestIdentity {
  orgId: string;
  userId: string;
  email: string;
  role: string;
  idToken: string;
  headers: Record<string, string>;
  /** A widget token's homeowner session (the `widget_session` claim, shared/auth/widget_session.ts); else null. */
  widgetSession: string | null;
}

/** The `widget_session` claim of an ID token (null without one). */
export function widgetSessionIn(idToken: string): string | null {
  const payload = JSON.parse(new TextDecoder().decode(decodeBase64Url(idToken.split(".")[1] ?? "")));
  return typeof payload.widget_session === "string" ? payload.widget_session : null;
}

function decodeBase64Url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(s.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}

export async function tokensFor(
  p: Platform,
  opts: { role?: string; orgId?: string; orgName?: string; email?: string; fullName?: string } = {},
): Promise<TestIdentity> {
  const role = opts.role ?? "partner_admin";
  let orgId = opts.orgId;
  if (!orgId) {
    const slug = `org-${crypto.randomUUID().slice(0, 8)}`;
    [{ id: orgId }] = await p.sql`insert into public.organizations (name, slug) values (${
      opts.orgName ?? "Test Solar " + slug
    }, ${slug}) returning id`;
  }
  const email = opts.email ?? `${role}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const [{ id: userId }] = await p.sql`insert into public.users (email, full_name, organization_id, role)
    values (${email}, ${opts.fullName ?? "Test User"}, ${orgId!}, ${role}) returning id`;
  const { token } = await issueIdToken(p, { userId: userId as string, email, orgId: orgId!, role });
  return {
    orgId: orgId!,
    userId: userId as string,
    email,
    role,
    idToken: token,
    headers: { Authorization: `Bearer ${token}` },
    widgetSession: widgetSessionIn(token),
  };
}
