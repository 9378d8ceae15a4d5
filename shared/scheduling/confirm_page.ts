// The pages a homeowner sees from the confirmation link (shared/scheduling/confirm.ts). The link opens a page with a
// button (a POST), so a mail scanner that fetches every link confirms nothing.
import { escapeHtml } from "../format.ts";
import type { ConfirmOutcome } from "./confirm.ts";

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${
    escapeHtml(title)
  }</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">` +
  `<h1>${escapeHtml(title)}</h1>${body}</body></html>`;

export function confirmFormPage(token: string): string {
  return page(
    "Confirm your appointment",
    `<p>Press the button to confirm the appointment you asked for.</p>` +
      `<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}">` +
      `<button type="submit">Confirm my appointment</button></form>`,
  );
}

export const OUTCOME_PAGES: Record<ConfirmOutcome, { status: 200 | 400 | 410; title: string; text: string }> =
  {
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
        "This appointment was not confirmed in time (or was cancelled), and its time was released. Book again.",
    },
    invalid: { status: 400, title: "Invalid link", text: "This confirmation link is not valid." },
  };

export function outcomePage(o: ConfirmOutcome): string {
  const p = OUTCOME_PAGES[o];
  return page(p.title, `<p>${escapeHtml(p.text)}</p>`);
}
