// A widget token's booking is a hold until the homeowner confirms it through an emailed link (docs/security.md,
// pass 7): the link carries the appointment id and the hold's end, signed with APPOINTMENT_CONFIRM_SECRET (HMAC-SHA256,
// checked with crypto.subtle.verify, which compares in constant time); it works once (held → scheduled) and not after
// the hold's end, when the slot is free again.
import { ConfigError, envInt, envOptional, type EnvSource } from "../config.ts";
import { log } from "../log.ts";
import { type Platform, provide } from "../platform.ts";

export interface HoldConfig {
  /** How long an unconfirmed widget booking keeps its slot (APPOINTMENT_HOLD_MINUTES, default 30). */
  holdMinutes: number;
  /** Unconfirmed holds a partner may have at once (APPOINTMENT_HOLDS_PER_ORG, default 20; 0 = no limit). */
  holdsPerOrg: number;
  /** HMAC key of the confirmation links (APPOINTMENT_CONFIRM_SECRET). */
  secret: string;
}

const DEV_SECRET = "dev-appointment-confirm-secret";

/** Read once per platform (holdConfig(p)); a deployed function (SUPABASE_DB_URL set) needs the secret. */
export function loadHoldConfig(source: EnvSource = Deno.env): HoldConfig {
  const holdMinutes = envInt("APPOINTMENT_HOLD_MINUTES", 30, source);
  if (!(holdMinutes >= 1 && holdMinutes <= 24 * 60)) {
    throw new ConfigError("APPOINTMENT_HOLD_MINUTES", "must be 1..1440 minutes");
  }
  const holdsPerOrg = envInt("APPOINTMENT_HOLDS_PER_ORG", 20, source);
  let secret = envOptional("APPOINTMENT_CONFIRM_SECRET", source);
  if (!secret) {
    if (envOptional("SUPABASE_DB_URL", source)) {
      throw new ConfigError(
        "APPOINTMENT_CONFIRM_SECRET",
        "must be set on a deployed appointment-handling-service",
      );
    }
    log(
      "warn",
      "APPOINTMENT_CONFIRM_SECRET is not set; using the local development value (set it in production)",
    );
    secret = DEV_SECRET;
  }
  return { holdMinutes, holdsPerOrg: Math.max(0, holdsPerOrg), secret };
}

export function holdConfig(p: Platform): HoldConfig {
  return provide(p, "holdConfig", () => loadHoldConfig());
}

declare module "../platform.ts" {
  interface Seams {
    holdConfig: HoldConfig;
  }
}

const enc = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromB64url(s: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - s.length % 4) % 4));
    return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

const keyOf = (secret: string) =>
  crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);

const signed = (id: string, exp: number) => enc.encode(`appointment-confirm:${id}:${exp}`);

/** The link's token: `<appointment id>.<hold end, epoch seconds>.<HMAC>`. */
export async function confirmToken(secret: string, appointmentId: string, expiresAt: Date): Promise<string> {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", await keyOf(secret), signed(appointmentId, exp)),
  );
  return `${appointmentId}.${exp}.${b64url(mac)}`;
}

export type TokenCheck =
  | { ok: true; appointmentId: string; expiresAt: Date }
  | { ok: false; reason: "invalid" | "expired" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Checks the signature (constant time) and then the expiry; never reads the database. */
export async function checkConfirmToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<TokenCheck> {
  const parts = token.length <= 200 ? token.split(".") : [];
  if (parts.length !== 3 || !UUID.test(parts[0]) || !/^\d{1,12}$/.test(parts[1])) {
    return { ok: false, reason: "invalid" };
  }
  const mac = fromB64url(parts[2]);
  const exp = Number(parts[1]);
  if (!mac || mac.length !== 32) return { ok: false, reason: "invalid" };
  const good = await crypto.subtle.verify("HMAC", await keyOf(secret), mac, signed(parts[0], exp));
  if (!good) return { ok: false, reason: "invalid" };
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, appointmentId: parts[0], expiresAt: new Date(exp * 1000) };
}
