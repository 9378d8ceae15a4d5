// Monthly usage from the bill extraction, normalised to the 12 calendar months. Missing months are filled
// from a seasonal profile scaled to the months we have, and flagged.
export interface UsageInput {
  /** "January", "Jan", "1" or 1. */
  month: string | number;
  year?: number;
  value: number;
  unit?: string;
  /** Already extrapolated upstream (the bill extraction fills missing months too). */
  extrapolated?: boolean;
  /** Same meaning, as the bill extraction's usageByMonth names it. */
  estimated?: boolean;
  /** An estimate measured from the bill's bar chart (no figure printed), not a month filled from the profile. */
  fromChart?: boolean;
}

export interface MonthUsage {
  month: number; // 1-12
  kwh: number;
  extrapolated: boolean;
  /** Every figure of the month was measured from the bill's bar chart: an estimate from the bill, not the profile. */
  fromChart?: boolean;
}

const NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * Approximate share of a year's US residential electricity use by month (winter heating and summer
 * cooling peaks; shape of EIA Electric Power Monthly residential retail sales). Sums to 1.
 */
export const SEASONAL_PROFILE = [
  0.096,
  0.083,
  0.076,
  0.066,
  0.069,
  0.086,
  0.103,
  0.102,
  0.086,
  0.070,
  0.070,
  0.093,
];

export function monthNumber(m: string | number): number | undefined {
  if (typeof m === "number") return Number.isInteger(m) && m >= 1 && m <= 12 ? m : undefined;
  const t = m.trim().toLowerCase();
  if (/^\d{1,2}$/.test(t)) return monthNumber(Number(t));
  const iso = t.match(/^\d{4}-(\d{2})/);
  if (iso) return monthNumber(Number(iso[1]));
  const i = NAMES.indexOf(t.slice(0, 3));
  return i >= 0 ? i + 1 : undefined;
}

export class UsageError extends Error {}

/** 12 months of kWh; throws UsageError for an unknown month, a negative value or a non-kWh unit. */
export function normaliseUsage(input: UsageInput[]): MonthUsage[] {
  if (!input.length) throw new UsageError("usageByMonth needs at least one month");
  if (input.length > 24) throw new UsageError("usageByMonth has more than 24 entries");
  const sums = new Map<number, { kwh: number; n: number; extrapolated: boolean; fromChart: boolean }>();
  for (const u of input) {
    const m = monthNumber(u.month);
    if (!m) throw new UsageError(`Unknown month "${u.month}"`);
    if (!Number.isFinite(u.value) || u.value < 0) {
      throw new UsageError(`Usage for month ${u.month} must be a number >= 0`);
    }
    if (u.unit && !/^kwh$/i.test(u.unit.trim())) {
      throw new UsageError(`Usage unit must be kWh, got "${u.unit}"`);
    }
    const e = sums.get(m) ?? { kwh: 0, n: 0, extrapolated: true, fromChart: true };
    e.kwh += u.value;
    e.n++;
    e.extrapolated &&= Boolean(u.extrapolated || u.estimated);
    e.fromChart &&= u.fromChart === true;
    sums.set(m, e);
  }
  // Several years of one month (24-month histories) are averaged.
  const known = new Map(
    [...sums].map((
      [m, e],
    ) => [m, { kwh: e.kwh / e.n, extrapolated: e.extrapolated, fromChart: e.fromChart }]),
  );
  const knownShare = [...known.keys()].reduce((s, m) => s + SEASONAL_PROFILE[m - 1], 0);
  const knownKwh = [...known.values()].reduce((s, e) => s + e.kwh, 0);
  const scale = knownKwh / knownShare;
  return SEASONAL_PROFILE.map((share, i) => {
    const k = known.get(i + 1);
    return k
      ? {
        month: i + 1,
        kwh: k.kwh,
        extrapolated: k.extrapolated,
        ...(k.fromChart ? { fromChart: true } : {}),
      }
      : { month: i + 1, kwh: Math.round(share * scale), extrapolated: true };
  });
}
