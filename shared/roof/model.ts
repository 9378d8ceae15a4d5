// The embedded roof-data provider: the same fields as Google Solar's buildingInsights from the location
// alone, with the yield from yield.ts (PVWatts at the state capitals, solar geometry to the site).
import type { PanelConfig, RoofData, RoofDataProvider, RoofQuery } from "./types.ts";
import { siteYield } from "./yield.ts";

export const MODEL_DEFAULTS = {
  /** A typical single-family roof when the caller gives no area (about a 1,600 sq ft footprint). */
  roofAreaM2: 150,
  /** Share of the roof that can carry panels (planes not facing north, fire setbacks, obstructions). */
  usableShare: 0.5,
  panelCapacityW: 400,
  panelAreaM2: 1.95,
  tiltDeg: 20,
  azimuthDeg: 180,
  /** Same derate Google's Solar API applies to its DC figures; yields are PVWatts AC / derate. */
  dcToAcDerate: 0.85,
};

export class ModelRoofData implements RoofDataProvider {
  findClosest(q: RoofQuery): Promise<RoofData> {
    return Promise.resolve(modelRoof(q));
  }
}

export function modelRoof(q: RoofQuery): RoofData {
  const d = MODEL_DEFAULTS;
  const area = q.roofAreaM2 && q.roofAreaM2 > 0 ? q.roofAreaM2 : d.roofAreaM2;
  const tilt = q.tiltDeg ?? d.tiltDeg, azimuth = q.azimuthDeg ?? d.azimuthDeg;
  const y = siteYield(q.lat, q.lon, tilt, azimuth);
  const maxPanels = Math.max(0, Math.floor(area * d.usableShare / d.panelAreaM2));
  const yieldDc = y.yieldAcPerKw / d.dcToAcDerate;
  const configs: PanelConfig[] = [];
  for (let n = Math.min(4, maxPanels); n <= maxPanels && n > 0; n++) {
    configs.push({ panelsCount: n, yearlyEnergyDcKwh: round1(n * d.panelCapacityW / 1000 * yieldDc) });
  }
  return {
    source: "model",
    roofAreaM2: area,
    maxSunshineHoursPerYear: round1(y.poaKwhPerM2),
    panelCapacityW: d.panelCapacityW,
    maxPanels,
    yieldDcKwhPerKw: round1(yieldDc),
    configs,
    dcToAcDerate: d.dcToAcDerate,
    note: `Modelled from PVWatts v8 yields at ${
      y.nearest.join(", ")
    } state capitals, tilt ${tilt}°, azimuth ${azimuth}°, ${
      q.roofAreaM2 ? "given" : "typical"
    } roof of ${area} m²`,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
