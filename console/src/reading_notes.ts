// The lead page's notes on the bill reading. The check-step lines a homeowner confirmed as read (`reading.confirmed`: "name", "address", "utility", "usage"),
// named as the widget's check step names them; the lead page said "Confirmed by the homeowner: utility."
import { readableMonthKeys } from "../../shared/format.ts";

const LINES: Record<string, string> = {
  name: "name on the bill",
  address: "service address",
  utility: "electricity provider",
  usage: "monthly electricity use",
};

/** "Confirmed as shown by the homeowner: electricity provider and monthly electricity use." Null for none. */
export function confirmedNote(groups: string[]): string | null {
  const named = groups.map((g) => LINES[g] ?? g.replace(/_/g, " "));
  if (!named.length) return null;
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `Confirmed as shown by the homeowner: ${list}.`;
}

/** A check's message as a sentence: "the bill is from …" -> "The bill is from ….", months as "Mar–Dec 2020". */
export function checkSentence(message: string): string {
  const m = readableMonthKeys(message.trim());
  if (!m) return m;
  return m[0].toUpperCase() + m.slice(1) + (/[.!?]$/.test(m) ? "" : ".");
}

/** A month of the bill reader's usage: `estimated` (the bill gave no figure), `fromChart` (measured from a bar). */
export interface UsageMonthRow {
  month: string | number;
  year?: number;
  value: number;
  estimated?: boolean;
  fromChart?: boolean;
}

/**
 * How a month's figure was found, said after it: " (estimated)" where the bill gave none, " (from the bar chart)"
 * where the bill shows only a bar (QA pass 18: ten such months of a Florida Power & Light bill stood under "read from
 * the bill" with nothing said, while the widget, the report and the partner's email call them estimates); "" for a
 * printed figure.
 */
export function monthSource(u: UsageMonthRow): string {
  return u.estimated ? " (estimated)" : u.fromChart ? " (from the bar chart)" : "";
}

/** The caption of the reader's usage table: what its figures are. */
export function usageCaption(months: UsageMonthRow[]): string {
  const estimated = months.some((u) => u.estimated);
  const chart = months.some((u) => !u.estimated && u.fromChart);
  if (chart) {
    return estimated
      ? "Monthly usage (kWh): printed on the bill, measured from its bar chart where it prints no figure, or estimated where it gives none"
      : "Monthly usage (kWh): printed on the bill, or measured from its bar chart where it prints no figure";
  }
  return estimated
    ? "Monthly usage (kWh): read from the bill, or estimated where the bill gave no figure"
    : "Monthly usage read from the bill (kWh)";
}
