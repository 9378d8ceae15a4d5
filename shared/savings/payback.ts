// Payback: the year in which the savings, year by year as the 25-year projection counts them (rates rising by the
// escalator, panels degrading), add up to the net cost. Within that year the savings are taken as earned evenly, so
// the payback is fractional (8.2 years). Pure: no I/O.

/**
 * Years until `savingsInYear(1) + … + savingsInYear(n)` reaches `netCost`, interpolated within the year it does;
 * null when it never does within `maxYears` (no savings, or savings that shrink faster than they add up).
 */
export function paybackYears(
  netCost: number,
  savingsInYear: (year: number) => number,
  maxYears: number,
): number | null {
  if (netCost <= 0) return 0;
  let cumulative = 0;
  for (let y = 1; y <= maxYears; y++) {
    const s = savingsInYear(y);
    if (s > 0 && cumulative + s >= netCost) return y - 1 + (netCost - cumulative) / s;
    cumulative += s;
  }
  return null;
}
