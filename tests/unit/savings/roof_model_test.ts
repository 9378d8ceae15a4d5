import assert from "node:assert/strict";
import { CAPITALS } from "../../../shared/roof/capitals.ts";
import { leaveOneOut, siteYield } from "../../../shared/roof/yield.ts";
import { modelRoof } from "../../../shared/roof/model.ts";

Deno.test("at a state capital the model gives back the recorded PVWatts v8 yield", () => {
  for (const c of CAPITALS) {
    const y = siteYield(c.lat, c.lon).yieldAcPerKw;
    assert.ok(Math.abs(y / c.yieldAcPerKw - 1) < 0.02, `${c.state}: ${y} vs ${c.yieldAcPerKw}`);
  }
});

Deno.test("leave-one-out: a capital predicted from the others is within ±10% of PVWatts for nearly all states", () => {
  const r = leaveOneOut().filter((x) => x.nearestKm < 1000); // AK and HI have no neighbour to learn from
  const within = r.filter((x) => Math.abs(x.errorPct) <= 10);
  const meanAbs = r.reduce((s, x) => s + Math.abs(x.errorPct), 0) / r.length;
  assert.ok(
    within.length >= r.length - 1,
    `outside ±10%: ${r.filter((x) => Math.abs(x.errorPct) > 10).map((x) => x.state)}`,
  );
  assert.ok(meanAbs < 4, `mean abs error ${meanAbs}`);
});

Deno.test("orientation: south beats east/west beats north; flat is ~90% of a 20° south roof", () => {
  const [lat, lon] = [39.74, -104.98];
  const s = siteYield(lat, lon, 20, 180).yieldAcPerKw;
  const e = siteYield(lat, lon, 20, 90).yieldAcPerKw, w = siteYield(lat, lon, 20, 270).yieldAcPerKw;
  const n = siteYield(lat, lon, 20, 0).yieldAcPerKw, flat = siteYield(lat, lon, 0, 180).yieldAcPerKw;
  assert.ok(s > e && s > w && e > n && w > n);
  assert.ok(Math.abs(e / w - 1) < 0.01, "symmetric east/west");
  assert.ok(flat / s > 0.85 && flat / s < 0.95, `flat/south ${flat / s}`);
  // Sunnier south-west beats the cloudy north-west at the same orientation.
  assert.ok(siteYield(33.45, -112.07).yieldAcPerKw > siteYield(47.6, -122.33).yieldAcPerKw * 1.3);
});

Deno.test("the embedded roof gives Google's fields: area, sunshine hours, panel capacity, layouts", () => {
  const r = modelRoof({ lat: 30.27, lon: -97.74, roofAreaM2: 120 });
  assert.equal(r.source, "model");
  assert.equal(r.roofAreaM2, 120);
  assert.equal(r.maxPanels, Math.floor(120 * 0.5 / 1.95));
  assert.ok(r.maxSunshineHoursPerYear > 1700 && r.maxSunshineHoursPerYear < 2200);
  assert.equal(r.configs.at(-1)!.panelsCount, r.maxPanels);
  assert.ok(Math.abs(r.configs.at(-1)!.yearlyEnergyDcKwh - r.maxPanels * 0.4 * r.yieldDcKwhPerKw) < 1);
  // AC = DC x 0.85 reproduces the PVWatts-equivalent yield (Austin's capital row: 1,469 kWh/kW).
  assert.ok(
    Math.abs(r.yieldDcKwhPerKw * 0.85 / CAPITALS.find((c) => c.state === "TX")!.yieldAcPerKw - 1) < 0.02,
  );
});
