// Configuration of the notification service, read once per platform from the environment (tests override
// the "notificationConfig" seam). Every variable is listed in docs/notifications.md.
import { env, envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { log } from "../log.ts";
import { senderAddress } from "../email/index.ts";
import { LOCAL_PUSH_IDENTITY } from "../bus/push_token.ts";

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
  preferencesUrl: string;
  supportUrl: string;
  from: string;
}

const list = (s: string | undefined) => (s ?? "").split(",").map((x) => x.trim()).filter(Boolean);

// Google signs push tokens with either spelling of its issuer.
const googleAliases = (issuers: string[]) =>
  issuers.includes("https://accounts.google.com")
    ? [...new Set([...issuers, "accounts.google.com"])]
    : issuers;

/** A secret with a development default locally; deployed (Supabase sets SUPABASE_DB_URL) the well-known default
 * would let anyone forge unsubscribe links, webhooks or preference calls, so a missing secret is an error there. */
function secret(name: string, devDefault: string): string {
  const v = envOptional(name);
  if (v) return v;
  if (envOptional("SUPABASE_DB_URL")) {
    throw new Error(`${name} must be set on a deployed notification-service (see docs/deploy.md)`);
  }
  log("warn", `${name} is not set; using the local development value (set it in production)`);
  return devDefault;
}

export function loadNotificationConfig(p: Platform): NotificationConfig {
  const serviceUrl = env(
    "NOTIFICATION_SERVICE_URL",
    `${p.config.publicUrl}/functions/v1/notification-service`,
  ).replace(/\/$/, "");
  const portalUrl = env("PORTAL_URL", `${p.config.publicUrl}/portal`).replace(/\/$/, "");
  return {
    serviceUrl,
    push: {
      issuers: googleAliases(list(env("PUSH_OIDC_ISSUER", p.config.jwtIssuer))),
      audiences: list(envOptional("PUSH_OIDC_AUDIENCE")).length
        ? list(envOptional("PUSH_OIDC_AUDIENCE"))
        : [serviceUrl, `${serviceUrl}/events/push`],
      jwksUrl: envOptional("PUSH_OIDC_JWKS_URL"),
      allowedEmails: list(env("PUSH_OIDC_ALLOWED_EMAILS", LOCAL_PUSH_IDENTITY)),
    },
    webhookSecret: secret("EMAIL_WEBHOOK_SECRET", "whsec_ZGV2LW9ubHktd2ViaG9vay1zZWNyZXQtMzItYnl0ZXMh"),
    internalToken: secret("INTERNAL_SERVICE_TOKEN", "dev-internal-service-token"),
    unsubscribeSecret: secret("UNSUBSCRIBE_SECRET", "dev-unsubscribe-secret"),
    unsubscribeMailto: env("UNSUBSCRIBE_MAILTO", "unsubscribe@mail.solar-platform.local"),
    portalUrl,
    preferencesUrl: env("PREFERENCES_URL", `${portalUrl}/settings/notifications`),
    supportUrl: env("SUPPORT_URL", `${portalUrl}/support`),
    from: senderAddress(),
  };
}

export function notificationConfig(p: Platform): NotificationConfig {
  return provide(p, "notificationConfig", loadNotificationConfig);
}

declare module "../platform.ts" {
  interface Seams {
    notificationConfig: NotificationConfig;
  }
}
