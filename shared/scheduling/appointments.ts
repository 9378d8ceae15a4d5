import type { AuthContext } from "../db/scoped.ts";
import { DomainError } from "../errors.ts";
import { hiddenFromWidget, widgetSessionOf } from "../auth/widget_session.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { scheduler } from "./index.ts";
import { assignJob } from "./assign.ts";
import { sendHoldEmail } from "./confirm.ts";
import { holdConfig } from "./hold.ts";
import { countHoldRecipient } from "../ratelimit/recipient.ts";
import { rateLimitPolicy } from "../ratelimit/policy.ts";
import { type Appointment, SlotError } from "./types.ts";

export interface ContactInput {
  contact_uuid?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
}

export interface CreateAppointmentInput {
  orgId: string;
  propertyId: string;
  start: Date;
  contact?: ContactInput;
  notes?: string;
  idempotencyKey?: string;
}

/**
 * Books a slot for a property of the caller's organisation: rejects unknown properties (404), another
 * organisation's (403) and past slots (400); the scheduler answers 409 when the slot is taken. A booking
 * with a technician who has a platform login creates a job for them and publishes job.assigned.
 */
export async function createAppointment(
  p: Platform,
  auth: AuthContext,
  input: CreateAppointmentInput,
): Promise<Appointment> {
  const [property] = await p
    .sql`select p.*, c.first_name, c.last_name, c.email as contact_email, c.phone as contact_phone
    from public.properties p left join public.contacts c on c.id = p.contact_id where p.id = ${input.propertyId}`;
  if (!property) throw new DomainError("not_found", "property_not_found", `No property ${input.propertyId}`);
  if (property.organization_id !== input.orgId) {
    throw new DomainError("forbidden", "forbidden", "This property belongs to another organization");
  }
  // A widget token books only for a property of its own homeowner session (shared/auth/widget_session.ts).
  if (hiddenFromWidget(auth, property.widget_session)) {
    throw new DomainError("not_found", "property_not_found", `No property ${input.propertyId}`);
  }
  if (input.start.getTime() <= Date.now()) {
    throw new DomainError("invalid", "slot_in_past", `The slot ${input.start.toISOString()} is in the past`);
  }

  const contact = await resolveContact(
    p,
    auth,
    input.orgId,
    input.contact,
    property.contact_id as string | null,
  );
  const customer = contact
    ? {
      name: `${contact.first_name} ${contact.last_name}`.trim(),
      email: contact.email,
      phone: contact.phone,
    }
    : null;
  const hold = await widgetHold(p, auth, input.orgId, customer?.email ?? null);
  const [earlier] = hold && input.idempotencyKey
    ? await p.sql`select id from public.appointments where organization_id = ${input.orgId}
      and idempotency_key = ${input.idempotencyKey}`
    : [];
  const retryOf = earlier?.id as string | undefined;
  let appointment: Appointment;
  try {
    appointment = await scheduler(p).book({
      holdUntil: hold?.until,
      orgId: input.orgId,
      propertyId: input.propertyId,
      contactId: contact?.id ?? null,
      start: input.start,
      createdBy: auth.role === "service" ? null : auth.userId,
      notes: input.notes ?? null,
      idempotencyKey: input.idempotencyKey ?? crypto.randomUUID(),
      clientKey: input.idempotencyKey,
      address: {
        line1: property.line1,
        line2: property.line2,
        city: property.city,
        state: property.state,
        zip: property.zip,
      },
      customer,
    });
  } catch (e) {
    if (widgetBookingLimit(e)) {
      throw new DomainError(
        "conflict",
        "appointment_exists",
        "This property already has an upcoming appointment booked through the widget; the partner can book more",
      );
    }
    if (e instanceof SlotError) {
      throw new DomainError(
        e.kind === "taken" ? "conflict" : "invalid",
        e.kind === "taken" ? "slot_unavailable" : "invalid_slot",
        e.message,
      );
    }
    throw e;
  }
  // The key answered an earlier booking: fine for a retry of the same request, not for a different one (a client
  // reusing a key would otherwise be told 201 for a slot it did not get).
  if (
    input.idempotencyKey &&
    (appointment.propertyId !== input.propertyId || appointment.start.getTime() !== input.start.getTime())
  ) {
    throw new DomainError(
      "unprocessable",
      "idempotency_key_reused",
      // Keys are shared by the organisation, its public widget token included: the partner's staff (who see every
      // booking) are told which one, a widget token not.
      `Idempotency-Key "${input.idempotencyKey}" was already used for ${
        auth.role === "widget"
          ? "another booking"
          : `property ${appointment.propertyId} at ${appointment.start.toISOString()}`
      }; send a new key for a different booking`,
    );
  }
  log("info", "appointment booked", {
    appointment: appointment.id,
    org: input.orgId,
    provider: appointment.provider,
    technician: appointment.technician?.id,
    status: appointment.status,
  });
  // A retry (same Idempotency-Key) answered with the earlier hold: its email was sent and counted then (pass 8).
  if (appointment.status === "held" && retryOf === appointment.id) return appointment;
  if (appointment.status === "held" && appointment.holdExpiresAt && hold) {
    try {
      // Confirmation emails a widget token asks for, per mailbox (RATE_LIMIT_REPORTS_PER_RECIPIENT a day, own bucket).
      await countHoldRecipient(p.sql, rateLimitPolicy(p), hold.email, input.orgId);
      await sendHoldEmail(p, appointment, hold.email, appointment.holdExpiresAt);
    } catch (e) {
      // No link (refused or unsent), no confirmation: the hold would only keep the slot from others until it lapsed.
      await p.sql`update public.appointments set status = 'cancelled', updated_at = now()
        where id = ${appointment.id} and status = 'held'`;
      throw e;
    }
    return appointment; // the job is assigned when the homeowner confirms (confirm.ts)
  }
  if (appointment.technician?.userId && !appointment.jobId) {
    try {
      appointment.jobId = await assignJob(p, appointment, auth.userId, formatAddress(property));
    } catch (e) {
      // The booking stands; the job can be assigned again from the appointment (job_id stays null).
      log("error", "job assignment failed after booking", {
        appointment: appointment.id,
        error: errorText(e),
      });
    }
  }
  return appointment;
}

