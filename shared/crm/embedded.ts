import type { CrmLead, CrmOpportunity, CrmProvider } from "./types.ts";

/**
 * The platform is its own CRM: public.leads and public.opportunities (status, stage) are the records the
 * partner works from, so "syncing" only gives each record its CRM id.
 */
export class EmbeddedCrm implements CrmProvider {
  readonly name = "embedded" as const;
  upsertLead(lead: CrmLead) {
    return Promise.resolve({ crmId: `lead:${lead.id}` });
  }
  createOpportunity(opp: CrmOpportunity) {
    return Promise.resolve({ crmId: `opportunity:${opp.id}` });
  }
  addNote() {
    return Promise.resolve();
  }
}
