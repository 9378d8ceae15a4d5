// QA pass 18: the lead page said "CRM: embedded" and "Record: lead:4f8a59a7-…", the platform's own words and id.
import assert from "node:assert/strict";
import { crmFacts } from "../../../console/src/crm.ts";

const date = (iso: string) => `on ${iso.slice(0, 10)}`;

Deno.test("without an outside CRM the lead page says so, with no internal record id", () => {
  const rows = crmFacts({
    provider: "embedded",
    id: "lead:4f8a59a7-ac6f-478a-a245-b50490e1800b",
    synced_at: "2026-11-25T21:43:00Z",
    error: null,
  }, date);
  assert.deepEqual(rows, [["CRM", "None connected: this console keeps the lead"]]);
  assert.ok(!JSON.stringify(rows).includes("lead:"));
  assert.deepEqual(
    crmFacts({ provider: "embedded", id: null, synced_at: null, error: "boom" }, date).at(-1),
    [
      "Last error",
      "boom",
    ],
  );
});

Deno.test("a HubSpot lead shows its record, sync and error by the CRM's own name", () => {
  assert.deepEqual(
    crmFacts({ provider: "hubspot", id: "1234", synced_at: "2026-11-25T21:43:00Z", error: null }, date),
    [["CRM", "HubSpot"], ["Record", "1234"], ["Synced", "on 2026-11-25"], ["Last error", null]],
  );
  assert.equal(
    crmFacts({ provider: "hubspot", id: null, synced_at: null, error: null }, date)[2][1],
    "Not yet",
  );
});
