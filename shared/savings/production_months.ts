// The share of a year's solar production made in each calendar month, for rules that net within the month
// (state_programs.csv `netting` = monthly). From the embedded roof model's solar geometry (shared/roof/irradiance.ts):
// the plane-of-array irradiation of each month at the site's latitude, a 20° south-facing plane, and the site's annual
// clearness index interpolated from the PVWatts state capitals (shared/roof/yield.ts). One clearness index all year:
// the shape follows the sun's path and day length, not each month's weather (a cloudy winter is not less sunny here).
import { planeOfArrayMonthly } from "../roof/irradiance.ts";
import { siteYield } from "../roof/yield.ts";

const TILT = 20, AZIMUTH = 180;

/** Twelve shares (January first) adding up to 1. */
export function productionMonthShares(lat: number, lon: number): number[] {
  const months = planeOfArrayMonthly(lat, siteYield(lat, lon).kt, TILT, AZIMUTH);
  const total = months.reduce((s, x) => s + x, 0);
  return months.map((x) => x / total);
}
