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
  };
}
