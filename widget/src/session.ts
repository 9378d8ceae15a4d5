// The homeowner's progress survives a reload: the state (not the ID token, not the bill's bytes: the
// uploaded bill is known by its transaction id) is kept in sessionStorage, one entry per partner token.
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
