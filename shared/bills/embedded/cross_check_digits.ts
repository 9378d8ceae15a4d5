// OCR's confident digit confusions: the readings one glyph away from a number as read. A cross-check may put one
// of them in a value's place only when exactly one of them satisfies it (cross_check_fields.ts).

/** Digits tesseract confuses with confidence on scans and photos (both ways). */
const LOOK_ALIKE: Readonly<Record<string, string>> = {
  "0": "89",
  "1": "7",
  "3": "8",
  "4": "9",
  "5": "6",
  "6": "58",
  "7": "1",
  "8": "0369",
  "9": "048",
};

/**
 * The whole numbers one look-alike digit away from `digits` (a string of digits as read), each as a string of
 * the same length; never one with a leading zero.
 */
export function lookAlikes(digits: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < digits.length; i++) {
    for (const d of LOOK_ALIKE[digits[i]] ?? "") {
      if (i === 0 && d === "0" && digits.length > 1) continue;
      out.push(digits.slice(0, i) + d + digits.slice(i + 1));
    }
  }
  return out;
}

/**
 * The only look-alike of `value` that `fits`, or undefined when none or more than one does (the check cannot
 * tell which was printed).
 */
export function onlyLookAlike(value: number, fits: (v: number) => boolean): number | undefined {
  if (!Number.isInteger(value) || value < 0) return undefined;
  const fitting = lookAlikes(String(value)).map(Number).filter(fits);
  return fitting.length === 1 ? fitting[0] : undefined;
}
