// The lead page's CRM facts. The embedded CRM is the platform itself (shared/crm/embedded.ts): its "record" is the
// lead's own id and its "sync" a copy of it, so the page said "CRM: embedded", "Record: lead:4f8a59a7-…" (QA pass 18),
// words and an id a partner cannot act on. With no outside CRM the page says so; HubSpot's record and sync stay.

const NAMES: Record<string, string> = { hubspot: "HubSpot" };

/** Label/value rows; `date` formats a timestamp as the console does. */
export function crmFacts(
  crm: { provider: string | null; id: string | null; synced_at: string | null; error: string | null },
  date: (iso: string) => string,
): [string, string | null][] {
  if (!crm.provider || crm.provider === "embedded") {
    const rows: [string, string | null][] = [["CRM", "None connected: this console keeps the lead"]];
    if (crm.error) rows.push(["Last error", crm.error]);
    return rows;
  }
  return [
    ["CRM", NAMES[crm.provider] ?? crm.provider],
    ["Record", crm.id],
    ["Synced", crm.synced_at ? date(crm.synced_at) : "Not yet"],
    ["Last error", crm.error],
  ];
}
