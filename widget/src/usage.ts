import type { MonthUsage } from "./types.ts";

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
 * The month the shape checks point at: the largest, and of equal ones a month the bill gave rather than an
 * estimate (an estimate copied from the largest month was marked, not the month the homeowner can check on the
 * bill). -1 when no value is a number.
 */
export function suspectMonth(values: number[], estimated: boolean[]): number {
  let top = -1;
  values.forEach((v, j) => {
    if (!Number.isFinite(v)) return;
    if (top < 0 || v > values[top] || (v === values[top] && estimated[top] && !estimated[j])) top = j;
  });
  return top;
}
