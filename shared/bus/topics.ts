// The platform's topics (SPEC: Events): the bus creates them and their subscriptions; the event catalogue
// (shared/events/catalogue.ts) maps every event type onto one of them.
export const TOPICS = {
  jobs: "platform.jobs",
  invoices: "platform.invoices",
  auth: "platform.auth",
  leads: "platform.leads",
  deadLetter: "platform.notifications.dlq",
} as const;
