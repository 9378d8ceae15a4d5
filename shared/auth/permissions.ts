import type { MiddlewareHandler } from "hono";
import type { AuthContext } from "../db/scoped.ts";
import { DomainError, errorBody } from "../errors.ts";

/** 403 unless the caller's role is one of `roles`. */
export function allowRoles(...roles: string[]): MiddlewareHandler {
  return async (c, next) => {
    const auth = c.get("auth") as AuthContext | undefined;
    if (!auth || !roles.includes(auth.role)) {
      return c.json(
        errorBody("forbidden", `This operation is not allowed for role '${auth?.role ?? "none"}'`),
        403,
      );
    }
    await next();
  };
}

/** 403 when a record of organisation `orgId` is asked for by a caller of another organisation. */
export function assertSameOrg(auth: AuthContext, orgId: string | null | undefined, what = "resource"): void {
  if (auth.role === "platform_admin") return;
  if (!orgId || auth.orgId !== orgId) {
    throw new DomainError("forbidden", "forbidden", `This ${what} belongs to another organisation`);
  }
}
