// Shared setup of the resilience suite (issue 12): real services on a fresh database, real HTTP.
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { serveApp, type Served } from "../../support/http.ts";
import { hashPassword } from "../../../shared/auth/passwords.ts";

export interface Served2 {
  p: TestPlatform;
  s: Served;
  close(): Promise<void>;
}

/** Serves one service's app on a fresh database. */
export async function serve(
  createApp: (p: TestPlatform) => { fetch: (req: Request) => Response | Promise<Response> },
  p?: TestPlatform,
): Promise<Served2> {
  const platform = p ?? await testPlatform();
  const s = serveApp(createApp(platform).fetch);
  return {
    p: platform,
    s,
    close: async () => {
      await s.close();
      await platform.close();
    },
  };
}

/** A partner admin with a password; returns its id and email. */
export async function userWithPassword(
  p: TestPlatform,
  password: string,
): Promise<{ userId: string; orgId: string; email: string }> {
  const slug = `res-${crypto.randomUUID().slice(0, 8)}`;
  const [org] = await p
    .sql`insert into public.organizations (name, slug) values (${slug}, ${slug}) returning id`;
  const email = `${slug}@resilience.test`;
  const [user] = await p
    .sql`insert into public.users (email, full_name, organization_id, role) values (${email}, 'Res', ${org.id}, 'partner_admin') returning id`;
  await p
    .sql`insert into identity.credentials (user_id, password_hash) values (${user.id}, ${await hashPassword(
      password,
    )})`;
  return { userId: user.id as string, orgId: org.id as string, email };
}

export const jsonPost = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** Counts of each status code. */
export function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}
