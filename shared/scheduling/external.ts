import type { Sql } from "../db/client.ts";
import { SeamUnavailableError } from "../errors.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import { appointmentFromRow } from "./rows.ts";
import { schedulingSettings } from "./settings.ts";
import { type Appointment, type BookingRequest, type Scheduler, type Slot, SlotError } from "./types.ts";
import { liveExternalHolds, recordExternalHold } from "./external_hold.ts";

/**
 * An external field-service scheduler over REST (wire format in docs/operations.md):
 *   GET  {base}/v1/availability?organization_id&start&end  -> {data:[{start,end,capacity,available}]}
 *   POST {base}/v1/appointments (Idempotency-Key)          -> 201 {data:{id,start,end,status,technician}}
 *                                                             409 {error:{code:"slot_unavailable",message}}
 * The scheduler owns availability and crews; the booking is also recorded in public.appointments.
 */
export class ExternalScheduler implements Scheduler {
  readonly name = "external";
  private readonly http: HttpJsonClient;

  constructor(private readonly sql: Sql, baseUrl: string, apiKey: string, timeoutMs = 10_000) {
    this.http = new HttpJsonClient({
      seam: "scheduler",
      provider: "Scheduler",
      baseUrl,
      headers: { Authorization: `Bearer ${apiKey}` },
      timeoutMs,
      secrets: [apiKey],
    });
  }

  /**
   * The scheduler's slots less the platform's live widget holds of each (security pass 10: the scheduler has no hold,
   * so a hold reserves its slot here, among the platform's bookings; staff booking at the scheduler are not stopped).
   */
  async availableSlots(orgId: string, from: Date, to: Date): Promise<Slot[]> {
    const slots = await this.remoteSlots(orgId, from, to);
    const held = await liveExternalHolds(this.sql, orgId, from, to);
    return slots.map((s) => ({
      ...s,
      available: Math.max(0, s.available - (held.get(s.start.getTime()) ?? 0)),
    }));
  }

  /** The slots as the scheduler lists them (GET /v1/availability), holds not counted. */
  async remoteSlots(orgId: string, from: Date, to: Date): Promise<Slot[]> {
    const q = new URLSearchParams({
      organization_id: orgId,
      start: from.toISOString(),
      end: to.toISOString(),
    });
    const body = await this.http.json<{
      data?: { start: string; end: string; capacity?: number; available: number }[];
    }>("/v1/availability", { query: Object.fromEntries(q) });
    return (body?.data ?? []).map((s) => ({
      start: new Date(s.start),
      end: new Date(s.end),
      capacity: s.capacity ?? s.available,
      available: s.available,
    })).filter((s) => s.start >= from && s.end <= to);
  }

  async book(req: BookingRequest): Promise<Appointment> {
    // A widget booking is held here until the homeowner confirms it: nothing reaches the scheduler before (pass 8).
    if (req.holdUntil) return await recordExternalHold(this, this.sql, req, req.holdUntil);
    const { timezone } = await schedulingSettings(this.sql, req.orgId);
    const d = await this.remoteBooking(req);
    const tech = d.technician ?? null;
    // The technician's platform user, when the scheduler's crew is one of ours (by email), gets job.assigned.
    const [row] = await this.sql`
      with a as (
        insert into public.appointments (organization_id, property_id, contact_id, starts_at, ends_at, timezone, provider, external_id,
                                         technician_name, technician_email, notes, created_by, idempotency_key)
        values (${req.orgId}, ${req.propertyId}, ${req.contactId}, ${new Date(d.start)}, ${new Date(
      d.end,
    )}, ${timezone}, 'external', ${d.id},
                ${tech?.name ?? null}, ${tech?.email ?? null}, ${req.notes}, ${req.createdBy}, ${
      req.clientKey ?? null
    })
        on conflict (provider, external_id) where external_id is not null do update set updated_at = now()
        returning *)
      select a.*, u.id as tech_user_id from a
      left join public.users u on lower(u.email) = lower(a.technician_email) and u.organization_id = a.organization_id and u.role = 'technician'`;
    return appointmentFromRow(row);
  }

  /**
   * Books the slot at the scheduler (POST /v1/appointments): its booking, or SlotError for the scheduler's 400/409/422,
   * SeamUnavailableError when it cannot answer. Records nothing here.
   */
  async remoteBooking(req: BookingRequest): Promise<RemoteBooking> {
    const { slotMinutes } = await schedulingSettings(this.sql, req.orgId);
    // The Idempotency-Key makes a retried POST safe; 400/409/422 are the scheduler's answers about the slot.
    const res = await this.http.request<
      { data?: RemoteBooking; error?: { code?: string; message?: string } }
    >("/v1/appointments", {
      headers: { "Idempotency-Key": req.idempotencyKey },
      accept: (status) => status === 400 || status === 409 || status === 422,
      json: {
        organization_id: req.orgId,
        start: req.start.toISOString(),
        end: new Date(req.start.getTime() + slotMinutes * 60_000).toISOString(),
        external_reference: req.propertyId,
        address: req.address,
        customer: req.customer,
        notes: req.notes,
      },
    });
    const body = res.data ?? {};
    if (res.status === 409) {
      throw new SlotError(
        "taken",
        body.error?.message ?? "The scheduler reports the slot is no longer available",
      );
    }
    if (res.status === 400 || res.status === 422) {
      throw new SlotError("invalid", body.error?.message ?? "The scheduler rejected the slot");
    }
    if (!body.data) {
      throw new SeamUnavailableError(
        "scheduler",
        `Scheduler booking answered HTTP ${res.status} without data`,
        {
          status: res.status,
        },
      );
    }
    return body.data;
  }
}

/** The scheduler's answer to a booking. */
export interface RemoteBooking {
  id: string;
  start: string;
  end: string;
  status?: string;
  technician?: { id?: string; name: string; email?: string } | null;
}
