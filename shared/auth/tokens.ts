import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JWTPayload,
  jwtVerify,
  type JWTVerifyGetKey,
  SignJWT,
} from "jose";
import type { Platform } from "../platform.ts";
import { provide } from "../platform.ts";
import { envOptional, type EnvSource } from "../config.ts";
import { jwks, signingKey } from "./keys.ts";
import type { AuthContext } from "../db/scoped.ts";
import { WIDGET_SESSION_CLAIM } from "./widget_session.ts";
import { checksMembership, stillMember } from "./current_member.ts";

export interface IdTokenSubject {
  userId: string;
  email: string;
  orgId: string | null;
  role: string;
  sessionId?: string;
  /** A widget token's homeowner session (shared/auth/widget_session.ts); a new one when not given. */
  widgetSession?: string;
}

/** Signs a short-lived ID token with the embedded identity's ES256 key. */
export async function issueIdToken(
  p: Platform,
  s: IdTokenSubject,
): Promise<{ token: string; expiresIn: number }> {
  const key = await signingKey(p.sql);
  const expiresIn = p.config.idTokenTtl;
  const token = await new SignJWT({
    email: s.email,
    org_id: s.orgId,
    app_role: s.role,
    role: "authenticated",
    session_id: s.sessionId,
    [WIDGET_SESSION_CLAIM]: s.role === "widget" ? s.widgetSession ?? crypto.randomUUID() : undefined,
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

/** `stale`: a valid token whose role or organisation the user no longer has (answered 403, security pass 12). */
export type TokenProblem = "expired" | "invalid" | "stale";

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem, message: string) {
    super(message);
  }
}

type KeyResolver = (
  header: Parameters<JWTVerifyGetKey>[0],
  token: Parameters<JWTVerifyGetKey>[1],
  markOwn: () => void,
) => ReturnType<JWTVerifyGetKey>;

/**
 * The key resolver of the gateway: the configured JWKS_URL (Supabase Auth or another issuer), and always
 * the embedded identity's own keys (partner widget tokens are issued by the platform itself). `markOwn`
 * is called when the platform's own key signed the token.
 */
const LOCAL_KEYS_COOLDOWN_MS = 10_000;

function keyResolver(p: Platform): KeyResolver {
  return provide(p, "authKeys", () => {
    const remote = p.config.jwksUrl ? createRemoteJWKSet(new URL(p.config.jwksUrl)) : undefined;
    let local: { at: number; get: JWTVerifyGetKey; keys: number } | undefined;
    const localResolver = async () => {
      if (!local || Date.now() - local.at > 60_000) {
        const set = await jwks(p.sql);
        local = { at: Date.now(), get: createLocalJWKSet(set), keys: set.keys.length };
      }
      return local.get;
    };
    const resolver: KeyResolver = async (header, token, markOwn) => {
      const own = await localResolver();
      try {
        const key = await own(header, token);
        markOwn();
        return key;
      } catch (e) {
        if (remote) return await remote(header, token);
        // A key rotated in by another process since the cache was filled: looked for at most once per
        // LOCAL_KEYS_COOLDOWN_MS, so tokens with made-up `kid`s (no account needed) cannot turn every request
        // into a database query (jose's remote JWKS set has the same kind of cooldown).
        // (A platform read before its first key existed looks again at once.)
        if (local?.keys && Date.now() - local.at < LOCAL_KEYS_COOLDOWN_MS) throw e;
        local = undefined;
        const fresh = await localResolver();
        try {
          const key = await fresh(header, token);
          markOwn();
          return key;
        } catch {
          throw e;
        }
      }
    };
    return resolver;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the session an ID token was issued for is still alive: some refresh token of its family is
 * unrevoked and unexpired (a widget token is its own family). Revoking a session (reuse detection,
 * `identity revoke-token`) thus ends its ID tokens at once, not when they expire.
 */
async function sessionActive(p: Platform, sessionId: string): Promise<boolean> {
  const [r] = await p.sql`select exists(select 1 from identity.refresh_tokens where family_id = ${sessionId}
    and revoked_at is null and (expires_at is null or expires_at > now())) as active`;
  return !!r.active;
}

export interface TokenConfig {
  /** Issuers accepted besides CoreConfig.jwtIssuer (JWT_EXTRA_ISSUERS, comma separated). */
  extraIssuers: string[];
}

export function loadTokenConfig(source: EnvSource = Deno.env): TokenConfig {
  return {
    extraIssuers: (envOptional("JWT_EXTRA_ISSUERS", source) ?? "").split(",").map((s) => s.trim()).filter(
      Boolean,
    ),
  };
}

/** The issuers an ID token may name, computed once per platform (tests override "tokenConfig" first). */
function acceptedIssuers(p: Platform): string[] {
  return provide(p, "acceptedIssuers", (p) => [
    p.config.jwtIssuer,
    ...provide(p, "tokenConfig", () => loadTokenConfig()).extraIssuers,
  ]);
}

/** Verifies an ID token (signature, issuer, audience, expiry, session) and returns the caller. */
export async function verifyIdToken(p: Platform, token: string): Promise<AuthContext> {
  const issuers = acceptedIssuers(p);
  let payload: JWTPayload;
  let ownKey = false;
  const resolve = keyResolver(p);
  try {
    ({ payload } = await jwtVerify(token, (h, t) => resolve(h, t, () => (ownKey = true)), {
      issuer: issuers,
      audience: p.config.jwtAudience,
      algorithms: ["ES256", "RS256"],
      // A token without an expiry would be valid forever.
      requiredClaims: ["exp"],
    }));
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new TokenError("expired", "ID token has expired");
    throw new TokenError("invalid", "ID token is invalid");
  }
  const meta = (payload.app_metadata ?? {}) as Record<string, unknown>;
  if (typeof payload.sub !== "string") throw new TokenError("invalid", "ID token has no subject");
  const auth: AuthContext = {
    userId: payload.sub,
    email: String(payload.email ?? ""),
    orgId: (payload.org_id ?? meta.org_id ?? null) as string | null,
    // No role claim, no role (as app.current_app_role() in the database): before pass 11 such a token (an external
    // issuer's user who signed themselves up) was taken for a partner_user.
    role: String(payload.app_role ?? meta.app_role ?? ""),
    claims: payload as Record<string, unknown>,
  };
  if (ownKey && payload.session_id !== undefined) {
    if (typeof payload.session_id !== "string" || !UUID.test(payload.session_id)) {
      throw new TokenError("invalid", "ID token has an invalid session");
    }
    if (!(await sessionActive(p, payload.session_id))) {
      throw new TokenError("invalid", "ID token's session has been revoked");
    }
  } else if (
    checksMembership(auth.role, auth.orgId) && !(await stillMember(p, auth.userId, auth.orgId!, auth.role))
  ) {
    // No session to check (an external issuer's token): its role and organisation must still be the user's (pass 12).
    throw new TokenError("stale", "Your role or organization has changed: sign in again");
  }
  return auth;
}

declare module "../platform.ts" {
  interface Seams {
    authKeys: KeyResolver;
    tokenConfig: TokenConfig;
    acceptedIssuers: string[];
  }
}
