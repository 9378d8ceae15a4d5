// Who may frame a partner's widget page (security pass 14). The page was served with `frame-ancestors *`: any site
// could frame a partner's widget under its own page and overlay or restyle the homeowner's consent and upload
// (clickjacking). The page's `frame-ancestors` is now built per partner from the widget token in its URL: the
// platform's own origins (the page itself, so the stack's demo page; the console, whose live preview frames it), the
// origins the partner registered (`partner_settings.widget_origins`, PUT /partner-service/settings) and the origin of
// the partner's website. A page without a known, live widget token gets the platform's own origins only.
import { z } from "zod";
import type { Db } from "../db/client.ts";
import { hashToken } from "../identity/refresh_tokens.ts";

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/;

/** The bare origin of `text` (`https://www.partner.example`), or null when it is not a plain http(s) URL. */
export function originOf(text: string | null | undefined): string | null {
  if (!text) return null;
  try {
    const u = new URL(text.trim());
    if (u.protocol !== "https:" && u.protocol !== "http:") return null;
    return ORIGIN.test(u.origin) ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * One origin a partner lets frame its widget: a scheme, a host and an optional port, nothing else (no path, no
 * wildcard, no user or query), stored lowercase; the same shape the database's check holds the column to.
 */
export const WidgetOrigin = z.string().trim().max(300).transform((s, ctx) => {
  const o = originOf(s);
  if (!o || o !== s.toLowerCase().replace(/\/$/, "")) {
    ctx.addIssue({
      code: "custom",
      message: "must be an origin: http(s)://host[:port], without a path",
    });
    return z.NEVER;
  }
  return o;
});
export const WidgetOrigins = z.array(WidgetOrigin).max(20)
  .transform((list) => [...new Set(list)]);

/** The origins of the partner whose live widget token this is (registered ones and the website's). */
export async function partnerFrameOrigins(sql: Db, widgetToken: string): Promise<string[]> {
  if (!/^wgt_[A-Za-z0-9_-]{10,200}$/.test(widgetToken)) return [];
  const [row] = await sql`select s.widget_origins, s.website_url
    from identity.refresh_tokens t
    join public.users u on u.id = t.user_id
    left join public.partner_settings s on s.organization_id = u.organization_id
    where t.token_hash = ${hashToken(widgetToken)} and t.kind = 'widget' and t.revoked_at is null
      and (t.expires_at is null or t.expires_at > now())`;
  return row ? listedOrigins(row) : [];
}

const listedOrigins = (row: Record<string, unknown>) => {
  const list = [...(row.widget_origins as string[] | null ?? []), originOf(row.website_url as string | null)];
  return [...new Set(list.filter((o): o is string => !!o && ORIGIN.test(o)))];
};

/**
 * The origins that may frame the widget of organization `orgId`, for the widget's own check where no
 * `frame-ancestors` header protects its page (a copy on a bucket or static host, security pass 16): the platform's
 * origins, then the partner's registered ones and its website's.
 */
export async function widgetFrameOrigins(
  sql: Db,
  orgId: string | null | undefined,
  platformOrigins: (string | null)[],
): Promise<string[]> {
  const own = platformOrigins.map((o) => originOf(o)).filter((o): o is string => !!o);
  const [row] = orgId
    ? await sql`select widget_origins, website_url from public.partner_settings where organization_id = ${orgId}`
    : [];
  return [...new Set([...own, ...(row ? listedOrigins(row) : [])])];
}

/** What the local stack in development mode adds: a developer's own pages on the loopback (any port). */
export const DEVELOPMENT_FRAME_SOURCES = ["http://127.0.0.1:*", "http://localhost:*"];

/** The `frame-ancestors` source list: 'self', the platform's other origins, then the partner's. */
export function frameAncestors(
  platformOrigins: (string | null)[],
  partnerOrigins: string[],
  extraSources: string[] = [],
): string {
  const own = platformOrigins.map((o) => originOf(o)).filter((o): o is string => !!o);
  return ["'self'", ...new Set([...own, ...extraSources, ...partnerOrigins.filter((o) => ORIGIN.test(o))])]
    .join(" ");
}
