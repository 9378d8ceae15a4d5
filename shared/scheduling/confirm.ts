// Widget bookings held until the homeowner confirms them (docs/security.md, pass 7): sending the link, confirming.
import { emailProvider, emailSender } from "../email/index.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { links } from "../urls.ts";
import { assignJob } from "./assign.ts";
import { checkConfirmToken, confirmToken, holdConfig } from "./hold.ts";
import { holdEmail, readableSlot } from "./hold_email.ts";
import type { HeldAppointment } from "./confirm_page.ts";
import { appointmentFromRow, appointmentSelect } from "./rows.ts";
import { type Appointment, SlotError } from "./types.ts";
import { scheduler } from "./index.ts";
import { ExternalScheduler } from "./external.ts";
import { bookHeldExternally } from "./external_hold.ts";
import { SeamUnavailableError } from "../errors.ts";

export const CONFIRM_PATH = "/confirm-appointment";

/** The property `pr` as one line ("4521 Oak Hollow Dr, Apt 2, Jacksonville, FL 32210"), empty parts left out. */
const HOME_ADDRESS = `concat_ws(', ', nullif(pr.line1, ''), nullif(pr.line2, ''), nullif(pr.city, ''),
  nullif(trim(concat_ws(' ', pr.state, pr.zip)), ''))`;

/** Emails the homeowner the hold's confirmation link (one email per hold: the provider's idempotency key). */
export async function sendHoldEmail(
  p: Platform,
  a: Appointment,
  email: string,
  expiresAt: Date,
): Promise<void> {
  const token = await confirmToken(holdConfig(p).secret, a.id, expiresAt);
  // the partner's phone (console settings) and the home's address, which the email names (QA pass 10)
  const [org] = await p.sql`select o.name, s.phone, ${p.sql.unsafe(HOME_ADDRESS)} as address
    from public.organizations o left join public.partner_settings s on s.organization_id = o.id
    left join public.properties pr on pr.id = ${a.propertyId}
    where o.id = ${a.organizationId}`;
  const confirmUrl = `${links(p).publicUrl}/functions/v1/appointment-handling-service${CONFIRM_PATH}?token=${
    encodeURIComponent(token)
  }`;
  await emailProvider(p).send(
    holdEmail({
      from: emailSender(p),
      to: email,
      partnerName: (org?.name as string) ?? "",
      address: (org?.address as string | null) ?? null,
      partnerPhone: (org?.phone as string | null) ?? null,
      start: a.start,
      end: a.end,
      timezone: a.timezone,
      expiresAt,
      confirmUrl,
    }),
    { idempotencyKey: `appointment-confirm:${a.id}` },
  );
}

/** The partner and the time of the appointment a link is for, for its page (null when it is gone). */
export async function heldAppointment(p: Platform, appointmentId: string): Promise<HeldAppointment | null> {
  const [row] = await p.sql`
    select a.starts_at, a.ends_at, a.timezone, o.name, a.status, a.confirmed_at,
      a.hold_expires_at > now() as live, s.phone, ${p.sql.unsafe(HOME_ADDRESS)} as address
    from public.appointments a
    join public.organizations o on o.id = a.organization_id
    left join public.partner_settings s on s.organization_id = o.id
    left join public.properties pr on pr.id = a.property_id
    where a.id = ${appointmentId}`;
  if (!row) return null;
  return {
    partnerName: String(row.name ?? "").replace(/[\r\n]+/g, " ").slice(0, 120),
    address: (row.address as string | null) ?? null,
    phone: (row.phone as string | null) ?? null,
    state: row.status === "held" && row.live
      ? "held"
      : row.status === "scheduled" && row.confirmed_at
      ? "confirmed"
      : "released",
    when: readableSlot(
      new Date(row.starts_at as string | Date),
      new Date(row.ends_at as string | Date),
      row.timezone as string,
    ),
  };
}

export type ConfirmOutcome =
  | "confirmed"
  | "already_confirmed"
  | "expired"
  | "invalid"
  | "slot_taken"
  | "scheduler_unavailable";

/**
 * Uses a confirmation link: a live hold becomes `scheduled` (once; the job is assigned then), a used link answers
 * `already_confirmed` and changes nothing, a lapsed or cancelled hold `expired`, a forged or altered link `invalid`.
 */
export async function confirmHold(p: Platform, token: string): Promise<ConfirmOutcome> {
  const check = await checkConfirmToken(holdConfig(p).secret, token);
  if (!check.ok) return check.reason;
  const remote = await bookExternalHold(p, check.appointmentId, check.expiresAt);
  if (remote) return remote;
  const [row] = await p.sql`
    with a as (
      update public.appointments set status = 'scheduled', confirmed_at = now(), updated_at = now()
      where id = ${check.appointmentId} and status = 'held' and hold_expires_at > now()
        and hold_expires_at = ${check.expiresAt}
      returning *)
    select ${p.sql.unsafe(appointmentSelect)}, pr.line1, pr.line2, pr.city, pr.state, pr.zip
    from a left join public.technicians t on t.id = a.technician_id join public.properties pr on pr.id = a.property_id`;
  if (!row) {
    const [cur] = await p
      .sql`select status, confirmed_at from public.appointments where id = ${check.appointmentId}`;
    if (cur?.status === "scheduled" && cur.confirmed_at) return "already_confirmed";
    return cur ? "expired" : "invalid";
  }
  const a = appointmentFromRow(row);
  log("info", "appointment hold confirmed", { appointment: a.id, org: a.organizationId });
  if (a.provider === "external" && a.technician?.email && !a.technician.userId) {
    // The scheduler's crew, when it is one of the partner's technician users (by email), gets the job.
    const [u] = await p.sql`select id from public.users where organization_id = ${a.organizationId}
      and role = 'technician' and lower(email) = lower(${a.technician.email})`;
    if (u) a.technician.userId = u.id as string;
  }
  if (a.technician?.userId && !a.jobId) {
    const address = [row.line1, row.line2, row.city, [row.state, row.zip].filter(Boolean).join(" ")]
      .filter(Boolean).join(", ");
    try {
      await assignJob(p, a, (row.created_by as string) ?? a.technician.userId, address);
    } catch (e) {
      log("error", "job assignment failed after confirmation", { appointment: a.id, error: errorText(e) });
    }
  }
  return "confirmed";
}

/**
 * A live external hold (pass 8) is booked at the scheduler when its link is used, before it becomes `scheduled`: null
 * when that worked (or there is nothing to book), else the outcome (the slot went meanwhile: the hold is cancelled;
 * the scheduler did not answer: the hold stays, the link can be used again).
 */
async function bookExternalHold(p: Platform, id: string, expiresAt: Date): Promise<ConfirmOutcome | null> {
  const [row] = await p.sql`select 1 from public.appointments where id = ${id} and provider = 'external'
    and external_id is null and status = 'held' and hold_expires_at > now() and hold_expires_at = ${expiresAt}`;
  const s = scheduler(p);
  if (!row || !(s instanceof ExternalScheduler)) return null;
  try {
    await bookHeldExternally(p, s, id);
    return null;
  } catch (e) {
    if (e instanceof SlotError) {
      await p.sql`update public.appointments set status = 'cancelled', updated_at = now()
        where id = ${id} and status = 'held'`;
      return "slot_taken";
    }
    if (e instanceof SeamUnavailableError) return "scheduler_unavailable";
    throw e;
  }
}
