// The pages of a booking's confirmation link: opening it (GET) and pressing its button (POST).
import type { Platform } from "../platform.ts";
import { confirmHold, heldAppointment } from "./confirm.ts";
import { checkConfirmToken, holdConfig } from "./hold.ts";
import { confirmFormPage, OUTCOME_PAGES, outcomePage } from "./confirm_page.ts";

export interface LinkPage {
  status: 200 | 400 | 409 | 410 | 503;
  html: string;
}

const outcome = (o: keyof typeof OUTCOME_PAGES, held?: Parameters<typeof outcomePage>[1]): LinkPage => ({
  status: OUTCOME_PAGES[o].status,
  html: outcomePage(o, held),
});

/**
 * The page the link opens: the button while the hold is live; once used, that the appointment is confirmed (QA pass
 * 9: the link opened again said "is held for you. Press the button to confirm it." of a booked appointment); once
 * lapsed or cancelled, that it expired. Opening it changes nothing (a mail scanner fetches every link).
 */
export async function confirmLinkPage(p: Platform, token: string): Promise<LinkPage> {
  const check = await checkConfirmToken(holdConfig(p).secret, token);
  if (!check.ok) return outcome(check.reason);
  const held = await heldAppointment(p, check.appointmentId);
  if (!held) return outcome("invalid");
  if (held.state === "confirmed") return outcome("already_confirmed", held);
  if (held.state === "released") return outcome("expired");
  return { status: 200, html: confirmFormPage(token, held) };
}

/** The page after the button: the outcome, and with whom and when for a booked appointment or a time that went. */
export async function confirmHoldPage(p: Platform, token: string): Promise<LinkPage> {
  const o = await confirmHold(p, token);
  if (o !== "confirmed" && o !== "already_confirmed" && o !== "slot_taken") return outcome(o);
  const check = await checkConfirmToken(holdConfig(p).secret, token);
  return outcome(o, check.ok ? await heldAppointment(p, check.appointmentId) : null);
}
