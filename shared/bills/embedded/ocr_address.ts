// What OCR does to a printed address, undone before it is parsed (issue #11): a state read with a digit for
// a letter or in lower case ("ANN ARBOR M1 48104", "DETROIT Mi 48201"), a state glued to its ZIP
// ("SCRANTON PA18505"), specks before the house number ("~~ 3745 BRIARWOOD CIR") or after the ZIP, a comma read as a
// semicolon, and a street whose spaces were all lost ("870OakHollowDr"). Each is undone only where the result
// is certain: a state only when it is one, the glued street only after a house number glued to a capitalised
// word; a state glued to the city before it ("HARRISBURGIL 62946") only when the ZIP after it is that state's.
import { zipInState } from "../../geo/zip_state.ts";
import { STATES } from "./addresses.ts";

/** The address text with OCR's glyph and spacing errors of addresses undone. */
export function tidyOcrAddress(text: string): string {
  return text
    .trim()
    .replace(/^[~_|*•·'"`^=\s]+(?=\d)/, "")
    .replace(/\s+[.,;:'"`~_|]+$/, "")
    .replace(/\s*;\s*/g, ", ")
    .replace(
      /(^|[\s,.])([A-Za-z01]{2})(\.?,?\s+|)(\d{5}(?:-\d{4})?)$/,
      (m, pre: string, st: string, gap: string, zip: string) => {
        const state = st.toUpperCase().replace(/1/g, "I").replace(/0/g, "O");
        // glued to the ZIP: only capitals ("PA18505"), never "M118505"
        if (!STATES.has(state) || (!gap && !/^[A-Z]{2}$/.test(st))) return m;
        return `${pre}${state} ${zip}`;
      },
    )
    // a capitals city glued to its state: split only where the ZIP's prefix is that state's, so a city that
    // merely ends in a state's letters ("COLUMBIA 65201": IA is not 652's state) is kept whole
    .replace(
      /(^|[\s,])([A-Z]{3,})([A-Z]{2})(\s+)(\d{5}(?:-\d{4})?)$/,
      (m, pre: string, city: string, st: string, gap: string, zip: string) =>
        STATES.has(st) && zipInState(zip, st) ? `${pre}${city} ${st}${gap}${zip}` : m,
    )
    .replace(
      /^(\d+)([A-Z][a-z]+(?:[A-Z][a-z]*)+)(?=[,\s]|$)/,
      (_m, n: string, w: string) => `${n} ${w.replace(/([a-z])(?=[A-Z])/g, "$1 ")}`,
    );
}