/**
 * A widget token's booking (embedded scheduler) is a hold until the homeowner confirms it through the link emailed to
 * the contact (docs/security.md, pass 7): it needs the contact's email, a partner has at most
 * APPOINTMENT_HOLDS_PER_ORG unconfirmed holds at once, and one mailbox gets at most RATE_LIMIT_REPORTS_PER_RECIPIENT
 * confirmation emails a day. Staff and service bookings are not held.
 */
async function widgetHold(
  p: Platform,
  auth: AuthContext,
  orgId: string,
  email: string | null,
): Promise<{ until: Date; email: string } | null> {
  if (auth.role !== "widget") return null; // either scheduler (pass 8: external holds, external_hold.ts)
  if (!email) {
    throw new DomainError(
      "invalid",
      "contact_email_required",
      "body.contact.email: a booking from the widget is confirmed by email; give the homeowner's email address",
    );
  }
  const c = holdConfig(p);
  if (c.holdsPerOrg > 0) {
    const [{ n }] = await p.sql`select count(*)::int as n from public.appointments
      where organization_id = ${orgId} and status = 'held' and hold_expires_at > now()`;
    if (n >= c.holdsPerOrg) {
      throw new DomainError(
        "rate_limited",
        "holds_limit",
        "Too many appointments are waiting for their confirmation email; try again later",
      );
    }
  }
  // Whole seconds: the link carries the hold's end and must match the row's.
  const until = new Date(Math.floor((Date.now() + c.holdMinutes * 60_000) / 1000) * 1000);
  return { until, email };
}

/** The database's bound on widget bookings (migration 20261201090600): one upcoming appointment per property. */
const widgetBookingLimit = (e: unknown) =>
  (e as { code?: string }).code === "23514" &&
  (e as { constraint_name?: string }).constraint_name === "appointments_widget_one_upcoming";

async function resolveContact(
  p: Platform,
  auth: AuthContext,
  orgId: string,
  c: ContactInput | undefined,
  propertyContactId: string | null,
) {
  if (c?.contact_uuid) {
    const [row] = await p
      .sql`select id, organization_id, first_name, last_name, email, phone, widget_session from public.contacts where id = ${c.contact_uuid}`;
    if (!row || (row.organization_id === orgId && hiddenFromWidget(auth, row.widget_session))) {
      throw new DomainError("not_found", "contact_not_found", `No contact ${c.contact_uuid}`);
    }
    if (row.organization_id !== orgId) {
      throw new DomainError("forbidden", "forbidden", "This contact belongs to another organization");
    }
    return row as unknown as {
      id: string;
      first_name: string;
      last_name: string;
      email: string | null;
      phone: string | null;
    };
  }
  if (c && (c.first_name || c.last_name || c.email || c.phone)) {
    const [row] = await p
      .sql`insert into public.contacts (organization_id, first_name, last_name, email, phone, widget_session)
      values (${orgId}, ${c.first_name ?? ""}, ${c.last_name ?? ""}, ${c.email ?? null}, ${
      c.phone ?? null
    }, ${widgetSessionOf(auth) ?? null})
      returning id, first_name, last_name, email, phone`;
    return row as unknown as {
      id: string;
      first_name: string;
      last_name: string;
      email: string | null;
      phone: string | null;
    };
  }
  if (!propertyContactId) return null;
  const [row] = await p
    .sql`select id, first_name, last_name, email, phone from public.contacts where id = ${propertyContactId}`;
  return (row as unknown as {
    id: string;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
  }) ?? null;
}

function formatAddress(r: Record<string, unknown>): string {
  return [r.line1, r.line2, r.city, [r.state, r.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}
