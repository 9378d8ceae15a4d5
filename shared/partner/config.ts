// Partner settings of the operator, read once per platform (partnerConfig(p)), never per invitation or webhook.
import { ConfigError, envBool, envOptional, envPositiveInt, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";

export interface PartnerConfig {
  /** Hours an invitation link stays valid (PARTNER_INVITATION_TTL_HOURS, default 7 days, at most a year). */
  invitationTtlHours: number;
  /** Webhooks may target loopback/private hosts and plain http (PARTNER_WEBHOOK_ALLOW_PRIVATE; development). */
  webhookAllowPrivate: boolean;
  /**
   * The ports a webhook URL may name (PARTNER_WEBHOOK_PORTS, comma-separated; default 443 only): a partner must not
   * have the platform open connections to any port of a public host (security pass 10). Not applied while
   * webhookAllowPrivate is on (local receivers listen on any port).
   */
  webhookPorts: number[];
  /**
   * Webhooks one organization may have (PARTNER_WEBHOOKS_MAX, default 10): every lead event is delivered to each, and
   * the public widget token creates leads, so without a bound one partner made the platform send any number of
   * signed POSTs per lead to a host of its choosing, and filled the shared delivery queue (security pass 13).
   */
  webhooksMax: number;
  /**
   * Invitations one organization may send in 24 hours (PARTNER_INVITATIONS_PER_DAY, default 50): each is an email in
   * the partner's name from the platform's sender to any address, so without a bound one partner's admin mailed any
   * number of strangers through the sending domain every partner shares (security pass 13).
   */
  invitationsPerDay: number;
}

const MAX_TTL_HOURS = 24 * 366;

export function loadPartnerConfig(source: EnvSource = Deno.env): PartnerConfig {
  const invitationTtlHours = envPositiveInt("PARTNER_INVITATION_TTL_HOURS", 168, source);
  if (invitationTtlHours > MAX_TTL_HOURS) {
    throw new ConfigError("PARTNER_INVITATION_TTL_HOURS", `must be at most ${MAX_TTL_HOURS} hours`);
  }
  return {
    invitationTtlHours,
    webhookAllowPrivate: envBool("PARTNER_WEBHOOK_ALLOW_PRIVATE", false, source),
    webhookPorts: webhookPorts(envOptional("PARTNER_WEBHOOK_PORTS", source)),
    webhooksMax: envPositiveInt("PARTNER_WEBHOOKS_MAX", 10, source),
    invitationsPerDay: envPositiveInt("PARTNER_INVITATIONS_PER_DAY", 50, source),
  };
}

/** `443` by default; otherwise a comma-separated list of ports 1–65535 (at least one). */
function webhookPorts(raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === "") return [443];
  const ports = raw.split(",").map((s) => s.trim());
  if (!ports.every((s) => /^\d{1,5}$/.test(s) && Number(s) >= 1 && Number(s) <= 65535)) {
    throw new ConfigError("PARTNER_WEBHOOK_PORTS", `must be ports (1-65535) separated by commas, got ${raw}`);
  }
  return [...new Set(ports.map(Number))];
}

/** The platform's partner settings (tests replace them with override(p, "partnerConfig", …)). */
export function partnerConfig(p: Platform): PartnerConfig {
  return provide(p, "partnerConfig", () => loadPartnerConfig());
}

declare module "../platform.ts" {
  interface Seams {
    partnerConfig: PartnerConfig;
  }
}
