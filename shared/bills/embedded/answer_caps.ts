// How long the reader's lists may be. A bill lists a few meters (the real, synthetic and phone-photo test bills: at
// most 2 in an answer); a text of 1,800 meter rows (within the text bounds, shared/bills/text_bounds.ts) was answered
// with 1,800 meters, and on a scan each of them was looked for on every OCR line (quadratic). The cap is applied before
// those checks (parse_bill.ts). The usage history is bounded already: the latest 13 months (usage_tables.ts recentMonths).
// (docs/documents.md "The bill reader's parse")

/** Meters in an answer: the first ones the bill prints. */
export const MAX_METERS = 24;
