/** Lead statuses (public.leads.status): `report_sent` is set when the homeowner's report is emailed; the rest by the partner. */
export const LEAD_STATUSES = ["new", "report_sent", "contacted", "qualified", "disqualified"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  report_sent: "Report sent",
  contacted: "Contacted",
  qualified: "Qualified",
  disqualified: "Disqualified",
};
