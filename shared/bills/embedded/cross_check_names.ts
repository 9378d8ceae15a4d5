// A customer name against its other printings: OCR reads a name's last letter as a sign no name has ("GRACE
// ROSS!" for GRACE ROSSI) with confidence, where the stub or the body prints the name again and reads it right. A
// name with such a sign is read as its one other printing that has letters where it has signs, and is otherwise
// the same; with none (or two that differ), it is left empty.
import { cells } from "./values.ts";

/** Signs no person's or company's name prints: a misread letter. */
const ODD = /[!?@#$%|\\{}<>_=~^]/;
const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The name as read, its one clean other printing, or "" (see above). */
export function checkedName(name: string, lines: string[]): string {
  if (!name || !ODD.test(name)) return name;
  const shape = new RegExp(`^${[...name].map((c) => (ODD.test(c) ? "[A-Za-z]" : escape(c))).join("")}$`);
  const clean = new Set(
    lines.flatMap((l) => cells(l)).map((c) => c.trim()).filter((c) => !ODD.test(c) && shape.test(c)),
  );
  return clean.size === 1 ? [...clean][0] : "";
}
