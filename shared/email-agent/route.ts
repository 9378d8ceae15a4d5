import type { Sql } from "../db/client.ts";
import { envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";

export interface InboxRouting {
  /** The partner of a message no recipient names (INBOX_DEFAULT_ORG_SLUG). */
  defaultOrgSlug?: string;
}

export function loadInboxRouting(source: EnvSource = Deno.env): InboxRouting {
  return { defaultOrgSlug: envOptional("INBOX_DEFAULT_ORG_SLUG", source)?.trim() || undefined };
}

/** The platform's routing settings, read once (tests replace them with override(p, "inboxRouting", …)). */
export function inboxRouting(p: Platform): InboxRouting {
  return provide(p, "inboxRouting", () => loadInboxRouting());
}

declare module "../platform.ts" {
  interface Seams {
    inboxRouting: InboxRouting;
  }
}

/**
 * The partner a message is for, from its recipients: `<anything>+<org-slug>@domain` or `<org-slug>@domain`
 * (each partner forwards bills to its own address); `fallbackSlug` (INBOX_DEFAULT_ORG_SLUG, read once by
 * loadInboxRouting) when none matches. Null when
 * the message cannot be routed (it may still be routed later by the customer it names).
 */
export async function routeToOrganization(
  sql: Sql,
  recipients: string[],
  fallbackSlug?: string,
): Promise<string | null> {
  const candidates = new Set<string>();
  for (const r of recipients) {
    const local = r.split("@")[0]?.toLowerCase() ?? "";
    const plus = local.indexOf("+");
    if (plus >= 0) candidates.add(local.slice(plus + 1));
    candidates.add(local);
  }
  const fallback = fallbackSlug;
  const list = [...candidates].filter(Boolean);
  if (list.length) {
    const rows = await sql`select id from public.organizations where slug = any(${list}) limit 1`;
    if (rows.length) return rows[0].id as string;
  }
  if (fallback) {
    const rows = await sql`select id from public.organizations where slug = ${fallback}`;
    if (rows.length) return rows[0].id as string;
  }
  return null;
}
