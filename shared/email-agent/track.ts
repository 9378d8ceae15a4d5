import type { AuthContext } from "../db/scoped.ts";
import { withAuth } from "../db/scoped.ts";
import { DomainError } from "../errors.ts";
import { log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { billHandoffStatus } from "./bill_handoff.ts";
import { normalizeAccount } from "./hints.ts";
import { findCustomer } from "./link.ts";
import { jsonb } from "../db/client.ts";
import { shownFileName } from "../validation/one_line.ts";

/**
 * Brings messages whose bill is being extracted up to date: a completed extraction gives the account
 * number, customer and service address, which link the message to the customer's property; a failed one
 * marks the message failed with the reason. Returns how many messages changed.
 */
export async function refreshTracking(p: Platform, orgId: string | null, limit = 100): Promise<number> {
  const rows = await p.sql`select id, organization_id, bill_transaction_id from public.email_messages
    where status = 'extracting' and bill_transaction_id is not null and (${orgId}::uuid is null or organization_id = ${orgId})
    order by received_at limit ${limit}`;
  let changed = 0;
  for (const r of rows) {
    const s = await billHandoffStatus(p, r.organization_id as string, r.bill_transaction_id as string);
    if (s.status === "IN_PROGRESS") continue;
    if (s.status === "FAILED" || !s.item) {
      await p.sql`update public.email_messages set status = 'failed', error = ${
        s.message || "Bill extraction failed"
      }, updated_at = now() where id = ${r.id as string}`;
      changed++;
      continue;
    }
    const ci = s.item.customerInformation;
    const acct = ci.accountNumber ? normalizeAccount(ci.accountNumber) : null;
    const match = await findCustomer(p.sql, r.organization_id as string | null, {
      accountNumber: acct,
      address: ci.serviceAddress,
    });
    await p.sql`update public.email_messages set
        status = ${match ? "linked" : "unmatched"},
        account_number = coalesce(${acct}, account_number),
        customer_name = ${ci.customerName || null},
        service_address = ${jsonb(p.sql, ci.serviceAddress)},
        amount_due = coalesce(${s.item.billingInformation.amountDue || null}, amount_due),
        due_date = coalesce(${s.item.billingInformation.dueDate || null}, due_date),
        property_id = coalesce(${match?.propertyId ?? null}, property_id),
        contact_id = coalesce(${match?.contactId ?? null}, contact_id),
        linked_by = coalesce(${match?.by ?? null}, linked_by),
        updated_at = now()
      where id = ${r.id as string}`;
    log("info", "billing email tracked", { message: r.id, linked: !!match, by: match?.by });
    changed++;
  }
  return changed + await relinkUnmatched(p, orgId, limit);
}

/** How far back an unmatched message is still tried against customers added since. */
const RELINK_WINDOW_DAYS = 180;

/**
 * Messages that matched no customer when they arrived are tried again: the customer's property (or its
 * account number) may have been added since. Returns how many were linked now.
 */
export async function relinkUnmatched(p: Platform, orgId: string | null, limit = 100): Promise<number> {
  const rows = await p
    .sql`select id, organization_id, account_number, service_address from public.email_messages
    where status = 'unmatched' and organization_id is not null and (${orgId}::uuid is null or organization_id = ${orgId})
      and (account_number is not null or service_address is not null)
      and received_at > now() - make_interval(days => ${RELINK_WINDOW_DAYS})
    order by received_at desc limit ${limit}`;
  let linked = 0;
  for (const r of rows) {
    const match = await findCustomer(p.sql, r.organization_id as string, {
      accountNumber: (r.account_number as string) ?? null,
      address: (r.service_address as { line1?: string; zip?: string } | null) ?? undefined,
    });
    if (!match) continue;
    const done = await p
      .sql`update public.email_messages set status = 'linked', property_id = ${match.propertyId},
        contact_id = ${match.contactId}, linked_by = ${match.by}, updated_at = now()
      where id = ${r.id as string} and status = 'unmatched' returning id`;
    if (done.length) {
      log("info", "billing email linked later", { message: r.id, by: match.by });
      linked++;
    }
  }
  return linked;
}

export interface TrackingUpdate {
  message_uuid: string;
  status?: "ignored" | "unmatched" | "linked";
  property_uuid?: string;
  notes?: string;
}

/** Applies a partner's manual updates (status, link to a property, notes) to its own tracked messages. */
export async function applyUpdates(p: Platform, auth: AuthContext, updates: TrackingUpdate[]): Promise<void> {
  for (const u of updates) {
    const [m] = await p.sql`select organization_id from public.email_messages where id = ${u.message_uuid}`;
    if (!m) throw new DomainError("not_found", "message_not_found", `No tracked message ${u.message_uuid}`);
    if (m.organization_id !== auth.orgId) {
      throw new DomainError("forbidden", "forbidden", "This message belongs to another organization");
    }
    let contactId: string | null = null;
    if (u.property_uuid) {
      const [prop] = await p
        .sql`select organization_id, contact_id from public.properties where id = ${u.property_uuid}`;
      if (!prop) throw new DomainError("not_found", "property_not_found", `No property ${u.property_uuid}`);
      if (prop.organization_id !== auth.orgId) {
        throw new DomainError("forbidden", "forbidden", "This property belongs to another organization");
      }
      contactId = prop.contact_id as string | null;
    }
    if (u.status === "linked" && !u.property_uuid) {
      throw new DomainError(
        "invalid",
        "invalid_request",
        "updates.status linked needs updates.property_uuid",
      );
    }
    await withAuth(p.sql, auth, (tx) =>
      tx`update public.email_messages set
        status = coalesce(${u.property_uuid ? "linked" : u.status ?? null}, status),
        property_id = coalesce(${u.property_uuid ?? null}, property_id),
        contact_id = case when ${u.property_uuid ?? null}::uuid is null then contact_id else ${contactId} end,
        linked_by = case when ${u.property_uuid ?? null}::uuid is null then linked_by else 'manual' end,
        notes = coalesce(${u.notes ?? null}, notes),
        updated_at = now()
      where id = ${u.message_uuid}`);
  }
}

export interface TrackingFilters {
  status?: string[];
  category?: string[];
  linked?: boolean;
  account_number?: string;
  property_uuid?: string;
  since?: string;
  until?: string;
  limit?: number;
  offset?: number;
}

/** The caller's tracked billing messages (RLS keeps partners apart), newest first. */
export async function listTracked(p: Platform, auth: AuthContext, f: TrackingFilters) {
  const acct = f.account_number ? normalizeAccount(f.account_number) : null;
  return await withAuth(p.sql, auth, async (tx) => {
    const rows = await tx`select * from public.email_messages
      where is_billing
        and (${f.status ?? null}::text[] is null or status = any(${f.status ?? null}::text[]))
        and (${f.category ?? null}::text[] is null or category = any(${f.category ?? null}::text[]))
        and (${f.linked ?? null}::boolean is null or (property_id is not null) = ${f.linked ?? null}::boolean)
        and (${acct}::text is null or account_number = ${acct})
        and (${f.property_uuid ?? null}::uuid is null or property_id = ${f.property_uuid ?? null}::uuid)
        and (${f.since ?? null}::timestamptz is null or received_at >= ${f.since ?? null}::timestamptz)
        and (${f.until ?? null}::timestamptz is null or received_at < ${f.until ?? null}::timestamptz)
      order by received_at desc, id
      limit ${f.limit ?? 50} offset ${f.offset ?? 0}`;
    return rows.map(trackedJson);
  });
}

export function trackedJson(r: Record<string, unknown>) {
  return {
    message_uuid: r.id as string,
    message_id: r.message_id as string,
    organization_uuid: (r.organization_id as string) ?? null,
    from: r.from_address as string | null,
    subject: r.subject as string,
    received_at: (r.received_at as Date).toISOString(),
    category: r.category as string,
    status: r.status as string,
    account_number: (r.account_number as string) ?? null,
    customer_name: (r.customer_name as string) ?? null,
    service_address: r.service_address ?? null,
    amount_due: (r.amount_due as string) ?? null,
    due_date: (r.due_date as string) ?? null,
    property_uuid: (r.property_id as string) ?? null,
    contact_uuid: (r.contact_id as string) ?? null,
    linked_by: (r.linked_by as string) ?? null,
    bill_transaction_id: (r.bill_transaction_id as string) ?? null,
    attachments: ((r.attachments as {
      filename: string;
      contentType: string;
      size: number;
      bill: boolean;
      extracted?: boolean;
    }[]) ?? [])
      .map(({ filename, contentType, size, bill, extracted }) => ({
        // The sender's own file name: no controls or bidi overrides on the staff's screen (pass 7).
        filename: shownFileName(filename ?? "") || "file",
        contentType,
        size,
        bill,
        extracted: extracted === true,
      })),
    notes: (r.notes as string) ?? null,
    error: (r.error as string) ?? null,
  };
}
