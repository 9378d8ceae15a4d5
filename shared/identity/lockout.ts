import { envInt } from "../config.ts";

/** Brute-force protection: LOGIN_MAX_FAILURES failures within LOGIN_FAILURE_WINDOW_SECONDS lock the account for LOGIN_LOCK_SECONDS. */
export interface LockoutPolicy {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export function lockoutPolicyFromEnv(): LockoutPolicy {
  return {
    maxFailures: envInt("LOGIN_MAX_FAILURES", 5),
    windowSeconds: envInt("LOGIN_FAILURE_WINDOW_SECONDS", 900),
    lockSeconds: envInt("LOGIN_LOCK_SECONDS", 900),
  };
}
