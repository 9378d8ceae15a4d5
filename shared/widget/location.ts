import type { Platform } from "../platform.ts";
import { addressProblem, geocoder } from "../geo/index.ts";
import { roofData } from "../roof/index.ts";
import { type AuthContext } from "../db/scoped.ts";
import { DomainError, notFound } from "../errors.ts";
import { assertOwned } from "../auth/ownership.ts";

// The widget may only talk to our API, so address autocomplete, geocoding and roof data reach it here. A provider
// that fails is its seam's error as it is (502 geocoder_unavailable / roof_data_unavailable, mapped by the HTTP layer).

export async function autocomplete(p: Platform, q: string, limit: number) {
  return await geocoder(p).autocomplete(q, limit);
}

export async function geocode(p: Platform, address: string) {
  const problem = addressProblem(address); // a home's street address: no PO Box, no city alone (issue 15)
  if (problem) throw new DomainError("invalid", problem.code, problem.message);
  const r = await geocoder(p).geocode(address);
  if (!r) throw notFound("address_not_found", "We could not find that address in the US");
  // A ZIP the homeowner did not type and the geocoder could not place at street level is to be confirmed.
  return { ...r, zipConfirmed: r.zipConfirmed ?? (r.precision === "rooftop" || r.precision === "street") };
}

export async function roofAnalysis(
  p: Platform,
  auth: AuthContext,
  q: { lat?: number; lon?: number; property_uuid?: string },
) {
  let { lat, lon } = q;
  if (q.property_uuid) {
    await assertOwned(p, auth, "properties", q.property_uuid);
    const [pr] = await p
      .sql`select latitude, longitude, line1, city, state, zip from public.properties where id = ${q.property_uuid}`;
    if (pr.latitude === null || pr.longitude === null) {
      const g = await geocode(p, `${pr.line1}, ${pr.city}, ${pr.state} ${pr.zip}`);
      lat = g.lat, lon = g.lon;
    } else {
      lat = pr.latitude as number, lon = pr.longitude as number;
    }
  }
  if (lat === undefined || lon === undefined) {
    throw new DomainError("invalid", "invalid_request", "Give lat and lon, or property_uuid");
  }
  const roof = await roofData(p).findClosest({ lat, lon });
  if (!roof) throw notFound("roof_not_found", "No roof data for this location");
  return { lat, lon, ...roof };
}
