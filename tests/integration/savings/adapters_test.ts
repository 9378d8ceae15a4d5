// Provider adapters against local doubles speaking the providers' wire formats.
import assert from "node:assert/strict";
import { GoogleGeocoder } from "../../../shared/geo/google.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { GoogleSolarRoofData } from "../../../shared/roof/google.ts";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { override } from "../../../shared/platform.ts";
import { createSavingsReport } from "../../../shared/savings/pipeline.ts";
import { usageByMonth } from "./fixtures.ts";
import { GEOCODE_KEY, startGeocodingDouble } from "../../doubles/google_geocoding.ts";
import { MIAMI, SOLAR_KEY, startSolarDouble } from "../../doubles/google_solar.ts";

Deno.test("Google geocoder: parses components, US only, ZERO_RESULTS is null, errors are geocoder SeamUnavailableErrors", async () => {
  const d = startGeocodingDouble();
  try {
    const g = new GoogleGeocoder(GEOCODE_KEY, d.url, 5000, d.url);
    const r = await g.geocode("3600 NW 2nd Ave, Miami, FL");
    assert.deepEqual(r, {
      formattedAddress: "3600 NW 2nd Ave, Miami, FL 33127, USA",
      line1: "3600 Northwest 2nd Avenue",
      city: "Miami",
      state: "FL",
      zip: "33127",
      lat: 25.8093,
      lon: -80.1987,
      precision: "rooftop",
      source: "google",
    });
    assert.equal(d.requests[0].searchParams.get("components"), "country:US");
    assert.equal(await g.geocode({ line1: "1 Nowhere Rd", city: "Atlantis", state: "ZZ" }), null);
    assert.equal(await g.geocode("10 Downing St, London"), null, "non-US results are not used");
    const ac = await g.autocomplete("1 dr carl", 5);
    assert.deepEqual(ac, [{
      description: "1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102, USA",
      placeId: ac[0].placeId,
    }]);
    assert.deepEqual(d.places[0], { input: "1 dr carl", includedRegionCodes: ["us"] });
    await assert.rejects(
      new GoogleGeocoder("wrong-key", d.url, 5000, d.url).autocomplete("1 dr carl"),
      /403 PERMISSION_DENIED/,
    );
    await assert.rejects(
      new GoogleGeocoder("wrong-key", d.url).geocode("3600 NW 2nd Ave"),
      (e) =>
        e instanceof SeamUnavailableError && e.seam === "geocoder" && !e.retryable &&
        /REQUEST_DENIED.*invalid/.test(e.message),
    );
    d.failWith = "OVER_QUERY_LIMIT";
    await assert.rejects(
      g.geocode("3600 NW 2nd Ave"),
      (e) => e instanceof SeamUnavailableError && e.seam === "geocoder" && e.retryable,
    );
    d.failWith = 503;
    await assert.rejects(g.autocomplete("3600 NW"), /HTTP 503/);
  } finally {
    await d.close();
  }
  await assert.rejects(new GoogleGeocoder(GEOCODE_KEY, d.url, 500).geocode("3600 NW 2nd Ave"), /unreachable/);
});

