// The partner's "New lead" email names the electricity provider as the provider step does today, also for a lead
// stored with the reference's abbreviated name before the names were cleaned (QA5).
import assert from "node:assert/strict";
import { partnerEnv } from "./helpers.ts";
import { leadCreatedHandler } from "../../../shared/notifications/lead_created.ts";
import type { EventEnvelope } from "../../../shared/events/envelope.ts";
import type { NotificationConfig } from "../../../shared/notifications/config.ts";

Deno.test("the new-lead email's provider is the cleaned name; the lead keeps what it stored", async () => {
  const e = await partnerEnv();
  try {
    const id = await e.lead("Ann", { line1: "1 Main St", city: "Fresno", state: "CA", zip: "93721" }, {
      utility_provider: "Electrical Dist No8 Maricopa",
    });
    const cfg = { consoleUrl: "https://console.example" } as NotificationConfig;
    const event = { payload: { lead_id: id } } as unknown as EventEnvelope;
    const prepared = await leadCreatedHandler(e.p.sql, event, cfg);
    const ctx = prepared.context({ userId: e.admin.userId, email: "a@example.com", name: "Ann" });
    assert.equal(ctx.utility_provider, "Electrical District No. 8 Maricopa");
    const [row] = await e.p.sql`select utility_provider from public.leads where id = ${id}`;
    assert.equal(row.utility_provider, "Electrical Dist No8 Maricopa", "the stored value is not rewritten");
  } finally {
    await e.close();
  }
});
