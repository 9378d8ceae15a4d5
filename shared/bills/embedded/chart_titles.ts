// A labelled bar chart's title says what its bars measure: "Your Electricity Use (average kWh per day)", "Daily
// Cost", "Average Temperature", "Your Natural Gas Use (ccf)". Such bars are not the months' kWh, however integer
// their labels look — on a scan OCR drops the point of "14.2" and a per-day average reads as 142 kWh. Generic: the
// words every US bill uses.
/** A token of a line (tables.ts): its text and horizontal extent. */
interface Token {
  text: string;
  x0: number;
  x1: number;
}

const NOT_KWH_TITLE =
  /\bper\s+day\b|\/\s*day\b|\bdaily\b|\baverage\b|\bavg\b|\$|\bcost\b|\bdollars?\b|\btemperatures?\b|\bdegrees?\b|\bdemand\b|\bccf\b|\bmcf\b|\btherms?\b|\bnatural gas\b|\bgallons?\b|\bwater\b/i;

/**
 * The title of a chart whose bar labels start at `top` and span `x0..x1`: the nearest line above it (within
 * three of its lines) holding words over that span. "" when none.
 */
export function chartTitle(
  lines: { y: number; h: number; tokens: Token[] }[],
  top: number,
  x0: number,
  x1: number,
): string {
  const above = lines.filter((l) => l.y < top && l.y >= top - 3.5 * Math.max(l.h, 1)).sort((a, b) =>
    b.y - a.y
  );
  for (const l of above) {
    const over = l.tokens.filter((t) => t.x1 >= x0 && t.x0 <= x1 && /[A-Za-z]{3}/.test(t.text));
    if (over.length) return over.map((t) => t.text).join(" ");
  }
  return "";
}

/** Does a chart's title say its bars are not kWh (a per-day average, a cost, a temperature, a demand, gas, water)? */
export const notKwhChart = (title: string) => NOT_KWH_TITLE.test(title);
