// The local stack's own pages (security pass 10). Development mode serves /dev/* (the dev mailbox: password-reset and
// invitation links, buttons that fire signed delivery webhooks) on 127.0.0.1, where any page the developer opens can
// reach it: a form posted from another site (CSRF), the page framed under another site's (clickjacking), or a name
// of the attacker's that rebinds to 127.0.0.1 (DNS rebinding: the browser then treats the stack as that site's origin
// and lets its script read /dev/mailbox.json). So:
// - every HTML page of the stack's root (/, /docs, /demo, /dev/*) may not be framed (`frame-ancestors 'none'`,
//   `X-Frame-Options: DENY`) unless its route set a policy of its own (the console, the widget);
// - /dev/* answers only a request whose Host is a loopback name or the host of PUBLIC_URL (403 `forbidden_host`);
// - a /dev/* request that changes something (any method but GET, HEAD) needs this stack's token (a hidden field of
//   the page's forms, or `X-Dev-Token`), and a browser's Origin / Sec-Fetch-Site must be the stack's own
//   (403 `csrf_failed`).
import type { Context, MiddlewareHandler } from "hono";
import { type Platform, provide } from "../platform.ts";
import { errorBody } from "../http/errors.ts";
import { safeEqual } from "../auth/safe_equal.ts";
import { DEV_TOKEN_FIELD } from "../email/mailbox_page.ts";

export { DEV_TOKEN_FIELD };

/** The header a state-changing /dev/* request may carry this stack's token in (the form field: DEV_TOKEN_FIELD). */
export const DEV_TOKEN_HEADER = "x-dev-token";

/** This stack's token for its development pages' forms: random per process, never sent to another origin. */
export function devToken(p: Platform): string {
  return provide(p, "devToken", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  });
}

/** The `Host` header's name (port and IPv6 brackets dropped, lower case, one trailing dot dropped). */
export function hostName(host: string | undefined): string | null {
  if (!host) return null;
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  } catch {
    return null;
  }
}

/** Loopback names, and the host of PUBLIC_URL (a stack exposed under its own name, HOST=0.0.0.0). */
export function isStackHost(host: string | undefined, publicUrl: string): boolean {
  const name = hostName(host);
  if (!name) return false;
  if (
    name === "localhost" || name.endsWith(".localhost") || name === "::1" || /^127\.\d+\.\d+\.\d+$/.test(name)
  ) {
    return true;
  }
  return name === hostName(new URL(publicUrl).host);
}

/** Frames no HTML page of the stack's root that has no policy of its own. */
export const noFraming: MiddlewareHandler = async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!/^\s*text\/html/i.test(h.get("content-type") ?? "")) return;
  // A route's own policy is kept whole (the widget is meant to be framed: `frame-ancestors *`).
  if (h.has("content-security-policy")) return;
  h.set("Content-Security-Policy", "frame-ancestors 'none'; base-uri 'self'");
  if (!h.has("x-frame-options")) h.set("X-Frame-Options", "DENY");
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin the browser names, when it is not this request's own (scheme, host and port). */
function crossSite(c: Context): string | null {
  const site = c.req.header("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = c.req.header("origin");
  if (origin === undefined) return null;
  // The host and port the browser came from must be the ones it asked (the scheme may differ behind a TLS proxy).
  const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
  let from: string | null = null;
  try {
    from = /^https?:\/\//i.test(origin) ? new URL(origin).host.toLowerCase() : null;
  } catch { /* not a URL: "null", junk */ }
  return from === host ? null : `Origin: ${origin}`;
}

async function presentedToken(c: Context): Promise<string> {
  const header = c.req.header(DEV_TOKEN_HEADER);
  if (header) return header;
  const type = c.req.header("content-type") ?? "";
  if (!/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return "";
  try {
    const form = await c.req.parseBody();
    const v = form[DEV_TOKEN_FIELD];
    return typeof v === "string" ? v : "";
  } catch {
    return "";
  }
}

/** The guard of /dev/*: the stack's own host names, and its token and origin for any change. */
export function devGuard(p: Platform): MiddlewareHandler {
  return async (c, next) => {
    if (!isStackHost(c.req.header("host"), p.config.publicUrl)) {
      return c.json(
        errorBody(
          "forbidden_host",
          "Development pages answer only on 127.0.0.1, localhost or the host of PUBLIC_URL",
        ),
        403,
      );
    }
    if (!SAFE_METHODS.has(c.req.method)) {
      const foreign = crossSite(c);
      const token = await presentedToken(c);
      if (foreign || !token || !safeEqual(token, devToken(p))) {
        return c.json(
          errorBody(
            "csrf_failed",
            foreign
              ? `A development page's form may only be sent from the stack itself (${foreign})`
              : "A development page's form must carry the stack's token (open the page and use its button)",
          ),
          403,
        );
      }
    }
    await next();
  };
}

declare module "../platform.ts" {
  interface Seams {
    devToken: string;
  }
}
