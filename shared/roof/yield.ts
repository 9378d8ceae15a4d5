// Specific yield anywhere in the US from the PVWatts v8 results recorded at the 50 state capitals.
// Method: each capital's annual clearness index Kt (GHI / extraterrestrial) and performance ratio PR
// (PVWatts AC yield / modelled plane-of-array irradiation at tilt 20°, azimuth 180°) are interpolated to
// the site by inverse-distance weighting of the nearest capitals; the site's plane-of-array irradiation
// for the real tilt and azimuth is then computed by solar geometry (irradiance.ts) and multiplied by PR.
import { type Capital, CAPITALS } from "./capitals.ts";
import { distanceKm, extraterrestrialDaily, planeOfArrayAnnual } from "./irradiance.ts";

const REF_TILT = 20, REF_AZIMUTH = 180;
const NEIGHBOURS = 4;

interface Station extends Capital {
  kt: number;
  pr: number;
}

let stations: Station[] | undefined;
function allStations(): Station[] {
  return stations ??= CAPITALS.map((c) => {
    const kt = c.ghi / extraterrestrialDaily(c.lat);
    return { ...c, kt, pr: c.yieldAcPerKw / planeOfArrayAnnual(c.lat, kt, REF_TILT, REF_AZIMUTH) };
  });
}

export interface SiteYield {
  /** kWh AC per kW DC per year (PVWatts-equivalent, 14% system losses). */
  yieldAcPerKw: number;
  /** Plane-of-array irradiation, kWh/m²/year, for the given tilt and azimuth. */
  poaKwhPerM2: number;
  kt: number;
  pr: number;
  nearest: string[];
}

/** Yield for a site; `exclude` drops one capital (leave-one-out validation). */
export function siteYield(
  lat: number,
  lon: number,
  tiltDeg = REF_TILT,
  azimuthDeg = REF_AZIMUTH,
  exclude?: string,
): SiteYield {
  const near = allStations()
    .filter((s) => s.state !== exclude)
    .map((s) => ({ s, d: distanceKm(lat, lon, s.lat, s.lon) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, NEIGHBOURS);
  let wSum = 0, kt = 0, pr = 0;
  for (const { s, d } of near) {
    // A site at a capital takes that capital's values; otherwise 1/d² weights (d floored at 5 km).
    const w = 1 / Math.max(d, 5) ** 2;
    wSum += w;
    kt += w * s.kt;
    pr += w * s.pr;
  }
  kt /= wSum;
  pr /= wSum;
  const poa = planeOfArrayAnnual(lat, kt, tiltDeg, azimuthDeg);
  return { yieldAcPerKw: poa * pr, poaKwhPerM2: poa, kt, pr, nearest: near.map((n) => n.s.state) };
}

/** Leave-one-out check of the method on the recorded capitals: predicted vs PVWatts, per state. */
export function leaveOneOut(): {
  state: string;
  pvwatts: number;
  predicted: number;
  errorPct: number;
  nearestKm: number;
}[] {
  return allStations().map((s) => {
    const p = siteYield(s.lat, s.lon, REF_TILT, REF_AZIMUTH, s.state);
    const nearestKm = Math.min(
      ...allStations().filter((o) => o.state !== s.state).map((o) => distanceKm(s.lat, s.lon, o.lat, o.lon)),
    );
    return {
      state: s.state,
      pvwatts: s.yieldAcPerKw,
      predicted: p.yieldAcPerKw,
      errorPct: (p.yieldAcPerKw / s.yieldAcPerKw - 1) * 100,
      nearestKm,
    };
  });
}
