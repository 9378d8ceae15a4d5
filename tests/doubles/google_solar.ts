// A local double of the Google Solar API GET /v1/buildingInsights:findClosest. It answers with the real
// response recorded for a Miami building (data/reference/google_solar_buildingInsights_miami.json) near
// that building, 404 NOT_FOUND elsewhere, and Google's error body for a missing key or scripted failures.
import { serveApp, type Served } from "../support/http.ts";

export const SOLAR_KEY = "test-solar-key";
export const MIAMI = JSON.parse(
  Deno.readTextFileSync(
    new URL("../../data/reference/google_solar_buildingInsights_miami.json", import.meta.url),
  ),
);

export interface SolarDouble extends Served {
  requests: URL[];
  failWith: number | null;
}

const googleError = (code: number, status: string, message: string) =>
  Response.json({ error: { code, message, status } }, { status: code });

export function startSolarDouble(): SolarDouble {
  const requests: URL[] = [];
  const d = serveApp((req) => {
    const url = new URL(req.url);
    requests.push(url);
    if (url.pathname !== "/v1/buildingInsights:findClosest" || req.method !== "GET") {
      return googleError(404, "NOT_FOUND", "Not found");
    }
    if (url.searchParams.get("key") !== SOLAR_KEY) {
      return googleError(403, "PERMISSION_DENIED", "The request is missing a valid API key.");
    }
    if (double.failWith) {
      return googleError(double.failWith, "UNAVAILABLE", "The service is currently unavailable.");
    }
    const lat = Number(url.searchParams.get("location.latitude")),
      lon = Number(url.searchParams.get("location.longitude"));
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
      return googleError(400, "INVALID_ARGUMENT", "Invalid location.");
    }
    const c = MIAMI.center;
    if (Math.abs(lat - c.latitude) < 0.01 && Math.abs(lon - c.longitude) < 0.01) return Response.json(MIAMI);
    return googleError(404, "NOT_FOUND", "Requested entity was not found.");
  });
  const double: SolarDouble = Object.assign(d, { requests, failWith: null as number | null });
  return double;
}
