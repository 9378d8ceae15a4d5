import type { MonthUsage } from "./types.ts";

/** A kWh figure as a homeowner types it ("1,200", "1 200", "950.5"); NaN for anything else. */
export function kwhTyped(text: string): number {
  const raw = text.replace(/[,\s]/g, "");
  return /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
}

/**
 * The months as the homeowner left them on the check step: each value as typed (rounded), and a month the bill
 * did not give (`estimated`) stays estimated only while its value is the estimate; a value the homeowner typed
 * over it is theirs, not an estimate (the report said "Ten of the twelve months were not on your bills" for a
 * month the homeowner had typed in).
 */
export function typedUsage(usage: MonthUsage[], values: number[]): MonthUsage[] {
  return usage.map((u, j) => {
    const value = Math.round(values[j]);
    if (value === u.value) return { ...u };
    const { estimated: _, ...rest } = u;
    return { ...rest, value };
  });
}

/**
 * The month the shape checks point at: the largest month the bill gave, or the largest estimate when the bill gave
 * none. An estimate is not on the bill, so the homeowner cannot check it there: an estimate copied from the largest
 * month was marked (the BGE statement), and QA pass 11 saw July 2020, a month filled from the seasonal pattern, marked
 * "more than a home uses" above the bill's own months. -1 when no value is a number.
 */
export function suspectMonth(values: number[], estimated: boolean[]): number {
  const largest = (fromBill: boolean) => {
    let top = -1;
    values.forEach((v, j) => {
      if (!Number.isFinite(v) || (fromBill && estimated[j])) return;
      if (top < 0 || v > values[top]) top = j;
    });
    return top;
  };
  const read = largest(true);
  return read >= 0 ? read : largest(false);
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * The months the bill reader was unsure of (the gate's low_confidence_months check names them "YYYY-MM"): one
 * flag per month of `usage`, for the check step to mark them as it marks a month the shape checks point at.
 */
export function unsureCells(usage: MonthUsage[], checks: { code: string; months?: string[] }[]): boolean[] {
  const unsure = new Set(
    checks.flatMap((c) =>
      c.code === "low_confidence_months" || c.code === "chart_estimated_months" ? c.months ?? [] : []
    ),
  );
  return usage.map((u) => {
    const m = MONTHS.indexOf(String(u.month).toLowerCase().slice(0, 3)) + 1;
    return !!m && unsure.has(`${u.year}-${String(m).padStart(2, "0")}`);
  });
}
