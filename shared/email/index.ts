import { ConfigError, env, envInt, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { OutboxEmailProvider } from "./outbox.ts";
import { ResendEmailProvider, type ResendOptions } from "./resend.ts";
import type { EmailProvider } from "./types.ts";

/** EMAIL_PROVIDER=resend (RESEND_API_KEY, RESEND_BASE_URL) or outbox (default: Postgres + dev mailbox). */
export function emailProvider(p: Platform): EmailProvider {
  return provide(p, "email", () => {
    const c = loadEmailConfig();
    return c.provider === "resend" ? new ResendEmailProvider(c.resend) : new OutboxEmailProvider(p.sql);
  });
}

export type EmailConfig = { provider: "outbox" } | { provider: "resend"; resend: ResendOptions };

/** The email seam's settings, read once when the seam is provided. */
export function loadEmailConfig(source: EnvSource = Deno.env): EmailConfig {
  const kind = env("EMAIL_PROVIDER", "outbox", source);
  if (kind === "outbox") return { provider: "outbox" };
  if (kind !== "resend") throw new Error(`EMAIL_PROVIDER must be resend or outbox, got "${kind}"`);
  return {
    provider: "resend",
    resend: {
      apiKey: env("RESEND_API_KEY", undefined, source),
      baseUrl: env("RESEND_BASE_URL", "https://api.resend.com", source),
      timeoutMs: envInt("RESEND_TIMEOUT_MS", 15_000, source),
    },
  };
}

/** The operator's fixed sender address (SPEC: push rule 5), EMAIL_FROM. */
export function senderAddress(source: EnvSource = Deno.env): string {
  const from = env("EMAIL_FROM", "Solar Platform <notifications@mail.solar-platform.local>", source).trim();
  if (/[\r\n]/.test(from) || !/@/.test(from)) {
    throw new ConfigError("EMAIL_FROM", `must be one address ("Name <a@b>" or "a@b")`);
  }
  return from;
}

/** The platform's sender address, read once (tests replace it with override(p, "emailSender", …)). */
export function emailSender(p: Platform): string {
  return provide(p, "emailSender", () => senderAddress());
}

export { getOutboxAttachment, getOutboxEmail, listOutbox, type OutboxEmail } from "./outbox.ts";
export * from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    email: EmailProvider;
    emailSender: string;
  }
}
