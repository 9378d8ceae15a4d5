// Google Solar API: GET /v1/buildingInsights:findClosest (wire format as in
// data/reference/google_solar_buildingInsights_miami.json).
import type { RoofData, RoofDataProvider, RoofQuery } from "./types.ts";
import { RoofDataUnavailableError } from "./types.ts";

interface BuildingInsights {
  solarPotential?: {
    maxArrayPanelsCount: number;
    maxSunshineHoursPerYear: number;
    carbonOffsetFactorKgPerMwh?: number;
    panelCapacityWatts: number;
    wholeRoofStats: { areaMeters2: number };
    solarPanelConfigs?: { panelsCount: number; yearlyEnergyDcKwh: number }[];
  };
}

/** Google's documented default DC to AC derate for its energy figures. */
const GOOGLE_DC_TO_AC = 0.85;

export class GoogleSolarRoofData implements RoofDataProvider {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = "https://solar.googleapis.com",
    private readonly requiredQuality = "MEDIUM",
    private readonly timeoutMs = 8000,
  ) {}

  async findClosest(q: RoofQuery): Promise<RoofData | null> {
    const url = new URL("/v1/buildingInsights:findClosest", this.baseUrl);
    url.searchParams.set("location.latitude", q.lat.toFixed(7));
    url.searchParams.set("location.longitude", q.lon.toFixed(7));
    url.searchParams.set("requiredQuality", this.requiredQuality);
    url.searchParams.set("key", this.apiKey);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new RoofDataUnavailableError(`Google Solar API unreachable: ${(e as Error).message}`);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null; // no building with imagery of the required quality near the point
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => "");
      throw new RoofDataUnavailableError(
        `Google Solar API answered HTTP ${res.status}: ${detail.slice(0, 200)}`,
      );
    }
    const sp = ((await res.json()) as BuildingInsights).solarPotential;
    if (!sp || !sp.maxArrayPanelsCount || !sp.solarPanelConfigs?.length) return null;
    const configs = [...sp.solarPanelConfigs].sort((a, b) => a.panelsCount - b.panelsCount)
      .map((c) => ({ panelsCount: c.panelsCount, yearlyEnergyDcKwh: c.yearlyEnergyDcKwh }));
    const largest = configs[configs.length - 1];
    return {
      source: "google_solar",
      roofAreaM2: sp.wholeRoofStats.areaMeters2,
      maxSunshineHoursPerYear: sp.maxSunshineHoursPerYear,
      panelCapacityW: sp.panelCapacityWatts,
      maxPanels: sp.maxArrayPanelsCount,
      yieldDcKwhPerKw: largest.yearlyEnergyDcKwh / (largest.panelsCount * sp.panelCapacityWatts / 1000),
      configs,
      dcToAcDerate: GOOGLE_DC_TO_AC,
      carbonOffsetKgPerMwh: sp.carbonOffsetFactorKgPerMwh,
      note: "Google Solar API buildingInsights",
    };
  }
}
