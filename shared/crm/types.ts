/** The CRM seam: a HubSpot-style REST CRM in production, the platform's own leads tables by default. */
export interface CrmLead {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: { line1?: string; city?: string; state?: string; zip?: string };
  status: string;
  outOfArea: boolean;
  utilityProvider: string | null;
}

export interface CrmOpportunity {
  id: string;
  name: string;
  stage: string;
  amount: number | null;
  /** The CRM id of the lead (contact) it belongs to. */
  leadCrmId: string;
}

export interface CrmProvider {
  readonly name: "embedded" | "hubspot";
  /** Creates or updates the lead; returns its CRM id. Safe to call again for the same lead. */
  upsertLead(lead: CrmLead): Promise<{ crmId: string }>;
  createOpportunity(opp: CrmOpportunity): Promise<{ crmId: string }>;
  /** Adds a note (e.g. the savings report summary and link) to the lead. */
  addNote(leadCrmId: string, text: string): Promise<void>;
}

// Adapters throw SeamUnavailableError("crm", …): `retryable` (network failure, 429, 5xx) is tried again later by
// the sync job; a refusal (retryable false) or anything else thrown is permanent.
