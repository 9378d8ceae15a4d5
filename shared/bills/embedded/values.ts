// Reading values as printed on US bills: dates in many formats, money with symbols and credit marks.
const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

export const MONTH_WORD =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";

export function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, "");
  return MONTHS[w.slice(0, w.startsWith("sept") ? 4 : 3)] ?? MONTHS[w.slice(0, 3)];
}

const pad = (n: number) => String(n).padStart(2, "0");
const year4 = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

function iso(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return undefined;
  return `${y}-${pad(m)}-${pad(d)}`;
}

// One regex per date shape; the first match in the text wins (callers pass the text after a label).
const DATE_SHAPES: { re: RegExp; to: (m: RegExpMatchArray) => string | undefined }[] = [
  { re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/, to: (m) => iso(+m[1], +m[2], +m[3]) },
  {
    re: new RegExp(`\\b(${MONTH_WORD})\\s*(\\d{1,2}),?\\s*(\\d{4})\\b`, "i"),
    to: (m) => iso(+m[3], monthNumber(m[1])!, +m[2]),
  },
  {
    re: new RegExp(`\\b(\\d{1,2})[\\s-]*(${MONTH_WORD})[\\s,-]*(\\d{4})\\b`, "i"),
    to: (m) => iso(+m[3], monthNumber(m[2])!, +m[1]),
  },
  { re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)/, to: (m) => iso(year4(m[3]), +m[1], +m[2]) },
  // "May 2 '08", "Jun 13, '24": a two-digit year after an apostrophe; the apostrophe lost by OCR ("Jun 21 22")
  // only where the date ends its cell (a bare "May 11 24" inside a sentence may be anything)
  {
    re: new RegExp(
      `\\b(${MONTH_WORD})\\s*(\\d{1,2})(?:,?\\s*['’‘](\\d{2})(?!\\d)|,?\\s+(\\d{2})(?=\\s{3,}|\\s*$))`,
      "i",
    ),
    to: (m) => iso(year4(m[3] ?? m[4]), monthNumber(m[1])!, +m[2]),
  },
];

/** The first date in `text` as YYYY-MM-DD, with its position, or undefined. */
export function findDate(text: string): { iso: string; index: number; length: number } | undefined {
  let best: { iso: string; index: number; length: number } | undefined;
  for (const shape of DATE_SHAPES) {
    const m = text.match(shape.re);
    if (!m || m.index === undefined) continue;
    const value = shape.to(m);
    if (value && (!best || m.index < best.index)) best = { iso: value, index: m.index, length: m[0].length };
  }
  return best;
}

export function parseDate(text: string): string {
  return findDate(text)?.iso ?? "";
}

/**
 * A date printed without a year ("Due: Mar 18", "3/18"), placed in the year that puts it on or after `ref`
 * (the bill's period end or statement date) less two weeks; "" when there is no such date or no ref.
 */
export function parseYearlessDate(text: string, ref: string): string {
  if (!ref || findDate(text)) return "";
  const m = text.match(new RegExp(`\\b(${MONTH_WORD})\\s*(\\d{1,2})\\b(?![,/]?\\s*\\d)`, "i")) ??
    text.match(/(?<![\d/])(\d{1,2})\/(\d{1,2})(?![\d/])/);
  if (!m) return "";
  const month = /^\d/.test(m[1]) ? Number(m[1]) : monthNumber(m[1])!;
  const day = Number(m[2]);
  const y = Number(ref.slice(0, 4));
  for (const year of [y, y + 1]) {
    const d = iso(year, month, day);
    if (d && Date.parse(d) >= Date.parse(ref) - 14 * 86_400_000) return d;
  }
  return "";
}

/** Every date in `text`, in order. */
export function allDates(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  for (let guard = 0; guard < 20; guard++) {
    const d = findDate(rest);
    if (!d) break;
    out.push(d.iso);
    rest = rest.slice(d.index + d.length);
  }
  return out;
}

const MONEY =
  /(\(\s*)?([-−–]\s*)?\$?\s*([-−–]\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{2})(?!\d)\s*(\))?\s*(-(?!\d)|CR\b|CREDIT\b)?/i;

/** The first money amount in `text` as a plain decimal string ("-12.50" for a credit), or "". */
export function parseAmount(text: string): string {
  const m = text.match(MONEY);
  if (!m) return "";
  const negative = Boolean(m[1] && m[6]) || Boolean(m[2]) || Boolean(m[3]) || Boolean(m[7]);
  const value = `${m[4].replace(/,/g, "")}${m[5]}`;
  return negative && Number(value) !== 0 ? `-${value}` : value;
}

/** A plain number from "1,234" or "1,234.5" (OCR's stray spaces removed), or undefined. */
export function parseNumber(text: string): number | undefined {
  const m = text.replace(/(\d)\s+,/g, "$1,").match(/-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/);
  return m ? Number(m[0].replace(/,/g, "")) : undefined;
}

/** The cells of a layout line: runs separated by three or more spaces. */
export function cells(line: string): string[] {
  return line.split(/\s{3,}/).map((c) => c.trim()).filter(Boolean);
}
