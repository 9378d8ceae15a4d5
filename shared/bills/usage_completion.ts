import { type MonthlyUsage, MonthNames } from "./schema.ts";

// Relative monthly residential consumption, Jan..Dec (mean 1.0): a US-average seasonal shape with summer
// cooling and winter heating peaks. Used only to give missing months the shape; the level comes from the
// months the bill shows.
export const SEASONAL_INDEX = [1.08, 0.97, 0.9, 0.84, 0.9, 1.06, 1.2, 1.2, 1.04, 0.88, 0.86, 1.07];

const idx = (m: MonthlyUsage) => MonthNames.indexOf(m.month);
const ordinal = (year: number, month0: number) => year * 12 + month0;

/**
 * Keeps the most recent 12 months and fills the missing ones of that 12-month window (ending at the latest
 * month read) by seasonal extrapolation: each present month gives a level `value / index[month]`; the
 * missing month m gets round(mean level × index[m]), with `estimated: true`. With the same calendar month
 * shown for an earlier year, that reading is used instead (scaled by the level change). Nothing estimated
 * is marked as read.
 */
export function completeUsage(read: MonthlyUsage[]): MonthlyUsage[] {
  const measured = read.filter((m) =>
    !m.estimated && Number.isFinite(m.value) && m.value >= 0 && idx(m) >= 0
  );
  if (!measured.length) return [];
  const byOrd = new Map<number, MonthlyUsage>();
  for (const m of measured) {
    const chart = m.fromChart ? { fromChart: true } : {};
    byOrd.set(ordinal(m.year, idx(m)), {
      month: m.month,
      year: m.year,
      value: m.value,
      unit: "kWh",
      ...chart,
    });
  }
  const latest = Math.max(...byOrd.keys());
  const window = Array.from({ length: 12 }, (_, k) => latest - 11 + k);
  const present = window.filter((o) => byOrd.has(o)).map((o) => byOrd.get(o)!);
  const level = present.reduce((s, m) => s + m.value / SEASONAL_INDEX[idx(m)], 0) / present.length;
  const olderLevel = (() => {
    const older = [...byOrd.entries()].filter(([o]) => o < window[0]).map(([, m]) => m);
    return older.length
      ? older.reduce((s, m) => s + m.value / SEASONAL_INDEX[idx(m)], 0) / older.length
      : undefined;
  })();
  return window.map((o) => {
    const have = byOrd.get(o);
    if (have) return have;
    const year = Math.floor(o / 12);
    const m0 = o % 12;
    const sameMonthEarlier = byOrd.get(o - 12) ?? byOrd.get(o - 24);
    const value = sameMonthEarlier && olderLevel
      ? Math.round(sameMonthEarlier.value * (level / olderLevel))
      : Math.round(level * SEASONAL_INDEX[m0]);
    return { month: MonthNames[m0], year, value, unit: "kWh" as const, estimated: true };
  });
}
