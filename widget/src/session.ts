// The homeowner's progress survives a reload: the state (not the bill's bytes: the uploaded bill is known by its
// transaction id) is kept in sessionStorage, one entry per partner token. So is the last ID token, for one purpose: it
// is presented when the page exchanges the partner token again after a reload, so the new ID token keeps the homeowner
// session that reaches the property, lead and bill saved here (docs/security.md, pass 8); the public partner token
// gives anyone an ID token anyway, what this one adds is this tab's own records.
import type { WidgetState } from "./types.ts";

const key = (token: string) => {
  let h = 5381;
  for (let i = 0; i < token.length; i++) h = ((h << 5) + h + token.charCodeAt(i)) | 0;
  return `solar-widget:${(h >>> 0).toString(36)}`;
};

export function loadSession(token: string): Partial<WidgetState> | null {
  try {
    const raw = sessionStorage.getItem(key(token));
    const saved = raw ? JSON.parse(raw) : null;
    return saved && typeof saved === "object" && typeof saved.step === "string" ? saved : null;
  } catch {
    return null; // storage blocked (third-party frame settings) or unreadable: start afresh
  }
}

export function saveSession(token: string, state: WidgetState): void {
  try {
    const { files: _files, ...rest } = state;
    sessionStorage.setItem(key(token), JSON.stringify(rest));
  } catch { /* storage blocked or full: progress is kept in memory only */ }
}

export function clearSession(token: string): void {
  try {
    sessionStorage.removeItem(key(token));
  } catch { /* nothing to clear */ }
}

const tokenKey = (token: string) => `${key(token)}:id`;

/** The ID token saved by the last exchange in this tab (null when none or storage is blocked). */
export function loadIdToken(token: string): string | null {
  try {
    return sessionStorage.getItem(tokenKey(token));
  } catch {
    return null;
  }
}

export function saveIdToken(token: string, idToken: string): void {
  try {
    sessionStorage.setItem(tokenKey(token), idToken);
  } catch { /* storage blocked: a reload starts a new homeowner session */ }
}
