import assert from "node:assert/strict";
import {
  buildReferenceArtifacts,
  CAPITALS_PATH,
  DOC_PATH,
  referencePath,
  stateRates,
  stateSourcesTable,
  withStateSources,
} from "../../../scripts/savings/reference.ts";

Deno.test("the committed reference migration and capitals module are what the CSVs generate (regenerate after editing a CSV)", () => {
  const a = buildReferenceArtifacts();
  const root = new URL("../../../", import.meta.url);
  assert.equal(Deno.readTextFileSync(new URL(referencePath(), root)), a.seedSql);
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

Deno.test("rates: a state without a 2024 figure takes its own 2003-2023 EIA SEDS escalator; the US row stays the national default", () => {
  const rates = [
    { state: "ME", rate_cents_per_kwh: "27.42", year: "2023", source: "SEDS" },
    { state: "US", rate_cents_per_kwh: "16.00", year: "2023", source: "SEDS" },
    { state: "WY", rate_cents_per_kwh: "11.46", year: "2023", source: "SEDS" },
  ];
  const seds = [
    {
      state: "ME",
      year: "2003",
      esrcd_usd_per_mmbtu: "36.26",
      rate_cents_per_kwh: "12.37",
      source: "SEDS ESRCD",
    },
    {
      state: "ME",
      year: "2013",
      esrcd_usd_per_mmbtu: "42.07",
      rate_cents_per_kwh: "14.35",
      source: "SEDS ESRCD",
    },
    {
      state: "ME",
      year: "2023",
      esrcd_usd_per_mmbtu: "80.37",
      rate_cents_per_kwh: "27.42",
      source: "SEDS ESRCD",
    },
    {
      state: "US",
      year: "2003",
      esrcd_usd_per_mmbtu: "25.56",
      rate_cents_per_kwh: "8.72",
      source: "SEDS ESRCD",
    },
    {
      state: "US",
      year: "2023",
      esrcd_usd_per_mmbtu: "46.89",
      rate_cents_per_kwh: "16.00",
      source: "SEDS ESRCD",
    },
  ];
  const [me, us, wy] = stateRates(rates, [], seds);
  // 20 years, not the 10 ending in New England's 2022-2023 spike ((80.37 / 42.07)^(1/10) - 1 = 6.7%).
  assert.equal(me.escalatorPct, 4.1); // (80.37 / 36.26)^(1/20) - 1 = 4.06%
  assert.match(me.escalatorSource, /^ME residential price 12\.37 ¢\/kWh \(2003\) to 27\.42 ¢\/kWh \(2023\)/);
  assert.equal(me.year, 2023);
  assert.equal(us.escalatorPct, 3);
  assert.match(us.escalatorSource, /^National default/);
  assert.equal(wy.escalatorPct, 3, "no SEDS rows: the national default");
});

Deno.test("reference data: every state and DC has its own escalator, none rests on the national default", () => {
  const rows = stateSourcesTable().split("\n").slice(2).map((l) => l.split("|").map((c) => c.trim()));
  const national = rows.filter((r) => r[1] !== "US" && /^national/.test(r[6])).map((r) => r[1]);
  assert.deepEqual(national, []);
  for (const r of rows.filter((r) => r[1] !== "US")) {
    assert.match(r[6], /^state (2014–2024|2003–2023 \(SEDS\))$/);
    const pct = Number(r[5]);
    assert.ok(pct > 0 && pct < 6, `${r[1]}: ${pct} %/yr`);
  }
});

Deno.test("docs/savings.md names each state's price year and source and its $/W year, as the CSVs have them", () => {
  const root = new URL("../../../", import.meta.url);
  const doc = Deno.readTextFileSync(new URL(DOC_PATH, root));
  assert.equal(doc, withStateSources(doc), "regenerate: deno run -A scripts/savings/reference.ts");
  const rows = stateSourcesTable().split("\n").slice(2).map((l) => l.split("|").map((c) => c.trim()));
  assert.equal(rows.length, 52);
  const byState = new Map(rows.map((r) => [r[1], r]));
  // A 2024 price only with its EIA 2024 source; every other state says its 2023 figure is kept.
  for (const r of rows) {
    if (r[3] === "2024") assert.match(r[4], /2024 annual/);
    else assert.equal(r[4], "EIA SEDS 2023 (no 2024 figure on file)");
  }
  assert.deepEqual(
    rows.filter((r) => r[3] === "2024").map((r) => r[1]),
    ["AL", "AR", "FL", "GA", "KY", "LA", "MS", "NC", "SC", "TN", "VA", "WV"],
  );
  // Installed $/W: AZ and TN their own 2024 medians; an older state figure is shown as not used.
  assert.deepEqual(byState.get("AZ")!.slice(7, 10), ["1.99", "2024", "state median"]);
  assert.deepEqual(byState.get("TN")!.slice(7, 10), ["3.35", "2024", "state median"]);
  assert.match(byState.get("TX")![9], /national median .*older, not used: 3\.90 \(2012\)/);
});
