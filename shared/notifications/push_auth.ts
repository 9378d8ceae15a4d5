// Verifies the OIDC token of a bus push (SPEC: push rules 1-2, Authentication 6): signature against the
// issuer's JWKS, issuer, audience (the service's own URL), expiry, and the push identity's email.
import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { type Platform, provide } from "../platform.ts";
import { jwks } from "../auth/keys.ts";
import { notificationConfig } from "./config.ts";

export class PushAuthError extends Error {}

function keyResolver(p: Platform): JWTVerifyGetKey {
  return provide(p, "pushKeys", () => {
    const url = notificationConfig(p).push.jwksUrl;
    if (url) return createRemoteJWKSet(new URL(url));
    // The local issuer's keys live in the database; refreshed when a token names an unknown key.
    let local: { at: number; get: JWTVerifyGetKey } | undefined;
    const load = async () => (local = { at: Date.now(), get: createLocalJWKSet(await jwks(p.sql)) }).get;
    return async (header, token) => {
      const get = local && Date.now() - local.at < 60_000 ? local.get : await load();
      try {
        return await get(header, token);
      } catch {
        return await (await load())(header, token);
      }
    };
  });
}

// The bus reuses one token for many pushes (Pub/Sub: about an hour): a token string verified once is
// remembered until it expires, so its signature is not checked again on every push.
const MAX_REMEMBERED = 1000;

function verified(p: Platform): Map<string, { email: string; exp: number }> {
  return provide(p, "verifiedPushTokens", () => new Map());
}

/** Returns the push identity (email) of a verified token, or throws PushAuthError. */
export async function verifyPushToken(p: Platform, authorization: string | undefined): Promise<string> {
  if (!authorization || !authorization.startsWith("Bearer ")) throw new PushAuthError("missing bearer token");
  const token = authorization.slice(7).trim();
  const seen = verified(p).get(token);
  if (seen && seen.exp > Date.now()) return seen.email;
  return await verifyFresh(p, token);
}

async function verifyFresh(p: Platform, token: string): Promise<string> {
  const cfg = notificationConfig(p).push;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyResolver(p), {
      issuer: cfg.issuers,
      audience: cfg.audiences,
      algorithms: ["RS256", "ES256"],
      clockTolerance: 30,
      requiredClaims: ["exp"], // a token without expiry would be valid forever
    }));
  } catch (e) {
    // A key set that could not be loaded (database or JWKS endpoint down) is not the caller's fault: 500.
    if (!(e instanceof errors.JOSEError) || e instanceof errors.JWKSTimeout) throw e;
    throw new PushAuthError(`push token rejected: ${(e as Error).message}`);
  }
  const email = typeof payload.email === "string" ? payload.email : "";
  if (payload.email_verified === false) throw new PushAuthError("push identity email is not verified");
  if (cfg.allowedEmails.length && !cfg.allowedEmails.includes(email)) {
    throw new PushAuthError(`push identity ${email || "(none)"} is not allowed`);
  }
  const cache = verified(p);
  if (cache.size >= MAX_REMEMBERED) cache.clear();
  if (typeof payload.exp === "number") cache.set(token, { email, exp: payload.exp * 1000 });
  return email;
}

declare module "../platform.ts" {
  interface Seams {
    pushKeys: JWTVerifyGetKey;
    verifiedPushTokens: Map<string, { email: string; exp: number }>;
  }
}
