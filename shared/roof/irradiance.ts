// Solar geometry and a clear-sky-index transposition model: annual plane-of-array irradiation for a site
// from its latitude and annual clearness index. Used as a ratio between two sites or orientations, so its
// simplifications (one clearness index all year, isotropic sky) largely cancel out.
const RAD = Math.PI / 180;
const SOLAR_CONSTANT = 1.361; // kW/m²
// Klein's recommended average day of each month (day of year).
const MONTH_DAYS = [17, 47, 75, 105, 135, 162, 198, 228, 258, 288, 318, 344];
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const STEP_H = 0.25;
const ALBEDO = 0.2;

const declination = (n: number) => 23.45 * RAD * Math.sin(2 * Math.PI * (284 + n) / 365);
const eccentricity = (n: number) => 1 + 0.033 * Math.cos(2 * Math.PI * n / 365);

/** Mean daily extraterrestrial irradiation on a horizontal surface over the year, kWh/m²/day. */
export function extraterrestrialDaily(latDeg: number): number {
  const phi = latDeg * RAD;
  let total = 0;
  for (let m = 0; m < 12; m++) {
    const n = MONTH_DAYS[m];
    const d = declination(n);
    const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(d))));
    const h0 = 24 / Math.PI * SOLAR_CONSTANT * eccentricity(n) *
      (Math.cos(phi) * Math.cos(d) * Math.sin(ws) + ws * Math.sin(phi) * Math.sin(d));
    total += h0 * DAYS_IN_MONTH[m];
  }
  return total / 365;
}

/** Erbs et al. diffuse fraction of global irradiance from the clearness index. */
function diffuseFraction(kt: number): number {
  if (kt <= 0.22) return 1 - 0.09 * kt;
  if (kt <= 0.8) return 0.9511 - 0.1604 * kt + 4.388 * kt ** 2 - 16.638 * kt ** 3 + 12.336 * kt ** 4;
  return 0.165;
}

/**
 * Annual irradiation on a plane (kWh/m²/year) at latitude `latDeg` with annual clearness index `kt`, for a
 * surface tilted `tiltDeg` facing `azimuthDeg` (compass: 180 = south). Quarter-hour steps on each month's
 * average day; beam by geometry, sky diffuse isotropic, ground reflection with albedo 0.2.
 */
export function planeOfArrayAnnual(latDeg: number, kt: number, tiltDeg: number, azimuthDeg: number): number {
  return planeOfArrayMonthly(latDeg, kt, tiltDeg, azimuthDeg).reduce((s, x) => s + x, 0);
}

/** The same irradiation month by month (kWh/m² in each calendar month, January first). */
export function planeOfArrayMonthly(
  latDeg: number,
  kt: number,
  tiltDeg: number,
  azimuthDeg: number,
): number[] {
  const phi = latDeg * RAD, beta = tiltDeg * RAD, gamma = azimuthDeg * RAD;
  const nE = Math.sin(beta) * Math.sin(gamma), nN = Math.sin(beta) * Math.cos(gamma), nU = Math.cos(beta);
  const fd = diffuseFraction(kt);
  const skyView = (1 + Math.cos(beta)) / 2, groundView = (1 - Math.cos(beta)) / 2;
  const months: number[] = [];
  for (let m = 0; m < 12; m++) {
    const n = MONTH_DAYS[m];
    const d = declination(n);
    const g0 = SOLAR_CONSTANT * eccentricity(n);
    let day = 0;
    for (let t = -12 + STEP_H / 2; t < 12; t += STEP_H) {
      const w = t * 15 * RAD;
      const up = Math.sin(phi) * Math.sin(d) + Math.cos(phi) * Math.cos(d) * Math.cos(w);
      if (up <= 0.01) continue;
      const east = -Math.cos(d) * Math.sin(w);
      const north = Math.cos(phi) * Math.sin(d) - Math.sin(phi) * Math.cos(d) * Math.cos(w);
      const ghi = kt * g0 * up;
      const beam = ghi * (1 - fd);
      const cosInc = east * nE + north * nN + up * nU;
      day += (cosInc > 0 ? beam * cosInc / up : 0) + ghi * fd * skyView + ghi * ALBEDO * groundView;
    }
    months.push(day * STEP_H * DAYS_IN_MONTH[m]);
  }
  return months;
}

/** Great-circle distance in km. */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin((lat2 - lat1) * RAD / 2) ** 2 +
    Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin((lon2 - lon1) * RAD / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.min(1, Math.sqrt(a)));
}
