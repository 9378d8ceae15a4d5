// The homeowner's confirmation email of a widget booking (a hold until the link is used; shared/scheduling/hold.ts).
import { escapeHtml } from "../format.ts";
import type { EmailMessage } from "../email/types.ts";
import { localTime } from "./settings.ts";
import { noAutoLink } from "../email/no_autolink.ts";
import { domainsIn } from "../email/own_domains.ts";

export interface HoldEmailInput {
  from: string;
  to: string;
  partnerName: string;
  /** The home the appointment is at, one line ("4521 Oak Hollow Dr, Jacksonville, FL 32210"); null when unknown. */
  address?: string | null;
  /** The partner's phone (its console settings), for a question or a change; null when it gave none. */
  partnerPhone?: string | null;
  start: Date;
  /** The slot's end: the email gives the window ("2:00 PM to 4:00 PM"), not only its start. */
  end?: Date;
  timezone: string;
  expiresAt: Date;
  confirmUrl: string;
}

/** "Wednesday, November 25, 2026 at 10:00 AM EST" in the appointment's zone (was "2026-11-25 10:00 (America/New_York)"). */
export function readableTime(d: Date, tz: string): string {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(d);
  } catch {
    return `${localTime(d, tz).replace("T", " ")} (${tz})`;
  }
}

/** "Thursday, November 26, 2026, 2:00 PM to 4:00 PM EST": a slot's day and window in its zone. */
export function readableSlot(start: Date, end: Date | undefined, tz: string): string {
  if (!end || !(end > start)) return readableTime(start, tz);
  try {
    const day = (d: Date) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        weekday: "long",
        year: "numeric",
        month: "long",
        day: "numeric",
      })
        .format(d);
    if (day(start) !== day(end)) return `${readableTime(start, tz)} to ${readableTime(end, tz)}`;
    const time = (d: Date, zone: boolean) =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hour: "numeric",
        minute: "2-digit",
        ...(zone ? { timeZoneName: "short" as const } : {}),
      }).format(d);
    return `${day(start)}, ${time(start, false)} to ${time(end, true)}`;
  } catch {
    return readableTime(start, tz);
  }
}

export function holdEmail(m: HoldEmailInput): EmailMessage {
  const slot = readableSlot(m.start, m.end, m.timezone);
  const until = readableTime(m.expiresAt, m.timezone);
  const line = (x: string | null | undefined, max: number) =>
    (x ?? "").replace(/[\r\n]+/g, " ").trim().slice(0, max);
  // Typed text (the home's address) is never a link in a mail program (pass 15); the partner's own domains, those of
  // its organization's name, are written as they are (pass 17).
  const own = domainsIn(m.partnerName);
  const partner = noAutoLink(line(m.partnerName, 120), own);
  // Where and whom to call (QA pass 10: the email named neither the home nor a way to reach the partner).
  const address = noAutoLink(line(m.address, 200), own);
  const phone = line(m.partnerPhone, 40);
  const digits = phone.replace(/[^\d+]/g, "");
  const at = address ? ` at ${address}` : "";
  const call = phone ? `Questions or another time? Call ${partner} at ${phone}.` : "";
  const text = [
    `You asked ${partner} for an appointment${at} on ${slot}.`,
    ``,
    `It is not booked yet. Confirm it with this link before ${until}; after that the time is released:`,
    m.confirmUrl,
    ``,
    ...(call ? [call, ``] : []),
    `If you did not ask for this appointment, ignore this email: nothing will be booked.`,
  ].join("\n");
  const html = `<p>You asked ${escapeHtml(partner)} for an appointment${
    address ? ` at <strong>${escapeHtml(address)}</strong>` : ""
  } on <strong>${escapeHtml(slot)}</strong>.</p>
<p>It is not booked yet. Confirm it before ${escapeHtml(until)}; after that the time is released.</p>
<p><a href="${escapeHtml(m.confirmUrl)}">Confirm my appointment</a></p>
${
    phone
      ? `<p>Questions or another time? Call ${escapeHtml(partner)} at ${
        digits ? `<a href="tel:${escapeHtml(digits)}">${escapeHtml(phone)}</a>` : escapeHtml(phone)
      }.</p>\n`
      : ""
  }<p>If you did not ask for this appointment, ignore this email: nothing will be booked.</p>`;
  return { from: m.from, to: [m.to], subject: `Confirm your appointment with ${partner}`, text, html };
}
