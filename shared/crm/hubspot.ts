import { SeamUnavailableError } from "../errors.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import type { CrmLead, CrmOpportunity, CrmProvider } from "./types.ts";

// HubSpot CRM v3 object API (private app token). Association type ids are HubSpot's defined ones.
const DEAL_TO_CONTACT = 3;
const NOTE_TO_CONTACT = 202;
const STAGES: Record<string, string> = {
  qualification: "appointmentscheduled",
  proposal: "presentationscheduled",
  negotiation: "decisionmakerboughtin",
  closed_won: "closedwon",
  closed_lost: "closedlost",
};
const LEAD_STATUS: Record<string, string> = {
  new: "NEW",
  report_sent: "OPEN",
  out_of_area: "UNQUALIFIED",
  contacted: "ATTEMPTED_TO_CONTACT",
  qualified: "OPEN_DEAL",
  disqualified: "UNQUALIFIED",
  converted: "CONNECTED",
};

export class HubSpotCrm implements CrmProvider {
  readonly name = "hubspot" as const;
  private readonly http: HttpJsonClient;

  constructor(baseUrl: string, token: string, timeoutMs = 10_000) {
    this.http = new HttpJsonClient({
      seam: "crm",
      provider: "HubSpot",
      baseUrl,
      headers: { authorization: `Bearer ${token}` },
      timeoutMs,
      secrets: [token],
    });
  }

  /** 429/5xx/network are retried, then fail retryable (the sync job tries later); 4xx answers are read here. */
  private async call(method: string, path: string, body: unknown): Promise<{ status: number; json: any }> {
    const r = await this.http.request<any>(path, { method, json: body, accept: (s) => s >= 400 && s < 500 });
    return { status: r.status, json: r.data ?? {} };
  }

  /** A refusal that retrying will not change: the sync job fails for good. */
  private fail(what: string, r: { status: number; json: any }): never {
    throw new SeamUnavailableError(
      "crm",
      `HubSpot ${what} failed: ${r.status} ${r.json?.category ?? ""} ${r.json?.message ?? ""}`.trim(),
      { retryable: false, status: r.status },
    );
  }

  async upsertLead(lead: CrmLead) {
    const properties = {
      email: lead.email,
      firstname: lead.firstName,
      lastname: lead.lastName,
      phone: lead.phone ?? "",
      address: lead.address.line1 ?? "",
      city: lead.address.city ?? "",
      state: lead.address.state ?? "",
      zip: lead.address.zip ?? "",
      hs_lead_status: LEAD_STATUS[lead.status] ?? "NEW",
      lifecyclestage: "lead",
    };
    const created = await this.call("POST", "/crm/v3/objects/contacts", { properties });
    if (created.status === 201 || created.status === 200) return { crmId: String(created.json.id) };
    // HubSpot answers 409 "Contact already exists. Existing ID: 123" for a known email: update that contact.
    const existing = created.status === 409 &&
      String(created.json?.message ?? "").match(/Existing ID:\s*(\d+)/);
    if (!existing) this.fail("contact create", created);
    const { lifecyclestage: _keep, ...update } = properties;
    const patched = await this.call("PATCH", `/crm/v3/objects/contacts/${existing[1]}`, {
      properties: update,
    });
    if (patched.status !== 200) this.fail("contact update", patched);
    return { crmId: existing[1] };
  }

  async createOpportunity(opp: CrmOpportunity) {
    const r = await this.call("POST", "/crm/v3/objects/deals", {
      properties: {
        dealname: opp.name,
        pipeline: "default",
        dealstage: STAGES[opp.stage] ?? STAGES.qualification,
        ...(opp.amount !== null ? { amount: String(opp.amount) } : {}),
      },
      associations: [{
        to: { id: opp.leadCrmId },
        types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: DEAL_TO_CONTACT }],
      }],
    });
    if (r.status !== 201 && r.status !== 200) this.fail("deal create", r);
    return { crmId: String(r.json.id) };
  }

  async addNote(leadCrmId: string, text: string) {
    const r = await this.call("POST", "/crm/v3/objects/notes", {
      properties: { hs_timestamp: new Date().toISOString(), hs_note_body: text },
      associations: [{
        to: { id: leadCrmId },
        types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: NOTE_TO_CONTACT }],
      }],
    });
    if (r.status !== 201 && r.status !== 200) this.fail("note create", r);
  }
}
