/** The roof-data seam: Google Solar API buildingInsights in production, an irradiance model offline. */
export interface RoofQuery {
  lat: number;
  lon: number;
  /** Optional hints for the embedded model (the provider measures the real roof). */
  roofAreaM2?: number;
  tiltDeg?: number;
  azimuthDeg?: number;
}

export interface PanelConfig {
  panelsCount: number;
  yearlyEnergyDcKwh: number;
}

export interface RoofData {
  source: "google_solar" | "model";
  roofAreaM2: number;
  /** Insolation on the best part of the roof, kWh/m²/year (Google's maxSunshineHoursPerYear). */
  maxSunshineHoursPerYear: number;
  panelCapacityW: number;
  maxPanels: number;
  /** Yearly DC energy per kW DC of the largest configuration. */
  yieldDcKwhPerKw: number;
  /** Panel layouts by size, ascending: yearly DC kWh for each panel count. */
  configs: PanelConfig[];
  /** DC to AC derate applied to the DC energy (Google's default is 0.85). */
  dcToAcDerate: number;
  carbonOffsetKgPerMwh?: number;
  /** How the figures were obtained, for the report and logs. */
  note: string;
}

export interface RoofDataProvider {
  /** Roof figures at a point; null when the provider has no building there. */
  findClosest(q: RoofQuery): Promise<RoofData | null>;
}
