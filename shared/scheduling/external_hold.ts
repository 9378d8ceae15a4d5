// A widget booking with the external scheduler (docs/security.md, pass 8). The scheduler owns availability and has no
// hold, so before this pass a widget token's booking went straight to it: strangers booked real crews. Now the booking
// is held in `public.appointments` only (`held`, `provider 'external'`, no `external_id`), the homeowner is emailed the
// same signed link as with the embedded scheduler, and only the link's confirmation books the slot at the scheduler.
// The partner's bound on live holds and the per-mailbox bound on confirmation emails apply unchanged.
import type { Db, Sql } from "../db/client.ts";
import type { Platform } from "../platform.ts";
import { appointmentFromRow } from "./rows.ts";
import { schedulingSettings } from "./settings.ts";
import { type Appointment, type BookingRequest, SlotError } from "./types.ts";
import type { ExternalScheduler } from "./external.ts";

const UNIQUE_VIOLATION = "23505";

/** Records the hold when the scheduler lists the slot as free (a read: nothing is booked there). */
export async function recordExternalHold(
  ext: ExternalScheduler,
  sql: Sql,
  req: BookingRequest,
  holdUntil: Date,
): Promise<Appointment> {
  const earlier = req.clientKey ? await byKey(sql, req.orgId, req.clientKey) : null;
  if (earlier) return earlier;
  const { timezone, slotMinutes } = await schedulingSettings(sql, req.orgId);
  const end = new Date(req.start.getTime() + slotMinutes * 60_000);
  const slot = (await ext.remoteSlots(req.orgId, req.start, end))
    .find((s) => s.start.getTime() === req.start.getTime());
  if (!slot) {
    throw new SlotError(
      "invalid",
      `${req.start.toISOString()} is not a bookable slot of this organization (see available-slots)`,
    );
  }
  if (slot.available <= 0) {
    throw new SlotError("taken", `The slot starting ${req.start.toISOString()} is already fully booked`);
  }
  try {
    // The slot's live holds are counted and this one added under one lock per (partner, start), so concurrent holds
    // never take more of a slot than the scheduler lists free (security pass 10).
    const row = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(hashtext(${`external-hold:${req.orgId}:${slot.start.toISOString()}`}))`;
      const held = await liveExternalHolds(tx, req.orgId, slot.start, slot.end);
      if ((held.get(slot.start.getTime()) ?? 0) >= slot.available) {
        throw new SlotError(
          "taken",
          `The slot starting ${req.start.toISOString()} is held for another booking; choose another time`,
        );
      }
      const [r] =
        await tx`insert into public.appointments (organization_id, property_id, contact_id, starts_at,
        ends_at, timezone, provider, notes, created_by, idempotency_key, status, hold_expires_at)
      values (${req.orgId}, ${req.propertyId}, ${req.contactId}, ${slot.start}, ${slot.end}, ${timezone}, 'external',
        ${req.notes}, ${req.createdBy}, ${req.clientKey ?? null}, 'held', ${holdUntil})
      returning *`;
      return r;
    });
    return appointmentFromRow(row);
  } catch (e) {
    const first = (e as { code?: string }).code === UNIQUE_VIOLATION && req.clientKey
      ? await byKey(sql, req.orgId, req.clientKey)
      : null;
    if (first) return first;
    throw e;
  }
}

/**
 * The platform's live external holds (held, not yet booked at the scheduler, not lapsed) per slot start (ms), of
 * slots starting in [from, to).
 */
export async function liveExternalHolds(
  sql: Db,
  orgId: string,
  from: Date,
  to: Date,
): Promise<Map<number, number>> {
  const rows = await sql`select starts_at, count(*)::int as n from public.appointments
    where organization_id = ${orgId} and provider = 'external' and status = 'held' and external_id is null
      and hold_expires_at > now() and starts_at >= ${from} and starts_at < ${to}
    group by starts_at`;
  return new Map(rows.map((r) => [new Date(r.starts_at as Date).getTime(), r.n as number]));
}

async function byKey(sql: Sql, orgId: string, key: string): Promise<Appointment | null> {
  const [row] =
    await sql`select * from public.appointments where organization_id = ${orgId} and idempotency_key = ${key}`;
  return row ? appointmentFromRow(row) : null;
}

/**
 * Books a confirmed hold at the scheduler (Idempotency-Key `appointment-confirm:<id>`, so two confirmations book once)
 * and records its booking on the held row; throws the scheduler's SlotError or SeamUnavailableError. A no-op for a row
 * that is not an external hold still to be booked.
 */
export async function bookHeldExternally(
  p: Platform,
  ext: ExternalScheduler,
  appointmentId: string,
): Promise<void> {
  const [a] = await p.sql`select a.*, pr.line1, pr.line2, pr.city, pr.state, pr.zip,
      c.first_name, c.last_name, c.email as contact_email, c.phone as contact_phone
    from public.appointments a join public.properties pr on pr.id = a.property_id
    left join public.contacts c on c.id = a.contact_id
    where a.id = ${appointmentId} and a.provider = 'external' and a.external_id is null and a.status = 'held'`;
  if (!a) return;
  const d = await ext.remoteBooking({
    orgId: a.organization_id as string,
    propertyId: a.property_id as string,
    contactId: (a.contact_id as string) ?? null,
    start: new Date(a.starts_at as Date),
    createdBy: (a.created_by as string) ?? null,
    notes: (a.notes as string) ?? null,
    idempotencyKey: `appointment-confirm:${appointmentId}`,
    address: {
      line1: a.line1 as string,
      line2: (a.line2 as string) ?? null,
      city: a.city as string,
      state: a.state as string,
      zip: a.zip as string,
    },
    customer: a.contact_id
      ? {
        name: `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim(),
        email: (a.contact_email as string) ?? null,
        phone: (a.contact_phone as string) ?? null,
      }
      : null,
  });
  await p.sql`update public.appointments set external_id = ${d.id}, starts_at = ${new Date(d.start)},
      ends_at = ${new Date(d.end)}, technician_name = ${d.technician?.name ?? null},
      technician_email = ${d.technician?.email ?? null}, updated_at = now()
    where id = ${appointmentId} and external_id is null`;
}
