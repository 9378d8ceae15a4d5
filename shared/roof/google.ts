// Google Solar API: GET /v1/buildingInsights:findClosest (wire format as in
// data/reference/google_solar_buildingInsights_miami.json).
import { HttpJsonClient } from "../runtime/http_json.ts";
import type { RoofData, RoofDataProvider, RoofQuery } from "./types.ts";

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
  private readonly http: HttpJsonClient;

  constructor(
    private readonly apiKey: string,
    baseUrl = "https://solar.googleapis.com",
    private readonly requiredQuality = "MEDIUM",
    timeoutMs = 8000,
  ) {
    this.http = new HttpJsonClient({
      seam: "roof_data",
      provider: "Google Solar API",
      baseUrl,
      timeoutMs,
      attempts: 2,
      deadlineMs: timeoutMs + 2000,
      secrets: [apiKey],
    });
  }

  async findClosest(q: RoofQuery): Promise<RoofData | null> {
    const res = await this.http.request<BuildingInsights>("/v1/buildingInsights:findClosest", {
      query: {
        "location.latitude": q.lat.toFixed(7),
        "location.longitude": q.lon.toFixed(7),
        requiredQuality: this.requiredQuality,
        key: this.apiKey,
      },
      // 404: no building with imagery of the required quality near the point.
      accept: (status) => status === 404,
    });
    if (res.status === 404) return null;
    const sp = res.data?.solarPotential;
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
