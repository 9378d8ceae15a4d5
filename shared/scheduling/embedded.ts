import type { Sql } from "../db/client.ts";
import { appointmentFromRow, appointmentSelect } from "./rows.ts";
import { schedulingSettings } from "./settings.ts";
import { type Appointment, type BookingRequest, type Scheduler, type Slot, SlotError } from "./types.ts";

const EXCLUSION_VIOLATION = "23P01";
const UNIQUE_VIOLATION = "23505";

/**
 * Scheduling in Postgres: app.available_slots() computes the grid from working hours, holidays and
 * technicians; a booking takes a free technician, and the appointments_no_double_booking exclusion
 * constraint (not this code) guarantees two bookings never hold one technician at once.
 */
export class EmbeddedScheduler implements Scheduler {
  readonly name = "embedded";
  constructor(private readonly sql: Sql) {}

  async availableSlots(orgId: string, from: Date, to: Date): Promise<Slot[]> {
    const rows = await this
      .sql`select starts_at, ends_at, capacity, free from app.available_slots(${orgId}, ${from}, ${to})`;
    return rows.map((r) => ({
      start: r.starts_at as Date,
      end: r.ends_at as Date,
      capacity: r.capacity as number,
      available: r.free as number,
    }));
  }

  async book(req: BookingRequest): Promise<Appointment> {
    const earlier = req.clientKey ? await this.byKey(req.orgId, req.clientKey) : null;
    if (earlier) return earlier;
    // Lapsed holds stop taking their technician (the exclusion constraint counts held rows).
    await this.sql`select app.expire_appointment_holds(${req.orgId})`;
    const settings = await schedulingSettings(this.sql, req.orgId);
    const end = new Date(req.start.getTime() + settings.slotMinutes * 60_000);
    // Each lost race means another booking took a technician; at most `capacity` rounds are needed.
    for (let round = 0; round < 50; round++) {
      // A concurrent request with the same Idempotency-Key may have won the race.
      const won = round > 0 && req.clientKey ? await this.byKey(req.orgId, req.clientKey) : null;
      if (won) return won;
      const [slot] = await this
        .sql`select capacity, free_technicians from app.available_slots(${req.orgId}, ${req.start}, ${end})
        where starts_at = ${req.start}`;
      if (!slot) {
        throw new SlotError(
          "invalid",
          `${req.start.toISOString()} is not a bookable slot of this organization (see available-slots)`,
        );
      }
      const free = slot.free_technicians as string[];
      if (!free.length) {
        throw new SlotError(
          "taken",
          (slot.capacity as number) === 0
            ? "This organization has no technicians to send"
            : `The slot starting ${req.start.toISOString()} is already fully booked; choose another slot`,
        );
      }
      try {
        return await this.insert(req, end, settings.timezone, free[round % free.length]);
      } catch (e) {
        const code = (e as { code?: string }).code;
        // The same Idempotency-Key booked concurrently: answer that booking.
        if (code === UNIQUE_VIOLATION && req.clientKey) {
          const first = await this.byKey(req.orgId, req.clientKey);
          if (first) return first;
        }
        if (code !== EXCLUSION_VIOLATION) throw e;
      }
    }
    throw new SlotError(
      "taken",
      `The slot starting ${req.start.toISOString()} is already fully booked; choose another slot`,
    );
  }

  private async byKey(orgId: string, key: string): Promise<Appointment | null> {
    const [row] = await this.sql`select ${this.sql.unsafe(appointmentSelect)} from public.appointments a
      left join public.technicians t on t.id = a.technician_id
      where a.organization_id = ${orgId} and a.idempotency_key = ${key}`;
    return row ? appointmentFromRow(row) : null;
  }

  private async insert(
    req: BookingRequest,
    end: Date,
    timezone: string,
    technicianId: string,
  ): Promise<Appointment> {
    const [row] = await this.sql`
      with a as (
        insert into public.appointments (organization_id, property_id, contact_id, starts_at, ends_at, timezone, technician_id, notes, created_by, idempotency_key,
                                         status, hold_expires_at)
        values (${req.orgId}, ${req.propertyId}, ${req.contactId}, ${req.start}, ${end}, ${timezone}, ${technicianId}, ${req.notes}, ${req.createdBy}, ${
      req.clientKey ?? null
    }, ${req.holdUntil ? "held" : "scheduled"}, ${req.holdUntil ?? null})
        returning *)
      select ${
      this.sql.unsafe(appointmentSelect)
    } from a left join public.technicians t on t.id = a.technician_id`;
    return appointmentFromRow(row);
  }
}
