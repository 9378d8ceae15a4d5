// Full names of US states (the exit screen says "South Carolina", not "SC"): the platform's own table
// (shared/geo/states.ts, plain data bundled into the widget), with "the" before the District in a sentence.
import { STATE_NAMES } from "../../shared/geo/states.ts";

/** "South Carolina" for "SC", "the District of Columbia" for "DC"; an unknown code is null. */
export const stateName = (code: string): string | null => {
  const upper = code.toUpperCase();
  if (upper === "DC") return "the District of Columbia";
  return STATE_NAMES[upper] ?? null;
};
