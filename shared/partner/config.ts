// Partner settings of the operator, read once per platform (partnerConfig(p)), never per invitation or webhook.
import { ConfigError, envBool, envPositiveInt, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";

export interface PartnerConfig {
  /** Hours an invitation link stays valid (PARTNER_INVITATION_TTL_HOURS, default 7 days, at most a year). */
  invitationTtlHours: number;
  /** Webhooks may target loopback/private hosts and plain http (PARTNER_WEBHOOK_ALLOW_PRIVATE; development). */
  webhookAllowPrivate: boolean;
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
  };
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
