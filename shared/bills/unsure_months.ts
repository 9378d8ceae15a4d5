// The usage months the reader is unsure of (issue #11): the embedded reader gives each month it read a confidence
// (`monthConfidence`, "YYYY-MM" -> 0..1; embedded/month_confidence.ts). A month under the confirm step's limit
// (plausibility.ts minConfidence) is marked for the homeowner to confirm; confirmed as read, it is the bill's printed
// figure and the report uses it as read (QA pass 10). A month measured from a chart's bar stays an estimate.
import { monthNumber } from "./embedded/values.ts";

export interface UsageMonthLike {
  month: string | number;
  year?: number;
  value: number;
  estimated?: boolean;
  /** Measured from a chart's bar that prints no figure (embedded/chart_bars.ts): an estimate to confirm. */
  fromChart?: boolean;
}

/** The key of a usage month in `monthConfidence` ("2024-01"), or undefined without a year or a known month. */
export function usageMonthKey(u: { month: string | number; year?: number }): string | undefined {
  const m = typeof u.month === "number"
    ? u.month
    : /^\d{1,2}$/.test(u.month.trim())
    ? Number(u.month)
    : monthNumber(u.month.trim());
  if (!u.year || !m || m < 1 || m > 12) return undefined;
  return `${u.year}-${String(m).padStart(2, "0")}`;
}

/**
 * The months of `usage` the reader read under `min` ("YYYY-MM", in the usage's order): not estimated, a
 * confidence given and lower than `min`. A month without a confidence (another engine, typed by hand) is not unsure.
 */
export function unsureMonths(
  usage: UsageMonthLike[],
  monthConfidence: Record<string, number> | undefined,
  min: number,
): string[] {
  if (!monthConfidence) return [];
  return usage.flatMap((u) => {
    const k = usageMonthKey(u);
    const c = k ? monthConfidence[k] : undefined;
    return k && !u.estimated && typeof c === "number" && c < min ? [k] : [];
  });
}

/**
 * The months of `usage` measured from the bars of a chart that prints no figure ("YYYY-MM", in the usage's order):
 * estimates to the chart's resolution, whatever their confidence, each to be confirmed by the homeowner.
 */
export function chartMonths(usage: UsageMonthLike[]): string[] {
  return usage.flatMap((u) => {
    const k = usageMonthKey(u);
    return k && u.fromChart && !u.estimated ? [k] : [];
  });
}

/**
 * The usage with the `unsure` months ("YYYY-MM") the homeowner kept as read (`read`: the reader's usage) marked
 * `estimated` (the report rests on them as estimates: the months measured from a chart's bars). A month the
 * homeowner typed over is theirs.
 */
export function unsureAsEstimated<T extends UsageMonthLike>(
  usage: T[],
  unsure: string[],
  read: UsageMonthLike[],
): T[] {
  if (!unsure.length) return usage;
  const readValue = new Map(read.map((r) => [usageMonthKey(r), Math.round(Number(r.value))]));
  return usage.map((u) => {
    const k = usageMonthKey(u);
    return k && unsure.includes(k) && readValue.get(k) === Math.round(Number(u.value))
      ? { ...u, estimated: true }
      : u;
  });
}
