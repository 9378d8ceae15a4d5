import assert from "node:assert/strict";
import { address, contact, widgetEnv } from "./helpers.ts";
import { startHubSpotDouble } from "../../doubles/hubspot.ts";
import { HubSpotCrm } from "../../../shared/crm/hubspot.ts";
import { override } from "../../../shared/platform.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { crmJobHandlers } from "../../../shared/crm/sync.ts";

Deno.test("HubSpot adapter: lead -> contact (409 existing -> update), opportunity -> deal associated to the contact, note", async () => {
  const hs = startHubSpotDouble();
  try {
    const crm = new HubSpotCrm(hs.url, hs.token);
    const lead = {
      id: crypto.randomUUID(),
      email: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      phone: null,
      address,
      status: "new",
      outOfArea: false,
      utilityProvider: null,
    };
    const { crmId } = await crm.upsertLead(lead);
    assert.equal(hs.contacts.get(crmId)?.properties.firstname, "Jane");
    assert.equal(hs.contacts.get(crmId)?.properties.hs_lead_status, "NEW");
    const again = await crm.upsertLead({ ...lead, firstName: "Janet", status: "qualified" });
    assert.equal(again.crmId, crmId);
    assert.equal(hs.contacts.size, 1);
    assert.equal(hs.contacts.get(crmId)?.properties.firstname, "Janet");
    assert.deepEqual(hs.requests.map((r) => r.method).slice(1), ["POST", "PATCH"]);

    const deal = await crm.createOpportunity({
      id: crypto.randomUUID(),
      name: "Solar — Jane Doe",
      stage: "qualification",
      amount: 19999.5,
      leadCrmId: crmId,
    });
    const d = hs.deals.get(deal.crmId)!;
    assert.equal(d.properties.amount, "19999.5");
    assert.equal(d.properties.dealstage, "appointmentscheduled");
    assert.equal(d.associations[0].to.id, crmId);
    assert.equal(d.associations[0].types[0].associationTypeId, 3);
    await crm.addNote(crmId, "Savings report sent");
    assert.equal([...hs.notes.values()][0].properties.hs_note_body, "Savings report sent");

    await assert.rejects(new HubSpotCrm(hs.url, "wrong").upsertLead(lead), /401/);
  } finally {
    await hs.close();
  }
});

Deno.test("CRM sync jobs push widget leads to HubSpot and retry through an outage without losing them", async () => {
  const hs = startHubSpotDouble();
  const e = await widgetEnv();
  try {
    override(e.p, "crm", new HubSpotCrm(hs.url, hs.token));
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "hs-lead-0001",
      contact,
      address,
    });
    assert.equal(lead.status, 201, "the lead is accepted while the CRM is down");
    hs.failNext(3); // every attempt of the client: the outage outlasts its retries
    await runReadyJobs(e.p.sql, crmJobHandlers(e.p));
    const [failed] = await e.p
      .sql`select crm_id, crm_error from public.leads where id = ${lead.json.data.id}`;
    assert.equal(failed.crm_id, null);
    assert.match(failed.crm_error as string, /503/);
    const [job] = await e.p.sql`select status from queue.jobs where queue = 'crm.sync-lead'`;
    assert.equal(job.status, "queued", "the job waits for its retry");

    await e.p.sql`update queue.jobs set run_at = now() where status = 'queued'`;
    await runReadyJobs(e.p.sql, crmJobHandlers(e.p));
    const [synced] = await e.p
      .sql`select crm_provider, crm_id, crm_error from public.leads where id = ${lead.json.data.id}`;
    assert.equal(synced.crm_provider, "hubspot");
    assert.equal(hs.contacts.get(synced.crm_id as string)?.properties.email, "jane@example.com");
    assert.equal(synced.crm_error, null);

    const opp = await e.call(e.widget, "POST", "/create-opportunity", { lead_id: lead.json.data.id });
    await runReadyJobs(e.p.sql, crmJobHandlers(e.p));
    const [o] = await e.p.sql`select crm_id from public.opportunities where id = ${opp.json.data.id}`;
    assert.equal(hs.deals.get(o.crm_id as string)?.associations[0].to.id, synced.crm_id);
  } finally {
    await e.close();
    await hs.close();
  }
});
