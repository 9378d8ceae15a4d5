// The embedded SMTP listener's limits are configuration, not constants (security pass 12 left them fixed).
import assert from "node:assert/strict";
import { smtpLimitsFromEnv } from "../../../shared/inbox/smtp_limits.ts";
import { MAX_CLIENTS_PER_ADDRESS, SESSION_SECONDS } from "../../../shared/inbox/smtp_listener.ts";
import { ConfigError } from "../../../shared/config.ts";

Deno.test("the SMTP listener's limits come from the environment, with the documented defaults", () => {
  assert.deepEqual(smtpLimitsFromEnv(new Map()), {
    maxBytes: 25 * 1024 * 1024,
    sessionSeconds: SESSION_SECONDS,
    maxPerAddress: MAX_CLIENTS_PER_ADDRESS,
  });
  const env = new Map([
    ["INBOX_MAX_MESSAGE_BYTES", "1048576"],
    ["INBOX_SMTP_SESSION_SECONDS", "120"],
    ["INBOX_SMTP_MAX_PER_ADDRESS", "3"],
  ]);
  assert.deepEqual(smtpLimitsFromEnv(env), { maxBytes: 1048576, sessionSeconds: 120, maxPerAddress: 3 });
});

Deno.test("an SMTP limit that is not a whole number of at least 1 is a configuration error naming it", () => {
  assert.throws(
    () => smtpLimitsFromEnv(new Map([["INBOX_SMTP_MAX_PER_ADDRESS", "0"]])),
    (e) => e instanceof ConfigError && e.message.includes("INBOX_SMTP_MAX_PER_ADDRESS"),
  );
});
