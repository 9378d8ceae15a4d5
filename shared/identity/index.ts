import { env, envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedIdentity } from "./embedded.ts";
import { SupabaseIdentity } from "./supabase.ts";
import type { IdentityProvider } from "./types.ts";
import { errorText, log } from "../log.ts";
import { publishEvent } from "../events/publish.ts";

/** Publishes auth.account_locked; a bus failure is logged and never blocks the sign-in answer. */
async function announceLock(p: Platform, userId: string): Promise<void> {
  try {
    await publishEvent(p, {
      event_type: "auth.account_locked",
      source: "authenticator-service",
      payload: { actor_id: userId, recipient_ids: [userId] },
    });
  } catch (e) {
    log("warn", "could not publish auth.account_locked", { userId, error: errorText(e) });
  }
}

/** IDENTITY_PROVIDER=supabase (SUPABASE_URL, SUPABASE_ANON_KEY) or embedded (default). */
export function identityProvider(p: Platform): IdentityProvider {
  return provide(p, "identity", () => {
    const embedded = new EmbeddedIdentity(p, { onAccountLocked: (id) => announceLock(p, id) });
    const kind = env("IDENTITY_PROVIDER", "embedded");
    if (kind === "supabase") {
      return new SupabaseIdentity(
        env("SUPABASE_URL"),
        envOptional("SUPABASE_ANON_KEY") ?? env("SUPABASE_ANON_KEY"),
        embedded,
      );
    }
    if (kind !== "embedded") throw new Error(`IDENTITY_PROVIDER must be embedded or supabase, got ${kind}`);
    return embedded;
  });
}
export * from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    identity: IdentityProvider;
  }
}
