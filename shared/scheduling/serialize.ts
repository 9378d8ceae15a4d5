import { localTime } from "./settings.ts";
import type { Appointment, Slot } from "./types.ts";

/** The appointment record as the API returns it. */
export function appointmentJson(a: Appointment) {
  return {
    appointment_uuid: a.id,
    organization_uuid: a.organizationId,
    property_uuid: a.propertyId,
    contact_uuid: a.contactId,
    start: a.start.toISOString(),
    end: a.end.toISOString(),
    timezone: a.timezone,
    local_start: localTime(a.start, a.timezone),
    local_end: localTime(a.end, a.timezone),
    status: a.status,
    provider: a.provider,
    external_id: a.externalId,
    technician: a.technician ? { name: a.technician.name, email: a.technician.email } : null,
    job_id: a.jobId,
    notes: a.notes,
    created_at: a.createdAt.toISOString(),
    // A widget booking is `held` (unconfirmed) until the homeowner uses the emailed link, and lapses at this time.
    hold_expires_at: a.status === "held" && a.holdExpiresAt ? a.holdExpiresAt.toISOString() : null,
  };
}

export function slotJson(s: Slot, tz: string) {
  return {
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    local_start: localTime(s.start, tz),
    local_end: localTime(s.end, tz),
    available: s.available,
    capacity: s.capacity,
  };
}
