import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, SignJWT, type JWTPayload, type JWTVerifyGetKey } from "jose";
import type { Platform } from "../platform.ts";
import { provide } from "../platform.ts";
import { jwks, signingKey } from "./keys.ts";
import type { AuthContext } from "../db/scoped.ts";

export interface IdTokenSubject {
  userId: string;
  email: string;
  orgId: string | null;
  role: string;
  sessionId?: string;
}

/** Signs a short-lived ID token with the embedded identity's ES256 key. */
export async function issueIdToken(p: Platform, s: IdTokenSubject): Promise<{ token: string; expiresIn: number }> {
  const key = await signingKey(p.sql);
  const expiresIn = p.config.idTokenTtl;
  const token = await new SignJWT({
    email: s.email,
    org_id: s.orgId,
    app_role: s.role,
    role: "authenticated",
    session_id: s.sessionId,
  })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setSubject(s.userId)
    .setIssuer(p.config.jwtIssuer)
    .setAudience(p.config.jwtAudience)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(key.privateKey);
  return { token, expiresIn };
}

export type TokenProblem = "expired" | "invalid";

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem, message: string) {
    super(message);
  }
}

/**
 * The key resolver of the gateway: the configured JWKS_URL (Supabase Auth or another issuer), and always
 * the embedded identity's own keys (partner widget tokens are issued by the platform itself).
 */
function keyResolver(p: Platform): JWTVerifyGetKey {
  return provide(p, "authKeys", () => {
    const remote = p.config.jwksUrl ? createRemoteJWKSet(new URL(p.config.jwksUrl)) : undefined;
    let local: { at: number; get: JWTVerifyGetKey } | undefined;
    const localResolver = async () => {
      if (!local || Date.now() - local.at > 60_000) local = { at: Date.now(), get: createLocalJWKSet(await jwks(p.sql)) };
      return local.get;
    };
    return async (header, token) => {
      const own = await localResolver();
      try {
        return await own(header, token);
      } catch (e) {
        if (remote) return await remote(header, token);
        // A key rotated in by another process since the cache was filled.
        local = undefined;
        const fresh = await localResolver();
        try {
          return await fresh(header, token);
        } catch {
          throw e;
        }
      }
    };
  });
}

/** Verifies an ID token (signature, issuer, audience, expiry) and returns the caller. */
export async function verifyIdToken(p: Platform, token: string): Promise<AuthContext> {
  const issuers = [p.config.jwtIssuer, ...(Deno.env.get("JWT_EXTRA_ISSUERS")?.split(",").map((s) => s.trim()).filter(Boolean) ?? [])];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keyResolver(p), { issuer: issuers, audience: p.config.jwtAudience, algorithms: ["ES256", "RS256"] }));
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new TokenError("expired", "ID token has expired");
    throw new TokenError("invalid", "ID token is invalid");
  }
  const meta = (payload.app_metadata ?? {}) as Record<string, unknown>;
  if (typeof payload.sub !== "string") throw new TokenError("invalid", "ID token has no subject");
  return {
    userId: payload.sub,
    email: String(payload.email ?? ""),
    orgId: (payload.org_id ?? meta.org_id ?? null) as string | null,
    role: String(payload.app_role ?? meta.app_role ?? "partner_user"),
    claims: payload as Record<string, unknown>,
  };
}

declare module "../platform.ts" {
  interface Seams {
    authKeys: JWTVerifyGetKey;
  }
}
