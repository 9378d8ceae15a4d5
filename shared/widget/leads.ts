import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { CRM_LEAD_QUEUE, CRM_OPPORTUNITY_QUEUE, enqueueCrmJob } from "../crm/sync.ts";
import { badRequest, DomainError } from "../errors.ts";
import { getWidgetConfig, servesState } from "./config.ts";
import { assertOwned } from "../auth/ownership.ts";
import { insertContact } from "./records.ts";
import { enqueueLeadCreated } from "../partner/lead_events.ts";
import type { LeadInputT, OpportunityInputT } from "./schemas.ts";
import { jsonb } from "../db/client.ts";

export function leadView(r: Record<string, unknown>) {
  return {
    id: r.id,
    status: r.status,
    out_of_area: r.out_of_area,
    contact_id: r.contact_id,
    property_id: r.property_id,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    utility_provider: r.utility_provider,
    consent: r.consent,
    savings: r.savings ?? null,
    // What the bill reader read and what the homeowner corrected on the widget's check step (issue 11 §2).
    bill_reading: r.bill_reading ?? null,
    bill_corrections: r.bill_corrections ?? null,
    report: r.report_path
      ? { transaction_id: r.report_transaction_id, bucket: r.report_bucket, path: r.report_path }
      : null,
    crm: { provider: r.crm_provider, id: r.crm_id ?? null, synced_at: r.crm_synced_at ?? null },
    created_at: r.created_at,
  };
}

/**
 * Creates the lead (and its contact) once per idempotency key: a double click or a retried request returns
 * the first lead. The partner's serving_states decide out-of-area on the server, not the widget. The CRM
 * push is a job committed with the lead.
 */
export async function createLead(
  p: Platform,
  auth: AuthContext,
  input: LeadInputT,
): Promise<{ lead: ReturnType<typeof leadView>; created: boolean }> {
  if (input.idempotency_key) {
    const prior = await withAuth(
      p.sql,
      auth,
      (tx) =>
        tx`select * from public.leads where organization_id = ${auth.orgId} and idempotency_key = ${input
          .idempotency_key!}`,
    );
    if (prior.length) return { lead: leadView(assertSameContact(prior[0], input)), created: false };
  }
  if (input.contact_id) await assertOwned(p, auth, "contacts", input.contact_id);
  let address = input.address;
  if (input.property_id) {
    await assertOwned(p, auth, "properties", input.property_id);
    if (!address) {
      const [pr] = await p
        .sql`select line1, line2, city, state, zip, country from public.properties where id = ${input.property_id}`;
      address = {
        line1: pr.line1,
        line2: pr.line2 ?? null,
        city: pr.city,
        state: pr.state,
        zip: pr.zip,
        country: "US",
      } as NonNullable<LeadInputT["address"]>;
    }
  }
  if (!address) throw badRequest("invalid_request", "body.address: Required (or give a property_id)");
  // A partner without a widget configuration (leads entered from its own tools) serves everywhere.
  const config = await getWidgetConfig(p, auth).catch((e) => {
    if (e instanceof DomainError && e.code === "widget_not_configured") return null;
    throw e;
  });
  const outOfArea = config !== null && !servesState(config, address.state);
  const c = input.contact;

  const { row, created } = await withAuth(p.sql, auth, async (tx) => {
    const contactId = input.contact_id ?? (await insertContact(tx, auth.orgId!, c)).id as string;
    if (input.property_id) {
      await tx`update public.properties set contact_id = coalesce(contact_id, ${contactId}) where id = ${input.property_id}`;
    }
    const inserted =
      await tx`insert into public.leads (organization_id, contact_id, property_id, status, out_of_area, idempotency_key,
        first_name, last_name, email, phone, consent, consent_text, consent_at, address, utility_provider, monthly_kwh, created_by)
      values (${auth.orgId}, ${contactId}, ${input.property_id ?? null}, 'new', ${outOfArea},
        ${input.idempotency_key ?? null}, ${c.first_name}, ${c.last_name}, ${c.email}, ${
        c.phone ?? null
      }, ${input.consent},
        ${input.consent_text ?? null}, ${input.consent ? new Date() : null}, ${jsonb(tx, address)}, ${
        input.utility_provider ?? null
      },
        ${input.monthly_kwh ? jsonb(tx, input.monthly_kwh) : null}, ${auth.userId})
      on conflict (organization_id, idempotency_key) do nothing returning *`;
    if (!inserted.length) {
      // A concurrent request with the same key won the race: answer with its lead (this transaction's
      // contact insert is rolled back by throwing, so retry outside).
      throw new DuplicateKey();
    }
    await enqueueCrmJob(
      tx,
      CRM_LEAD_QUEUE,
      { leadId: inserted[0].id },
      `${CRM_LEAD_QUEUE}:${inserted[0].id}`,
    );
    await enqueueLeadCreated(tx, inserted[0].id as string);
    return { row: inserted[0], created: true };
  }).catch(async (e) => {
    if (!(e instanceof DuplicateKey)) throw e;
    const [r] = await withAuth(
      p.sql,
      auth,
      (tx) =>
        tx`select * from public.leads where organization_id = ${auth.orgId} and idempotency_key = ${input
          .idempotency_key!}`,
    );
    return { row: assertSameContact(r, input), created: false };
  });
  return { lead: leadView(row), created };
}

