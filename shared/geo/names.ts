/** The comparable form of a city name: lower case, "Saint"/"Fort"/"Mount" as "st"/"ft"/"mt", no dots or apostrophes. */
export function cityKey(city: string): string {
  return city.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[.'’]/g, "").replace(
    /-/g,
    " ",
  )
    .replace(/\bsaint\b/g, "st").replace(/\bsainte\b/g, "ste").replace(/\bfort\b/g, "ft").replace(
      /\bmount\b/g,
      "mt",
    )
    .replace(/\s+/g, " ").trim();
}

/** Damerau-Levenshtein (optimal string alignment) distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
}

/** How many typing errors a name of this length may carry and still match (0 for short names). */
export const allowedErrors = (key: string) => (key.length >= 9 ? 2 : key.length >= 5 ? 1 : 0);
