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
