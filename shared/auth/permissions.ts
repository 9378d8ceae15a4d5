import type { MiddlewareHandler } from "hono";
import type { AuthContext } from "../db/scoped.ts";
import { DomainError, errorBody } from "../errors.ts";

/** The roles that act for an organisation: a token of one of them naming no organisation acts for none. */
const ORG_ROLES = new Set(["partner_admin", "partner_user", "widget", "technician"]);

/**
 * 403 unless the caller's role is one of `roles`, and, for a role that acts for an organisation, the token names one
 * (security pass 11: an account without an organisation, or an external issuer's token of a user who signed
 * themselves up, rendered PDFs and ran the inbox check; the partner-service's preview token was a 500).
 */
export function allowRoles(...roles: string[]): MiddlewareHandler {
  return async (c, next) => {
    const auth = c.get("auth") as AuthContext | undefined;
    if (!auth || !roles.includes(auth.role)) {
      return c.json(
        errorBody("forbidden", `This operation is not allowed for role '${auth?.role || "none"}'`),
        403,
      );
    }
    if (ORG_ROLES.has(auth.role) && !auth.orgId) {
      return c.json(errorBody("forbidden", "The caller belongs to no organization"), 403);
    }
    await next();
  };
}

/** 403 when a record of organisation `orgId` is asked for by a caller of another organisation. */
export function assertSameOrg(auth: AuthContext, orgId: string | null | undefined, what = "resource"): void {
  if (auth.role === "platform_admin") return;
  if (!orgId || auth.orgId !== orgId) {
    throw new DomainError("forbidden", "forbidden", `This ${what} belongs to another organization`);
  }
}
