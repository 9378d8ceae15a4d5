// The pages a homeowner sees from the confirmation link (shared/scheduling/confirm.ts). The link opens a page with a
// button (a POST), so a mail scanner that fetches every link confirms nothing.
import { escapeHtml } from "../format.ts";
import type { ConfirmOutcome } from "./confirm.ts";

const STYLE =
  "body{font-family:sans-serif;line-height:1.5;max-width:32rem;margin:2rem auto;padding:0 1.25rem}" +
  "h1{font-size:1.6rem;line-height:1.25}" +
  "button{font:inherit;font-weight:600;min-height:3rem;padding:.75rem 1.5rem;border:0;border-radius:.5rem;" +
  "background:#1d4ed8;color:#fff;cursor:pointer;width:100%;max-width:20rem}";

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
  // On a phone the text kept off the screen's edges and a button a thumb can press (it was 20 px high, flush left).
  `<style>${STYLE}</style></head><body>` +
  `<h1>${escapeHtml(title)}</h1>${body}</body></html>`;

/** The held appointment the link is for, as the email said it ("Wednesday, November 25, 2026 at 10:00 AM EST"). */
export interface HeldAppointment {
  partnerName: string;
  when: string;
  /** The home it is at, one line, and the partner's phone (QA pass 10: the pages named neither); null when unknown. */
  address?: string | null;
  phone?: string | null;

  /** held (the link confirms it), confirmed (the link was used), released (lapsed or cancelled) */
  state?: "held" | "confirmed" | "released";
}

/** " at <strong>4521 Oak Hollow Dr, …</strong>" when the home is known. */
const at = (held: HeldAppointment) => held.address ? ` at <strong>${escapeHtml(held.address)}</strong>` : "";

/** "Questions or another time? Call … at (800) 555-0100." when the partner gave a phone. */
function callLine(held: HeldAppointment): string {
  if (!held.phone) return "";
  const digits = held.phone.replace(/[^\d+]/g, "");
  const phone = escapeHtml(held.phone);
  return `<p>Questions or another time? Call ${escapeHtml(held.partnerName)} at ${
    digits ? `<a href="tel:${escapeHtml(digits)}">${phone}</a>` : phone
  }.</p>`;
}

export function confirmFormPage(token: string, held?: HeldAppointment | null): string {
  // The page said only "the appointment you asked for": the homeowner confirms a time they can see.
  const what = held
    ? `<p>Your appointment with ${escapeHtml(held.partnerName)}${at(held)} on <strong>${
      escapeHtml(held.when)
    }</strong> is held for you. Press the button to confirm it.</p>`
    : `<p>Press the button to confirm the appointment you asked for.</p>`;
  return page(
    "Confirm your appointment",
    what +
      `<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">` +
      `<button type="submit">Confirm my appointment</button></form>` + (held ? callLine(held) : ""),
  );
}

export const OUTCOME_PAGES: Record<
  ConfirmOutcome,
  { status: 200 | 400 | 409 | 410 | 503; title: string; text: string }
> = {
  confirmed: {
    status: 200,
    title: "Appointment confirmed",
    text: "Thank you: your appointment is booked.",
  },
  already_confirmed: {
    status: 200,
    title: "Appointment confirmed",
    text: "This appointment was already confirmed; nothing changed.",
  },
  expired: {
    status: 410,
    title: "Link expired",
    text:
      "This appointment was not confirmed in time (or was canceled), and its time was released. Book again.",
  },
  invalid: { status: 400, title: "Invalid link", text: "This confirmation link is not valid." },
  // External scheduler (pass 8): the slot is booked there only now.
  slot_taken: {
    status: 409,
    title: "Time no longer available",
    text: "This time was booked by someone else before you confirmed it. Book another time.",
  },
  scheduler_unavailable: {
    status: 503,
    title: "Please try again",
    text: "We could not reach the booking calendar just now. Open the link again in a few minutes.",
  },
};

/** An outcome's page; a booked one says again with whom and when (QA pass 9: "your appointment is booked" only). */
export function outcomePage(o: ConfirmOutcome, held?: HeldAppointment | null): string {
  const p = OUTCOME_PAGES[o];
  const booked = held && (o === "confirmed" || o === "already_confirmed")
    ? `<p>Your appointment with ${escapeHtml(held.partnerName)}${at(held)}: <strong>${
      escapeHtml(held.when)
    }</strong>.</p>${callLine(held)}`
    : held && o === "slot_taken"
    // Which time went (security pass 10: the external scheduler has no hold), so the homeowner knows what to rebook.
    ? `<p>The time you asked for with ${escapeHtml(held.partnerName)}${at(held)}: <strong>${
      escapeHtml(held.when)
    }</strong>. Nothing was booked and this link no longer works.</p>${callLine(held)}`
    : "";
  return page(p.title, `<p>${escapeHtml(p.text)}</p>${booked}`);
}
