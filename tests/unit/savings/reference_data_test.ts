import assert from "node:assert/strict";
import {
  buildReferenceArtifacts,
  CAPITALS_PATH,
  REFERENCE_PATH,
  stateRates,
} from "../../../scripts/savings/reference.ts";

Deno.test("the committed reference migration and capitals module are what the CSVs generate (regenerate after editing a CSV)", () => {
  const a = buildReferenceArtifacts();
  const root = new URL("../../../", import.meta.url);
  assert.equal(Deno.readTextFileSync(new URL(REFERENCE_PATH, root)), a.seedSql);
  assert.equal(Deno.readTextFileSync(new URL(CAPITALS_PATH, root)), a.capitalsTs);
  assert.equal(a.states, 52);
  assert.equal(a.capitals, 50);
  // Every programme row names a source; no state row is generated without one.
  assert.ok(
    !/, (null|'')\)(,|\n)/.test(
      a.seedSql.split("insert into public.state_solar_programs")[1].split("on conflict")[0],
    ),
  );
});

Deno.test("rates: a state with EIA 2014-2024 history gets its 2024 price and its own escalator; others keep 2023 and say so", () => {
  const rates = [{ state: "AL", rate_cents_per_kwh: "14.62", year: "2023", source: "SEDS" }, {
    state: "CA",
    rate_cents_per_kwh: "29.51",
    year: "2023",
    source: "SEDS",
  }];
  const history = [
    { state: "AL", year: "2014", rate_cents_per_kwh: "11.48", source: "EIA" },
    { state: "AL", year: "2024", rate_cents_per_kwh: "15.12", source: "EIA" },
  ];
  const [al, ca] = stateRates(rates, history);
  assert.equal(al.year, 2024);
  assert.equal(al.rateUsd, 0.1512);
  assert.equal(al.escalatorPct, 2.8); // (15.12 / 11.48)^(1/10) - 1 = 2.79%
  assert.match(al.escalatorSource, /11\.48 ¢\/kWh \(2014\) to 15\.12 ¢\/kWh \(2024\)/);
  assert.equal(ca.year, 2023);
  assert.equal(ca.escalatorPct, 3);
  assert.match(ca.source, /no 2024 state figure was found/);
});
