// Number and text formatting shared by the report writer and the PDF.
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));

// Made on first use, not when the module loads: a process's first Intl object loads ICU's locale data (≈20–70 ms of
// CPU), which `npm start` paid beside initdb for formats no request used yet (docs/operations.md, "Local stack:
// margin16").
let formats: { usd0: Intl.NumberFormat; usd2: Intl.NumberFormat; int: Intl.NumberFormat } | undefined;
const formatsNow = () =>
  formats ??= {
    usd0: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 }),
    usd2: new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
    int: new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 }),
  };

export const usd = (x: number) => formatsNow().usd0.format(Math.round(x));
export const usdCents = (x: number) => formatsNow().usd2.format(x);
export const num = (x: number) => formatsNow().int.format(Math.round(x));
export const kwh = (x: number) => `${num(x)} kWh`;
export const cents = (ratePerKwh: number) => `${(ratePerKwh * 100).toFixed(2)} ¢/kWh`;
/** A share of a whole as a whole percent; a share above 0 that rounds to 0 is "<1%", never "0%". */
export const sharePct = (pct: number) => (pct > 0 && pct < 0.5 ? "<1%" : `${pct.toFixed(0)}%`);

/** An axis label: 950, 1.5k, 12k, 1.5M (never "2000k"). */
export function compact(v: number): string {
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, "");
  const a = Math.abs(v);
  if (a >= 999_500) return `${trim(v / 1e6)}M`;
  if (a >= 10_000) return `${Math.round(v / 1000)}k`;
  if (a >= 1000) return `${trim(v / 1000)}k`;
  return `${Math.round(v)}`;
}
export const years = (y: number | null) => (y === null ? "not reached" : `${y.toFixed(1)} years`);
/** "July", "June and July", "January, February and December"; consecutive runs of 3+ as "June to August". */
export function listMonths(ms: number[]): string {
  const sorted = [...new Set(ms)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const m of sorted) {
    const last = runs[runs.length - 1];
    if (last && m === last[last.length - 1] + 1) last.push(m);
    else runs.push([m]);
  }
  const words = runs.flatMap((r) =>
    r.length >= 3 ? [`${MONTHS[r[0] - 1]} to ${MONTHS[r[r.length - 1] - 1]}`] : r.map((m) => MONTHS[m - 1])
  );
  return words.length <= 1
    ? words.join("")
    : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

const SMALL = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
/** Small counts as words ("three"), larger ones as digits. */
export const countWord = (n: number) => (n >= 0 && n < SMALL.length ? SMALL[n] : String(n));

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** "a" or "an" before a number as it is read aloud ("an 8.4 kW", "an 11 kW", "a 9.2 kW"). */
export const article = (numberText: string) => (/^(8|11|18)(\D|$)|^8/.test(numberText) ? "an" : "a");

const MONTH_ABBR = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A list of the gate's month keys ("2020-03, 2020-04, …, 2020-12") as a person writes it ("Mar–Dec 2020"): runs of
 * consecutive months joined, each month with its year ("Nov 2020–Feb 2021", "Mar 2020, May 2020").
 */
export function monthKeysText(keys: string[]): string {
  const idx = keys.map((k) => Number(k.slice(0, 4)) * 12 + Number(k.slice(5, 7)) - 1);
  const name = (i: number) => `${MONTH_ABBR[i % 12]} ${Math.floor(i / 12)}`;
  const runs: [number, number][] = [];
  for (const i of idx) {
    const last = runs.at(-1);
    if (last && i === last[1] + 1) last[1] = i;
    else runs.push([i, i]);
  }
  return runs.map(([a, b]) =>
    a === b
      ? name(a)
      : Math.floor(a / 12) === Math.floor(b / 12)
      ? `${MONTH_ABBR[a % 12]}–${name(b)}`
      : `${name(a)}–${name(b)}`
  ).join(", ");
}

/** The bill gate's messages name months by key ("2020-03, 2020-04"): said as "Mar–Apr 2020" to people. */
export const readableMonthKeys = (message: string): string =>
  message.replace(
    // a key, not a date ("2021-02-25" is left as it is)
    /(?<![\d-])\d{4}-(?:0[1-9]|1[0-2])(?![\d-])(?:, \d{4}-(?:0[1-9]|1[0-2])(?![\d-]))*/g,
    (list) => monthKeysText(list.split(", ")),
  );
