// How values read in emails: amounts in the invoice currency, dates and times in UTC, US English.
export function money(amount: unknown, currency = "USD"): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return String(amount ?? "");
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(n);
}

export function day(d: unknown): string {
  if (d === null || d === undefined || d === "") return "";
  const date = d instanceof Date ? d : new Date(String(d).length === 10 ? `${d}T00:00:00Z` : String(d));
  if (Number.isNaN(date.getTime())) return String(d);
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

export function moment(d: unknown): string {
  if (d === null || d === undefined || d === "") return "";
  const date = d instanceof Date ? d : new Date(String(d));
  if (Number.isNaN(date.getTime())) return String(d);
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })
    .format(date) + " UTC";
}
