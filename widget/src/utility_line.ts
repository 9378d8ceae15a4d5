/**
 * The check step's utility line. A document that names no utility (National Grid's usage statements print only
 * "Monthly Electric History", no issuer in a title, footer, logo or remittance box) left the line empty, with nothing
 * said: the line now holds the provider the homeowner chose for the home, and says so, still editable. What the
 * homeowner typed there before wins; a name the bill gave is shown as read (the gate compares it with the choice).
 */
export function utilityLine(
  typed: string | null | undefined,
  read: string | null | undefined,
  chosen: string | null | undefined,
): { value: string; fromChoice: boolean } {
  if (typed !== undefined && typed !== null) return { value: typed, fromChoice: false };
  const named = String(read ?? "").trim();
  if (named) return { value: named, fromChoice: false };
  const choice = String(chosen ?? "").trim();
  return { value: choice, fromChoice: !!choice };
}
