// What one inbox check tells its caller (security pass 12). The bill inbox is the platform's, shared by every partner:
// a check fetches every partner's mail. The `service` role (the scheduler) sees the platform's counts; a partner's
// admin sees only the messages routed to their own organisation, counted over those (through RLS), so the answer no
// longer tells one partner how much mail the others get.
import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import type { CheckResult } from "./check.ts";

/** The check's counts, and the new messages' rows the caller may read, oldest first. */
export type CheckView = Omit<CheckResult, "messageIds" | "outcomes"> & { rows: Record<string, unknown>[] };

/** The check's counts and new messages as the caller may see them. */
export async function checkViewFor(p: Platform, auth: AuthContext, r: CheckResult): Promise<CheckView> {
  const ids = [...new Set(r.outcomes.map((o) => o.id))];
  const { rows, visible } = ids.length
    ? await withAuth(p.sql, auth, async (tx) => {
      const seen = await tx`select id from public.email_messages where id = any(${ids})`;
      const rows = r.messageIds.length
        ? await tx`select * from public.email_messages where id = any(${r.messageIds}) order by received_at`
        : [];
      return { rows: [...rows], visible: new Set(seen.map((s) => s.id as string)) };
    })
    : { rows: [], visible: new Set<string>() };
  if (auth.role === "service") {
    const { messageIds: _ids, outcomes: _o, ...counts } = r;
    return { ...counts, rows };
  }
  const own = r.outcomes.filter((o) => visible.has(o.id));
  const fresh = own.filter((o) => !o.duplicate);
  return {
    inbox: r.inbox,
    fetched: own.length,
    recorded: fresh.length,
    duplicates: own.length - fresh.length,
    billing: fresh.filter((o) => o.billing).length,
    extractionsStarted: fresh.filter((o) => o.extractionStarted).length,
    rows,
  };
}
