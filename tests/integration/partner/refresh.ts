import type { Platform } from "../../../shared/platform.ts";
import { identityProvider } from "../../../shared/identity/index.ts";

/** Exchanges a widget token the way the widget does; resolves with the ID token's role. */
export async function refreshWithToken(p: Platform, token: string): Promise<{ role: string }> {
  const r = await identityProvider(p).refreshGrant(token);
  const claims = JSON.parse(atob(r.idToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
  return { role: claims.app_role };
}
