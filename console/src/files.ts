/**
 * The property's documents the lead page lists besides the bill and the report it already offers: the widget
 * stores a copy of the uploaded bill and of the emailed report with the property, so the page showed "Open
 * pge-01.pdf" and then "utility bill: pge-01.pdf" and "report: solar-savings-report.pdf" again.
 */
export function otherDocuments<D extends { kind: string; filename: string }>(
  documents: D[],
  billNames: string[],
  hasReport: boolean,
): D[] {
  const bills = new Set(billNames);
  return documents.filter((d) =>
    !(d.kind === "utility_bill" && bills.has(d.filename)) && !(d.kind === "report" && hasReport)
  );
}

/** A document's kind as a partner reads it ("utility_bill" -> "Utility bill"). */
export function kindLabel(kind: string): string {
  const words = kind.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
