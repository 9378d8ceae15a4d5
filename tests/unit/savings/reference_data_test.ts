import assert from "node:assert/strict";
import { buildReferenceArtifacts, CAPITALS_PATH, SEED_PATH } from "../../../scripts/savings/reference.ts";

Deno.test("the committed seed migration and capitals module are what the CSVs generate (regenerate after editing a CSV)", () => {
  const a = buildReferenceArtifacts();
  const root = new URL("../../../", import.meta.url);
  assert.equal(Deno.readTextFileSync(new URL(SEED_PATH, root)), a.seedSql);
  assert.equal(Deno.readTextFileSync(new URL(CAPITALS_PATH, root)), a.capitalsTs);
  assert.equal(a.states, 52);
  assert.equal(a.capitals, 50);
  // Every programme row names a source; no state row is generated without one.
  assert.ok(!/, (null|'')\)(,|\n)/.test(a.seedSql.split("insert into public.state_solar_programs")[1].split("on conflict")[0]));
});
