import type { Sql } from "../db/client.ts";
import { DomainError } from "../errors.ts";

export const DEFAULT_DAYS = 14;
export const MAX_DAYS = 62;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants of a slot query: `from`/`to` as dates (whole days in `tz`, `to` inclusive) or ISO date-times;
 * default from now for 14 days. 400 for unparseable values, a reversed range or one longer than 62 days.
 */
export async function resolveRange(
  sql: Sql,
  tz: string,
  from?: string,
  to?: string,
): Promise<{ from: Date; to: Date }> {
  const start = from ? await instant(sql, from, tz, "from", false) : new Date();
  const end = to
    ? await instant(sql, to, tz, "to", true)
    : new Date(start.getTime() + DEFAULT_DAYS * 86_400_000);
  if (end <= start) throw new DomainError("invalid", "invalid_range", "query.to must be after query.from");
  if (end.getTime() - start.getTime() > MAX_DAYS * 86_400_000) {
    throw new DomainError("invalid", "invalid_range", `The range may span at most ${MAX_DAYS} days`);
  }
  return { from: start, to: end };
}

/** True when the leading YYYY-MM-DD is a real calendar day (JS Date and postgres.js would roll 02-30 over to 03-02). */
export function realDay(value: string): boolean {
  const m = value.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return true;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

async function instant(sql: Sql, value: string, tz: string, name: string, endOfDay: boolean): Promise<Date> {
  if (!realDay(value)) {
    throw new DomainError("invalid", "invalid_request", `query.${name}: "${value}" is not a calendar date`);
  }
  if (DATE.test(value)) {
    // Midnight in the organisation's zone (DST-correct: Postgres does the conversion).
    const [r] = await sql`select ((${value}::date + ${
      endOfDay ? 1 : 0
    }::int)::timestamp at time zone ${tz}) as t`.catch(() => [undefined]);
    if (r) return r.t as Date;
  } else {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime()) && /T\d{2}:\d{2}/.test(value)) return d;
  }
  throw new DomainError(
    "invalid",
    "invalid_request",
    `query.${name}: expected YYYY-MM-DD or an ISO 8601 date-time, got "${value}"`,
  );
}
