import type { Appointment } from "./types.ts";

/** Maps a public.appointments row (joined with its technician) to an Appointment. */
export function appointmentFromRow(r: Record<string, unknown>): Appointment {
  const techName = (r.tech_name ?? r.technician_name) as string | null;
  return {
    id: r.id as string,
    organizationId: r.organization_id as string,
    propertyId: r.property_id as string,
    contactId: (r.contact_id as string) ?? null,
    start: r.starts_at as Date,
    end: r.ends_at as Date,
    timezone: r.timezone as string,
    status: r.status as string,
    provider: r.provider as string,
    externalId: (r.external_id as string) ?? null,
    technician: techName
      ? {
        id: (r.technician_id as string) ?? null,
        userId: (r.tech_user_id as string) ?? null,
        name: techName,
        email: ((r.tech_email ?? r.technician_email) as string) ?? null,
      }
      : null,
    jobId: (r.job_id as string) ?? null,
    notes: (r.notes as string) ?? null,
    createdAt: r.created_at as Date,
    holdExpiresAt: (r.hold_expires_at as Date) ?? null,
  };
}

export const appointmentSelect = `a.*, t.name as tech_name, t.email as tech_email, t.user_id as tech_user_id`;
