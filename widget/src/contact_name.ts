/**
 * The contact step's first and last name from the name the homeowner confirmed on the check step, or null when
 * that name is not a person's: a bill in a company's name ("Pharmaceutics International Inc", flagged
 * `name_not_a_person` and confirmed as the name on the bill) filled "Pharmaceutics" as the first name, and the
 * report email opened "Hi Pharmaceutics,".
 */
export function contactFromBillName(
  name: string,
  checkCodes: readonly string[],
): { first_name: string; last_name: string } | null {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length || checkCodes.includes("name_not_a_person")) return null;
  return { first_name: titleCase(parts[0]), last_name: titleCase(parts.slice(1).join(" ")) };
}

export function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase());
}
