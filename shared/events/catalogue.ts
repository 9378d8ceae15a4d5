// The event catalogue (SPEC: Events): every event type, its topic, and whether it is published yet.
// The topics live with the bus, which creates them; events are published onto them.
import { TOPICS } from "../bus/topics.ts";
export { TOPICS };

export const EVENT_TYPES = [
  "job.assigned",
  "job.status_changed",
  "job.completed",
  "job.cancelled",
  "invoice.created",
  "invoice.sent",
  "invoice.paid",
  "invoice.overdue",
  "auth.invite_sent",
  "auth.password_reset",
  "auth.account_locked",
  "lead.created",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** In the catalogue but deferred: accepted by validation, never published in this version. */
export const DEFERRED_EVENT_TYPES: ReadonlySet<string> = new Set(["invoice.overdue"]);

/** The event types the notification service sends email for (all but the deferred ones). */
export const NOTIFIED_EVENT_TYPES = EVENT_TYPES.filter((t) => !DEFERRED_EVENT_TYPES.has(t));

export function isEventType(t: unknown): t is EventType {
  return typeof t === "string" && (EVENT_TYPES as readonly string[]).includes(t);
}

/** Auth emails bypass opt-out and carry no unsubscribe header or link (SPEC: Authentication 7). */
export function isAuthEvent(t: string): boolean {
  return t.startsWith("auth.");
}

export function topicFor(t: EventType): string {
  if (t.startsWith("job.")) return TOPICS.jobs;
  if (t.startsWith("invoice.")) return TOPICS.invoices;
  if (t.startsWith("lead.")) return TOPICS.leads;
  return TOPICS.auth;
}

/** Template file slug: dots replaced by underscores (SPEC: Email templates). */
export function templateSlug(t: string): string {
  return t.replaceAll(".", "_");
}

/** How an event type is named to people (email footers, the unsubscribe page). */
export const EVENT_LABELS: Record<EventType, string> = {
  "job.assigned": "New job assignments",
  "job.status_changed": "Job status updates",
  "job.completed": "Completed jobs",
  "job.cancelled": "Canceled jobs",
  "invoice.created": "New invoices",
  "invoice.sent": "Invoices sent to customers",
  "invoice.paid": "Invoice payments",
  "invoice.overdue": "Overdue invoices",
  "auth.invite_sent": "Portal invitations",
  "auth.password_reset": "Password resets",
  "auth.account_locked": "Account lock alerts",
  "lead.created": "New leads from your widget",
};

export function eventLabel(t: string): string {
  return isEventType(t) ? EVENT_LABELS[t] : t;
}