class DuplicateKey extends Error {}

/**
 * A repeated key is a retry of the same request; the same key with another person (e.g. an email corrected
 * after a failed attempt) must not silently answer with the first lead, whose report would go to the old address.
 */
function assertSameContact(
  row: Record<string, unknown> | undefined,
  input: LeadInputT,
): Record<string, unknown> {
  const same = (a: unknown, b: unknown) =>
    String(a ?? "").trim().toLowerCase() === String(b ?? "").trim().toLowerCase();
  const c = input.contact;
  // No row: the key is another homeowner session's lead, which a widget token does not see (pass 8).
  if (
    !row || !same(row.email, c.email) || !same(row.first_name, c.first_name) ||
    !same(row.last_name, c.last_name)
  ) {
    throw new DomainError(
      "conflict",
      "idempotency_key_reused",
      "This idempotency key was already used for a lead with other contact details; send a new key",
    );
  }
  return row;
}

export function opportunityView(r: Record<string, unknown>) {
  return {
    id: r.id,
    lead_id: r.lead_id,
    name: r.name,
    stage: r.stage,
    amount: r.amount === null ? null : Number(r.amount),
    system_size_kw: r.system_size_kw === null ? null : Number(r.system_size_kw),
    crm: { id: r.crm_id ?? null, synced_at: r.crm_synced_at ?? null },
    created_at: r.created_at,
  };
}

/**
 * What the public widget token may not decide about an opportunity: its stage beyond the first and its figures (the
 * lead's savings give them). With them, a stranger pushed "closed_won, $10,000,000" deals into the partner's CRM
 * (security pass 6); the partner's staff set them.
 */
function assertWidgetMayCreate(auth: AuthContext, input: OpportunityInputT): void {
  if (auth.role !== "widget") return;
  const set = [
    input.stage !== "qualification" && "stage",
    input.amount != null && "amount",
    input.system_size_kw != null && "system_size_kw",
  ].filter(Boolean);
  if (set.length) {
    throw new DomainError(
      "forbidden",
      "forbidden",
      `body.${
        set.join(", body.")
      }: set by the partner's staff, not with a widget token (its opportunities start at qualification with the lead's own figures)`,
    );
  }
}

export async function createOpportunity(p: Platform, auth: AuthContext, input: OpportunityInputT) {
  assertWidgetMayCreate(auth, input);
  await assertOwned(p, auth, "leads", input.lead_id);
  return await withAuth(p.sql, auth, async (tx) => {
    if (input.idempotency_key) {
      const [prior] =
        await tx`select * from public.opportunities where organization_id = ${auth.orgId} and idempotency_key = ${input.idempotency_key}`;
      if (prior) return { opportunity: opportunityView(sameLead(prior, input)), created: false };
    }
    const [lead] =
      await tx`select first_name, last_name, savings from public.leads where id = ${input.lead_id}`;
    const savings = (lead.savings ?? {}) as { netCost?: number; systemSizeKw?: number };
    const name = input.name ??
      `Solar — ${[lead.first_name, lead.last_name].filter(Boolean).join(" ")}`.trim();
    const [row] =
      await tx`insert into public.opportunities (organization_id, lead_id, name, stage, amount, system_size_kw, idempotency_key)
      values (${auth.orgId}, ${input.lead_id}, ${name}, ${input.stage}, ${
        input.amount ?? savings.netCost ?? null
      },
        ${input.system_size_kw ?? savings.systemSizeKw ?? null}, ${input.idempotency_key ?? null})
      on conflict (organization_id, idempotency_key) do update set updated_at = public.opportunities.updated_at
      returning *, (xmax = 0) as inserted`;
    if (row.inserted) {
      await enqueueCrmJob(
        tx,
        CRM_OPPORTUNITY_QUEUE,
        { opportunityId: row.id },
        `${CRM_OPPORTUNITY_QUEUE}:${row.id}`,
      );
    }
    return {
      opportunity: opportunityView(row.inserted ? row : sameLead(row, input)),
      created: row.inserted as boolean,
    };
  });
}

/**
 * A repeated key answers the first opportunity only for the same lead. Keys are the caller's choice and shared by the
 * whole organisation, its public widget token included: another lead's opportunity (the homeowner's name, the deal's
 * amount) was answered to anyone who tried a key such as `order-0001` (security pass 6).
 */
function sameLead(row: Record<string, unknown>, input: OpportunityInputT): Record<string, unknown> {
  if (row.lead_id === input.lead_id) return row;
  throw new DomainError(
    "conflict",
    "idempotency_key_reused",
    "This idempotency key was already used for another opportunity; send a new key",
  );
}
