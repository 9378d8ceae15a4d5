import { env, envInt } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { OutboxEmailProvider } from "./outbox.ts";
import { ResendEmailProvider } from "./resend.ts";
import type { EmailProvider } from "./types.ts";

/** EMAIL_PROVIDER=resend (RESEND_API_KEY, RESEND_BASE_URL) or outbox (default: Postgres + dev mailbox). */
export function emailProvider(p: Platform): EmailProvider {
  return provide(p, "email", () => {
    const kind = env("EMAIL_PROVIDER", "outbox");
    if (kind === "resend") {
      return new ResendEmailProvider({
        apiKey: env("RESEND_API_KEY"),
        baseUrl: env("RESEND_BASE_URL", "https://api.resend.com"),
        timeoutMs: envInt("RESEND_TIMEOUT_MS", 15_000),
      });
    }
    if (kind !== "outbox") throw new Error(`EMAIL_PROVIDER must be resend or outbox, got "${kind}"`);
    return new OutboxEmailProvider(p.sql);
  });
}

/** The operator's fixed sender address (SPEC: push rule 5). */
export function senderAddress(): string {
  return env("EMAIL_FROM", "Solar Platform <notifications@mail.solar-platform.local>");
}

export { getOutboxAttachment, getOutboxEmail, listOutbox, type OutboxEmail } from "./outbox.ts";
export * from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    email: EmailProvider;
  }
}
