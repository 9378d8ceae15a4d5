// The OIDC token the local bus sends with each push, as Pub/Sub does for a push subscription with a
// service account: ES256-signed by the embedded identity's key (JWKS at /auth/v1/.well-known/jwks.json).
import { SignJWT } from "jose";
import type { Platform } from "../platform.ts";
import { signingKey } from "../auth/keys.ts";

/** The identity the local bus pushes as (the email claim of its OIDC tokens). */
export const LOCAL_PUSH_IDENTITY = "bus-push@solar-platform.local";

/** Signs the OIDC token the local bus sends with a push (what Pub/Sub's push service account does). */
export async function signPushToken(p: Platform, audience: string, identity: string): Promise<string> {
  const key = await signingKey(p.sql);
  return await new SignJWT({ email: identity, email_verified: true, azp: identity })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuer(p.config.jwtIssuer)
    .setSubject(identity)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key.privateKey);
}
