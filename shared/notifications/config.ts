// Configuration of the notification service, read once per platform from the environment (tests override
// the "notificationConfig" seam). Every variable is listed in docs/notifications.md.
import { ConfigError, env, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { log } from "../log.ts";
import { senderAddress } from "../email/index.ts";
import { LOCAL_PUSH_IDENTITY } from "../bus/push_token.ts";
import { loadConsoleUrl } from "../urls.ts";

export interface PushAuthConfig {
  /** Accepted token issuers: Google's in production, the local identity otherwise. */
  issuers: string[];
  /** Accepted audiences: the service's own URL (and its push endpoint URL). */
  audiences: string[];
  /** JWKS to verify push tokens; unset means the embedded identity's keys in the database. */
  jwksUrl?: string;
  /** Push identities (service-account emails) allowed to call /events/push; empty allows any. */
  allowedEmails: string[];
}

export interface NotificationConfig {
  /** Public URL of the notification service (unsubscribe links, default push audience). */
  serviceUrl: string;
  push: PushAuthConfig;
  /** Standard Webhooks secret ("whsec_..."), shared with the email provider. */
  webhookSecret: string;
  /** Token other services send to /preferences. */
  internalToken: string;
  /** HMAC key of unsubscribe links. */
  unsubscribeSecret: string;
  /** mailto: target of the List-Unsubscribe header. */
  unsubscribeMailto: string;
  portalUrl: string;
  /** The partner console (CONSOLE_URL, default $PUBLIC_URL/console/): links in partner emails. */
  consoleUrl: string;
  preferencesUrl: string;
  supportUrl: string;
  from: string;
  /** Static unsubscribe confirmation page (UNSUBSCRIBE_PAGE_URL) where HTML is served as text/plain. */
  unsubscribePageUrl?: string;
}

const list = (s: string | undefined) => (s ?? "").split(",").map((x) => x.trim()).filter(Boolean);

// Google signs push tokens with either spelling of its issuer.
const googleAliases = (issuers: string[]) =>
  issuers.includes("https://accounts.google.com")
    ? [...new Set([...issuers, "accounts.google.com"])]
    : issuers;

/** A secret with a development default locally; deployed (Supabase sets SUPABASE_DB_URL) the well-known default
 * would let anyone forge unsubscribe links, webhooks or preference calls, so a missing secret is an error there. */
function secret(name: string, devDefault: string, source: EnvSource): string {
  const v = envOptional(name, source);
  if (v) return v;
  if (envOptional("SUPABASE_DB_URL", source)) {
    throw new ConfigError(name, "must be set on a deployed notification-service (see docs/deploy.md)");
  }
  log("warn", `${name} is not set; using the local development value (set it in production)`);
  return devDefault;
}

/** Read once per platform (notificationConfig(p)); tests pass a Map as `source`. */
export function loadNotificationConfig(p: Platform, source: EnvSource = Deno.env): NotificationConfig {
  const audiences = list(envOptional("PUSH_OIDC_AUDIENCE", source));
  const serviceUrl = env(
    "NOTIFICATION_SERVICE_URL",
    `${p.config.publicUrl}/functions/v1/notification-service`,
    source,
  ).replace(/\/$/, "");
  const portalUrl = env("PORTAL_URL", `${p.config.publicUrl}/portal`, source).replace(/\/$/, "");
  return {
    serviceUrl,
    push: {
      issuers: googleAliases(list(env("PUSH_OIDC_ISSUER", p.config.jwtIssuer, source))),
      audiences: audiences.length ? audiences : [serviceUrl, `${serviceUrl}/events/push`],
      jwksUrl: envOptional("PUSH_OIDC_JWKS_URL", source),
      allowedEmails: list(env("PUSH_OIDC_ALLOWED_EMAILS", LOCAL_PUSH_IDENTITY, source)),
    },
    webhookSecret: secret(
      "EMAIL_WEBHOOK_SECRET",
      "whsec_ZGV2LW9ubHktd2ViaG9vay1zZWNyZXQtMzItYnl0ZXMh",
      source,
    ),
    internalToken: secret("INTERNAL_SERVICE_TOKEN", "dev-internal-service-token", source),
    unsubscribeSecret: secret("UNSUBSCRIBE_SECRET", "dev-unsubscribe-secret", source),
    unsubscribeMailto: env("UNSUBSCRIBE_MAILTO", "unsubscribe@mail.solar-platform.local", source),
    portalUrl,
    consoleUrl: loadConsoleUrl(p.config.publicUrl, source),
    preferencesUrl: env("PREFERENCES_URL", `${portalUrl}/settings/notifications`, source),
    supportUrl: env("SUPPORT_URL", `${portalUrl}/support`, source),
    from: senderAddress(source),
    unsubscribePageUrl: envOptional("UNSUBSCRIBE_PAGE_URL", source),
  };
}

export function notificationConfig(p: Platform): NotificationConfig {
  return provide(p, "notificationConfig", (p) => loadNotificationConfig(p));
}

declare module "../platform.ts" {
  interface Seams {
    notificationConfig: NotificationConfig;
  }
}
