// Public links the platform writes into emails and documents: the public base URL (CoreConfig.publicUrl, from
// PUBLIC_URL) and the partner console (CONSOLE_URL). Read once per platform (links(p)); never per link.
import { ConfigError, envOptional, type EnvSource } from "./config.ts";
import { type Platform, provide } from "./platform.ts";

export interface LinkConfig {
  /** The platform's public base URL, without a trailing slash. */
  publicUrl: string;
  /** Where the partner console is served, with a trailing slash (CONSOLE_URL, default $PUBLIC_URL/console/). */
  consoleUrl: string;
}

/** CONSOLE_URL (an absolute http(s) URL), default `<publicUrl>/console/`; anything else is a ConfigError. */
export function loadConsoleUrl(publicUrl: string, source: EnvSource = Deno.env): string {
  const raw = envOptional("CONSOLE_URL", source);
  if (raw === undefined) return `${publicUrl.replace(/\/$/, "")}/console/`;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError("CONSOLE_URL", "must be an absolute http(s) URL");
  }
  if (!/^https?:$/.test(u.protocol)) throw new ConfigError("CONSOLE_URL", "must be an absolute http(s) URL");
  return raw.replace(/\/?$/, "/");
}

export function loadLinkConfig(publicUrl: string, source: EnvSource = Deno.env): LinkConfig {
  return { publicUrl: publicUrl.replace(/\/$/, ""), consoleUrl: loadConsoleUrl(publicUrl, source) };
}

/** The platform's link settings (tests replace them with override(p, "links", loadLinkConfig(…, new Map(…)))). */
export function links(p: Platform): LinkConfig {
  return provide(p, "links", () => loadLinkConfig(p.config.publicUrl));
}

declare module "./platform.ts" {
  interface Seams {
    links: LinkConfig;
  }
}

/** An absolute URL for a path or URL of the partner's configuration (a logo given as "/demo/logo.svg"). */
export function absoluteUrl(publicUrl: string, urlOrPath: string | null | undefined): string | null {
  if (!urlOrPath) return null;
  if (/^https?:\/\//.test(urlOrPath)) return urlOrPath;
  return urlOrPath.startsWith("/") ? publicUrl.replace(/\/$/, "") + urlOrPath : null;
}
