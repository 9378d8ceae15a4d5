import { createLocalJWKSet, jwtVerify } from "jose";
import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { jwks } from "./keys.ts";

/**
 * The per-homeowner capability of the public widget token (docs/security.md, pass 8). Every widget ID token carries a
 * random `widget_session` claim, made when the widget exchanges the partner's `wgt_` token and carried to the next ID
 * token when the widget presents the one it holds (`carriedWidgetSession`). The contacts, properties, leads and bill
 * extractions a widget token creates record it (a database trigger copies it from the claims, so no caller picks it);
 * a widget token reaches a record by its id only with the same `widget_session`, else the record is as unknown as a
 * missing one (404). Staff tokens are not bound.
 */
export const WIDGET_SESSION_CLAIM = "widget_session";

/** How long after an ID token expired it may still hand its widget session to the next one (a tab that slept). */
export const WIDGET_SESSION_CARRY_SECONDS = 24 * 3600;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A widget caller's session (null when its token carries none); undefined for every other role (not bound). */
export function widgetSessionOf(auth: Pick<AuthContext, "role" | "claims">): string | null | undefined {
  if (auth.role !== "widget") return undefined;
  const s = auth.claims?.[WIDGET_SESSION_CLAIM];
  return typeof s === "string" && UUID.test(s) ? s.toLowerCase() : null;
}

/** Whether a record created under `recordSession` is hidden from this caller: a widget token of another session. */
export function hiddenFromWidget(
  auth: Pick<AuthContext, "role" | "claims">,
  recordSession: unknown,
): boolean {
  const mine = widgetSessionOf(auth);
  if (mine === undefined) return false;
  return mine === null || typeof recordSession !== "string" || recordSession.toLowerCase() !== mine;
}

/** The claims that let an ID token hand its widget session on; checked against the widget token being refreshed. */
export interface CarriedWidgetSession {
  userId: string;
  sessionId: string;
  widgetSession: string;
}

/**
 * The widget session of the ID token a widget presents (`Authorization`) when it exchanges its `wgt_` token again:
 * signed with the platform's own key, for this audience and issuer, a widget token, expired at most
 * WIDGET_SESSION_CARRY_SECONDS ago. Anything else (no token, a forged or foreign one) gives null: a new session.
 */
export async function carriedWidgetSession(
  p: Platform,
  authorization: string | undefined,
): Promise<CarriedWidgetSession | null> {
  const m = /^Bearer\s+([A-Za-z0-9._-]{20,8192})$/i.exec(authorization?.trim() ?? "");
  if (!m) return null;
  try {
    const { payload } = await jwtVerify(m[1], createLocalJWKSet(await jwks(p.sql)), {
      issuer: p.config.jwtIssuer,
      audience: p.config.jwtAudience,
      algorithms: ["ES256"],
      requiredClaims: ["exp"],
      clockTolerance: WIDGET_SESSION_CARRY_SECONDS,
    });
    const s = payload[WIDGET_SESSION_CLAIM];
    if (payload.app_role !== "widget" || typeof payload.sub !== "string") return null;
    if (typeof s !== "string" || !UUID.test(s) || typeof payload.session_id !== "string") return null;
    return { userId: payload.sub, sessionId: payload.session_id, widgetSession: s.toLowerCase() };
  } catch {
    return null;
  }
}
