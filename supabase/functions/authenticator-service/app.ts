import { carriedWidgetSession } from "../../../shared/auth/widget_session.ts";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createServiceApp } from "../../../shared/http/app.ts";
import { errorResponse } from "../../../shared/http/openapi.ts";
import { ApiError } from "../../../shared/http/errors.ts";
import { clientFingerprint, clientIp } from "../../../shared/http/client_ip.ts";
import { rateLimitSubject } from "../../../shared/validation/ip_address.ts";
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

const signOut = createRoute({
  method: "post",
  path: "/sign-out",
  summary: "End a user's session: its refresh tokens and ID tokens stop working at once",
  description:
    "Send the session's refresh token (the latest or an earlier one of the same session). The answer is " +
    "the same whether or not a session was found, so a repeated sign-out is harmless. A partner's widget token is " +
    "not a session: 400 `widget_token` (the partner revokes it in the console).",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: z.object({ refreshToken: z.string().min(10).max(512) }) } },
    },
  },
  responses: {
    200: {
      description: "Signed out (or no such session)",
      content: { "application/json": { schema: z.object({ status: z.literal("signed_out") }) } },
    },
    400: errorResponse("Malformed body, or a partner's widget token (widget_token)"),
    429: errorResponse("Too many requests from this address (Retry-After)"),
    502: errorResponse("The identity provider could not be reached (identity_unavailable)"),
  },
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

/** SPEC: authenticator-service. Its POSTs need no authentication (SPEC Authentication 2); `/sign-out` is this platform's own. */
export function createApp(p: Platform) {
  const app = createServiceApp(p, "authenticator-service", {
    publicPaths: ["/get-token", "/refresh-token", "/sign-out"],
    maxBodyBytes: 16 * 1024,
    description: "Exchanges identity-platform credentials or refresh tokens for short-lived ID tokens.",
  });
  app.openapi(getToken, async (c) => {
    const { email, password } = c.req.valid("json");
    try {
      // The address the rate limits count (an IPv6 caller's /64): the lockout is per email and address (pass 14).
      const client = rateLimitSubject(clientIp(c));
      return c.json(await identityProvider(p).passwordGrant(email, password, client), 200);
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
  // The console's "Sign out" used to forget its tokens in the browser only: the refresh token stayed good for 30 days
  // and the ID token for its hour (docs/security.md, pass 13). The session now ends on the server.
  app.openapi(signOut, async (c) => {
    const { refreshToken } = c.req.valid("json");
    const result = await identityProvider(p).signOut?.(refreshToken) ?? "unknown";
    if (result === "widget_token") {
      throw new ApiError(
        400,
        "widget_token",
        "A partner's widget token is not a session: the partner revokes it in the console (widget tokens)",
      );
    }
    return c.json({ status: "signed_out" as const }, 200);
  });
  return app;
}
