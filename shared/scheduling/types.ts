/** The scheduler seam: embedded (Postgres availability + bookings) or an external field-service scheduler. */
export interface Slot {
  start: Date;
  end: Date;
  /** Technicians (crews) working in this slot. */
  capacity: number;
  /** Of those, how many are still free. */
  available: number;
}

export interface BookingRequest {
  orgId: string;
  propertyId: string;
  contactId: string | null;
  start: Date;
  /** The booking user (null for service calls). */
  createdBy: string | null;
  notes: string | null;
  /** Sent to an external scheduler so a retried request books once. */
  idempotencyKey: string;
  /** The caller's Idempotency-Key, when it sent one: a retry with it returns the first booking. */
  clientKey?: string;
  /** A hold until this instant (a widget booking the homeowner has yet to confirm; shared/scheduling/hold.ts). */
  holdUntil?: Date;
  /** What an external scheduler needs to send a crew: the address and the customer. */
  address: { line1: string; line2: string | null; city: string; state: string; zip: string };
  customer: { name: string; email: string | null; phone: string | null } | null;
}

export interface Appointment {
  id: string;
  organizationId: string;
  propertyId: string;
  contactId: string | null;
  start: Date;
  end: Date;
  timezone: string;
  status: string;
  provider: string;
  externalId: string | null;
  technician: { id: string | null; userId: string | null; name: string; email: string | null } | null;
  jobId: string | null;
  notes: string | null;
  createdAt: Date;
  /** `held` appointments: when the hold lapses unless the homeowner confirms it. */
  holdExpiresAt: Date | null;
}

export interface Scheduler {
  readonly name: string;
  /** Bookable slots of the organisation between two instants (past and full slots excluded by `available`). */
  availableSlots(orgId: string, from: Date, to: Date): Promise<Slot[]>;
  /** Books the slot starting at `start`; throws SlotError when it is not bookable. */
  book(req: BookingRequest): Promise<Appointment>;
}

/** The slot cannot be booked: `taken` (409, someone else got it) or `invalid` (400, not a slot at all). */
export class SlotError extends Error {
  constructor(readonly kind: "taken" | "invalid", message: string) {
    super(message);
  }
}

// The external scheduler could not be reached or failed (502 to the caller, retry later): the scheduler seam fails with SeamUnavailableError("scheduler", …) (shared/errors.ts).
