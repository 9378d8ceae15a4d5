// STACK_MODE of the local one-process stack (scripts/start.ts). `development` (the default of npm start)
// serves the /dev/* pages (the dev mailbox holds password-reset links) and accepts the development
// secrets; `production` serves no /dev/* page and refuses to start while a secret is still missing.
import { envOptional } from "../config.ts";

export type StackMode = "development" | "production";

export function stackMode(): StackMode {
  const v = (envOptional("STACK_MODE") ?? "development").toLowerCase();
  if (v !== "development" && v !== "production") {
    throw new Error(`STACK_MODE must be development or production, got "${v}"`);
  }
  return v;
}

/** Secrets that have a well-known development value when unset. */
export const DEVELOPMENT_SECRETS = [
  "INTERNAL_SERVICE_TOKEN",
  "EMAIL_WEBHOOK_SECRET",
  "UNSUBSCRIBE_SECRET",
  "APPOINTMENT_CONFIRM_SECRET",
] as const;

/** In production mode: the secrets still missing (the stack must not start with their public defaults). */
export function missingProductionSecrets(): string[] {
  return DEVELOPMENT_SECRETS.filter((name) => !envOptional(name));
}

/** Whether an address is a loopback interface (the default bind address is 127.0.0.1). */
export const isLoopback = (host: string) => host === "localhost" || host === "::1" || host.startsWith("127.");
