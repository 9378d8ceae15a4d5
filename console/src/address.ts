/**
 * A lead's home address on one line, with its unit: the leads list showed "332 Hillcrest Way, Denver, CO 80206" for
 * the homeowner in Apt 8C (the lead page had it), so two homes of one building looked the same.
 */
export function addressText(
  a: { line1: string; line2?: string | null; city: string; state: string; zip: string },
): string {
  return [a.line1, a.line2, a.city].filter((x) => x?.trim()).join(", ") + `, ${a.state} ${a.zip}`;
}
