import type { MiddlewareHandler } from "hono";
import type { Platform } from "../platform.ts";
import { errorBody } from "../errors.ts";
import { TokenError, verifyIdToken } from "./tokens.ts";

/** SPEC "Authentication" 1 and 5: Bearer ID token required; 401 when missing, malformed, expired or forged. */
export function requireAuth(p: Platform): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const m = header.match(/^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/);
    if (!header) {
      return c.json(errorBody("missing_token", "Authorization: Bearer <ID token> is required"), 401);
    }
    if (!m) {
      // A partner's first mistake: sending the widget token or a refresh token itself instead of the ID token it buys.
      const refresh = /^Bearer\s+(wgt_|rt_)/.test(header);
      return c.json(
        errorBody(
          "invalid_token",
          refresh
            ? "That is a refresh token, not an ID token: exchange it at POST /v1/authenticator-service/refresh-token and send the idToken"
            : "Authorization header must be 'Bearer <ID token>'",
        ),
        401,
      );
    }
    try {
      c.set("auth", await verifyIdToken(p, m[1]));
    } catch (e) {
      if (e instanceof TokenError) {
        // A stale role or organisation is what allowAdmin answered for admin routes since pass 11: 403 `forbidden`.
        if (e.problem === "stale") return c.json(errorBody("forbidden", e.message), 403);
        return c.json(errorBody(e.problem === "expired" ? "token_expired" : "invalid_token", e.message), 401);
      }
      throw e;
    }
    await next();
  };
}
