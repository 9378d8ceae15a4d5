import { env, envInt } from "../config.ts";

/** Where the partner console is served (links in partner emails): CONSOLE_URL, default $PUBLIC_URL/console/. */
export function consoleUrl(): string {
  const publicUrl = env("PUBLIC_URL", `http://localhost:${envInt("PORT", 54321)}`).replace(/\/$/, "");
  return env("CONSOLE_URL", `${publicUrl}/console/`).replace(/\/?$/, "/");
}

/** An absolute URL for a path or URL of the partner's configuration (a logo given as "/demo/logo.svg"). */
export function absoluteUrl(urlOrPath: string | null | undefined): string | null {
  if (!urlOrPath) return null;
  if (/^https?:\/\//.test(urlOrPath)) return urlOrPath;
  const publicUrl = env("PUBLIC_URL", `http://localhost:${envInt("PORT", 54321)}`).replace(/\/$/, "");
  return urlOrPath.startsWith("/") ? publicUrl + urlOrPath : null;
}
