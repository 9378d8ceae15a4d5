// Fixed-window counters in PostgreSQL (security.rate_limits), so every instance of a function shares
// them: all of a request's buckets are bumped in ONE upsert that also starts a new window when the
// stored one is over, and returns the counts. Concurrent requests serialise on the row, never lose a hit.
import type { Sql } from "../db/client.ts";
import type { Bucket } from "./policy.ts";

export interface Verdict {
  allowed: boolean;
  /** Seconds until the window of the exceeded bucket ends (Retry-After). */
  retryAfterSeconds: number;
  /** The exceeded bucket's key, when refused. */
  exceeded?: string;
}

export async function hit(sql: Sql, buckets: Bucket[], windowSeconds: number): Promise<Verdict> {
  if (!buckets.length) return { allowed: true, retryAfterSeconds: 0 };
  const keys = buckets.map((b) => b.key);
  const rows = await sql`
    insert into security.rate_limits as r (key, window_start, hits)
    select k, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1
      from unnest(${keys}::text[]) as k
    on conflict (key) do update set
      hits = case when r.window_start = excluded.window_start then r.hits + 1 else 1 end,
      window_start = excluded.window_start
    returning key, hits, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`;
  for (const b of buckets) {
    const row = rows.find((r) => r.key === b.key);
    if (row && (row.hits as number) > b.max) {
      return { allowed: false, retryAfterSeconds: Math.max(1, row.retry_after as number), exceeded: b.key };
    }
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/**
 * Deletes counters whose window ended long ago (called now and then by the middleware); the day-long counters
 * (`recipient:`, `hold-…` and `report-email:` keys) are kept for `recipientSeconds`.
 */
export async function pruneCounters(
  sql: Sql,
  olderThanSeconds: number,
  recipientSeconds = 0,
): Promise<number> {
  const r = await sql`delete from security.rate_limits where window_start < now() - make_interval(secs =>
    case when key like 'recipient:%' or key like 'hold-%' or key like 'report-email:%' then greatest(${olderThanSeconds}::float8, ${recipientSeconds}::float8)
    else ${olderThanSeconds}::float8 end)`;
  return r.count;
}
