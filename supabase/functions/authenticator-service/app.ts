import { carriedWidgetSession } from "../../../shared/auth/widget_session.ts";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createServiceApp } from "../../../shared/http/app.ts";
import { errorResponse } from "../../../shared/http/openapi.ts";
import { ApiError } from "../../../shared/http/errors.ts";
import { clientFingerprint } from "../../../shared/http/client_ip.ts";
import type { Platform } from "../../../shared/platform.ts";
import { IdentityError, identityProvider } from "../../../shared/identity/index.ts";

const TokenSet = z.object({
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int().openapi({ example: 3600 }),
  tokenType: z.literal("Bearer"),
}).openapi("TokenSet");

const errors = {
  400: errorResponse("Malformed body"),
  401: errorResponse("Wrong credentials, or unknown / revoked / expired refresh token"),
  429: errorResponse(
    "Account locked after repeated failures, or too many requests from this address (Retry-After)",
  ),
  502: errorResponse("The identity provider could not be reached (identity_unavailable)"),
};
const ok = { 200: { description: "Tokens", content: { "application/json": { schema: TokenSet } } } };

const getToken = createRoute({
  method: "post",
  path: "/get-token",
  summary: "Exchange email and password for an ID token and a refresh token",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({ email: z.string().email().max(320), password: z.string().min(1).max(1024) }),
        },
      },
    },
  },
  responses: { ...ok, ...errors },
});

const refreshToken = createRoute({
  method: "post",
  path: "/refresh-token",
  summary: "Exchange a refresh token (a user's, or a partner's widget token) for a new ID token",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ refreshToken: z.string().min(10).max(512) }) } },
    },
  },
  responses: { ...ok, ...errors },
});

function identityFailure(c: Context, e: unknown): never {
  if (!(e instanceof IdentityError)) throw e;
  if (e.code === "account_locked") {
    // RFC 9110 Retry-After: when a client may try again (the lock's remaining seconds).
    if (e.retryAfterSeconds && e.retryAfterSeconds > 0) {
      c.header("Retry-After", String(Math.ceil(e.retryAfterSeconds)));
    }
    throw new ApiError(429, e.code, e.message);
  }
  throw new ApiError(401, e.code, e.message);
}

/** SPEC: authenticator-service. Both POSTs need no authentication (SPEC Authentication 2). */
export function createApp(p: Platform) {
  const app = createServiceApp(p, "authenticator-service", {
    publicPaths: ["/get-token", "/refresh-token"],
    maxBodyBytes: 16 * 1024,
    description: "Exchanges identity-platform credentials or refresh tokens for short-lived ID tokens.",
  });
  app.openapi(getToken, async (c) => {
    const { email, password } = c.req.valid("json");
    try {
      return c.json(await identityProvider(p).passwordGrant(email, password), 200);
    } catch (e) {
      identityFailure(c, e);
    }
  });
  app.openapi(refreshToken, async (c) => {
    const { refreshToken } = c.req.valid("json");
    try {
      // A widget presenting the ID token it holds keeps its homeowner session (docs/security.md, pass 8).
      const carry = refreshToken.startsWith("wgt_")
        ? await carriedWidgetSession(p, c.req.header("authorization"))
        : null;
      return c.json(await identityProvider(p).refreshGrant(refreshToken, clientFingerprint(c), carry), 200);
    } catch (e) {
      identityFailure(c, e);
    }
  });
  return app;
}
