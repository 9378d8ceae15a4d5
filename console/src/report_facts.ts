/** Why a report offers no system (the widget's `noSystemReason`), as a partner reads it. */
const NO_SYSTEM: Record<string, string> = {
  below_minimum_size: "none offered: the home needs less than the 2 kW minimum",
  roof_below_minimum: "none offered: the roof holds less than the 2 kW minimum",
  roof_not_owned: "none offered: the homeowner does not own the roof",
  zero_usage: "none offered: the bills show no measurable use",
  no_usable_roof: "none offered: no usable roof area",
};

const money = (n: unknown) =>
  typeof n === "number" && Number.isFinite(n) ? `$${Math.round(n).toLocaleString("en-US")}` : null;

/**
 * The lead page's "Savings report" facts. A report without a system says why instead of "First-year savings
 * $0, Net cost $0" (the PDF and the widget's summary give the reason; the console showed the zeros).
 */
export function reportFacts(s: Record<string, unknown>): [string, string | null][] {
  const use = typeof s.annualKwh === "number" && s.annualKwh > 0
    ? `${Math.round(s.annualKwh).toLocaleString("en-US")} kWh`
    : null;
  const reason = typeof s.noSystemReason === "string" && s.noSystemReason ? s.noSystemReason : null;
  if (reason || !s.systemKw) {
    return [["System", NO_SYSTEM[reason ?? ""] ?? "none offered"], ["Yearly use", use]];
  }
  // As the widget's summary and the email say them (QA5: "8 kW" and a bare "Net cost" beside their "8.0 kW" and
  // "Net cost (no federal credit)").
  const credit = typeof s.federalCredit === "number" ? s.federalCredit : null;
  return [
    ["System", `${Number(s.systemKw).toFixed(1)} kW`],
    ["First-year savings", money(s.netAnnualSavings)],
    [
      credit === null
        ? "Net cost"
        : credit > 0
        ? "Net cost after the federal tax credit"
        : "Net cost (no federal credit)",
      money(s.netCost),
    ],
    ["Payback", typeof s.paybackYears === "number" ? `${s.paybackYears} years` : "—"],
    ["Yearly use", use],
  ];
}

/**
 * The leads list's "Report" cell: the system and its first-year savings, as the lead page and the email give them, so
 * a partner sees which homes to call first (QA pass 18: the cell said "Yes"; the size and savings were a click away).
 * A report without a system says so; no report is "—".
 */
export function reportCell(l: { has_report: boolean; system_kw: unknown; annual_savings: unknown }): string {
  if (!l.has_report) return "—";
  const kw = typeof l.system_kw === "number" ? l.system_kw : Number(l.system_kw);
  if (!Number.isFinite(kw) || kw <= 0) return "No system offered";
  const savings = money(typeof l.annual_savings === "string" ? Number(l.annual_savings) : l.annual_savings);
  return `${kw.toFixed(1)} kW${savings ? ` · ${savings} first year` : ""}`;
}