Deno.test("Google Solar buildingInsights: maps the real Miami response; no building is null; failures throw", async () => {
  const d = startSolarDouble();
  try {
    const solar = new GoogleSolarRoofData(SOLAR_KEY, d.url);
    const r = await solar.findClosest({ lat: 25.8299, lon: -80.19548 });
    assert.ok(r);
    assert.equal(r.source, "google_solar");
    assert.equal(r.roofAreaM2, MIAMI.solarPotential.wholeRoofStats.areaMeters2);
    assert.equal(r.maxSunshineHoursPerYear, 1611.8396);
    assert.equal(r.panelCapacityW, 250);
    assert.equal(r.maxPanels, 63);
    assert.equal(r.configs.length, 60);
    assert.deepEqual(r.configs[0], { panelsCount: 4, yearlyEnergyDcKwh: 1585.5237 });
    assert.ok(Math.abs(r.yieldDcKwhPerKw - 22692.516 / (63 * 0.25)) < 1e-6);
    assert.equal(r.carbonOffsetKgPerMwh, 541.25635);
    const q = d.requests[0].searchParams;
    assert.equal(q.get("requiredQuality"), "MEDIUM");
    assert.equal(q.get("location.latitude"), "25.8299000");
    assert.equal(await solar.findClosest({ lat: 40, lon: -100 }), null);
    await assert.rejects(
      new GoogleSolarRoofData("bad", d.url).findClosest({ lat: 25.8299, lon: -80.19548 }),
      (e) => e instanceof SeamUnavailableError && e.seam === "roof_data" && e.status === 403 && !e.retryable,
    );
    d.failWith = 503;
    await assert.rejects(solar.findClosest({ lat: 25.8299, lon: -80.19548 }), /503/);
  } finally {
    await d.close();
  }
});

Deno.test("pipeline with the Google adapters: Google's panel layouts size the system; a Solar API outage falls back to the model", async () => {
  const geo = startGeocodingDouble(), solar = startSolarDouble();
  const p = await testPlatform();
  try {
    override(p, "geocoder", new GoogleGeocoder(GEOCODE_KEY, geo.url, 5000, geo.url));
    override(p, "roof", new GoogleSolarRoofData(SOLAR_KEY, solar.url));
    const auth = await tokensFor(p, { role: "widget" });
    const ctx = { userId: auth.userId, email: auth.email, orgId: auth.orgId, role: "widget", claims: {} };
    const req = {
      customerName: "Rosa Diaz",
      email: "rosa@example.test",
      address: "3600 NW 2nd Ave, Miami, FL",
      usageByMonth,
      location: { lat: 25.8299, lon: -80.19548 },
      deliver: false,
    };
    const r = await createSavingsReport(p, ctx, req);
    assert.equal(r.address.source, "google");
    assert.equal(r.address.state, "FL");
    assert.equal(r.roof.source, "google_solar");
    assert.equal(r.figures.panelCapacityW, 250);
    const cfg = MIAMI.solarPotential.solarPanelConfigs.find((c: { panelsCount: number }) =>
      c.panelsCount === r.figures.panels
    );
    assert.equal(r.figures.annualProductionKwh, Math.round(cfg.yearlyEnergyDcKwh * 0.85));
    assert.equal(r.figures.co2OffsetKgPerYear, Math.round(r.figures.annualProductionKwh * 541.25635 / 1000));
    solar.failWith = 503;
    const fallback = await createSavingsReport(p, ctx, req);
    assert.equal(fallback.roof.source, "model");
    assert.ok(fallback.figures.systemKw > 0);
  } finally {
    await p.close();
    await geo.close();
    await solar.close();
  }
});

Deno.test("pipeline: a geocoder outage is the geocoder's seam error as it is (502 geocoder_unavailable), not re-mapped", async () => {
  const p = await testPlatform();
  try {
    override(p, "geocoder", {
      geocode: () => Promise.reject(new SeamUnavailableError("geocoder", "Google Geocoding: HTTP 500")),
      autocomplete: () => Promise.resolve([]),
    });
    const auth = await tokensFor(p, { role: "widget" });
    const ctx = { userId: auth.userId, email: auth.email, orgId: auth.orgId, role: "widget", claims: {} };
    await assert.rejects(
      createSavingsReport(p, ctx, {
        customerName: "Rosa Diaz",
        email: "rosa@example.test",
        address: "3600 NW 2nd Ave, Miami, FL",
        usageByMonth,
        deliver: false,
      }),
      (e) => e instanceof SeamUnavailableError && e.code === "geocoder_unavailable" && e.kind === "upstream",
    );
  } finally {
    await p.close();
  }
});
