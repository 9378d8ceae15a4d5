// A partner admin's routes (users, invitations, widget tokens, settings, webhooks, the widget's and the savings
// settings) check the role in the database as well as in the token (security pass 11). The role is a claim of the ID
// token, valid until it expires: an admin demoted or removed meanwhile kept every admin route for up to an hour (the
// embedded identity now ends their sessions on a role change; an external issuer's tokens are not session-checked).
import type { MiddlewareHandler } from "hono";
import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { errorBody } from "../errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 403 unless the caller is partner_admin in their token and, still, in the database (one indexed lookup). */
export function allowAdmin(p: Platform): MiddlewareHandler {
  return async (c, next) => {
    const auth = c.get("auth") as AuthContext | undefined;
    if (!auth || auth.role !== "partner_admin") {
      return c.json(
        errorBody("forbidden", `This operation is not allowed for role '${auth?.role ?? "none"}'`),
        403,
      );
    }
    if (!auth.orgId || !UUID.test(auth.userId) || !(await stillAdmin(p, auth))) {
      return c.json(errorBody("forbidden", "You are no longer an admin of this organization"), 403);
    }
    await next();
  };
}

async function stillAdmin(p: Platform, auth: AuthContext): Promise<boolean> {
  const [u] = await p.sql`select 1 from public.users
    where id = ${auth.userId} and organization_id = ${auth.orgId} and role = 'partner_admin'`;
  return !!u;
}
