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
