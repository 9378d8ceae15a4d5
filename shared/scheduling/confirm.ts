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
import type { Appointment } from "./types.ts";

export const CONFIRM_PATH = "/confirm-appointment";

/** Emails the homeowner the hold's confirmation link (one email per hold: the provider's idempotency key). */
export async function sendHoldEmail(
  p: Platform,
  a: Appointment,
  email: string,
  expiresAt: Date,
): Promise<void> {
  const token = await confirmToken(holdConfig(p).secret, a.id, expiresAt);
  const [org] = await p.sql`select name from public.organizations where id = ${a.organizationId}`;
  const confirmUrl = `${links(p).publicUrl}/functions/v1/appointment-handling-service${CONFIRM_PATH}?token=${
    encodeURIComponent(token)
  }`;
  await emailProvider(p).send(
    holdEmail({
      from: emailSender(p),
      to: email,
      partnerName: (org?.name as string) ?? "",
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
    select a.starts_at, a.ends_at, a.timezone, o.name from public.appointments a
    join public.organizations o on o.id = a.organization_id where a.id = ${appointmentId}`;
  if (!row) return null;
  return {
    partnerName: String(row.name ?? "").replace(/[\r\n]+/g, " ").slice(0, 120),
    when: readableSlot(
      new Date(row.starts_at as string | Date),
      new Date(row.ends_at as string | Date),
      row.timezone as string,
    ),
  };
}

export type ConfirmOutcome = "confirmed" | "already_confirmed" | "expired" | "invalid";

/**
 * Uses a confirmation link: a live hold becomes `scheduled` (once; the job is assigned then), a used link answers
 * `already_confirmed` and changes nothing, a lapsed or cancelled hold `expired`, a forged or altered link `invalid`.
 */
export async function confirmHold(p: Platform, token: string): Promise<ConfirmOutcome> {
  const check = await checkConfirmToken(holdConfig(p).secret, token);
  if (!check.ok) return check.reason;
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
