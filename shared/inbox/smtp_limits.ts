// The embedded SMTP listener's limits from the environment (README "Configuration"): the message size, a
// session's deadline and the connections one address may hold (docs/security.md passes 10 and 12).
import { envPositiveInt, type EnvSource } from "../config.ts";
import { MAX_CLIENTS_PER_ADDRESS, SESSION_SECONDS } from "./smtp_listener.ts";

export interface SmtpLimits {
  maxBytes: number;
  sessionSeconds: number;
  maxPerAddress: number;
}

export function smtpLimitsFromEnv(source?: EnvSource): SmtpLimits {
  return {
    maxBytes: envPositiveInt("INBOX_MAX_MESSAGE_BYTES", 25 * 1024 * 1024, source),
    sessionSeconds: envPositiveInt("INBOX_SMTP_SESSION_SECONDS", SESSION_SECONDS, source),
    maxPerAddress: envPositiveInt("INBOX_SMTP_MAX_PER_ADDRESS", MAX_CLIENTS_PER_ADDRESS, source),
  };
}
