// A user the database refused as another organization's (SQLSTATE 23503 from the constraint triggers
// `org_member_<column>`, migration 20261205150000, docs/security.md pass 15): a job's technician, an invoice's billing
// contact, a crew's login must be members of the row's organization. The request named that user, so it is the
// caller's 409 `not_a_member`, not a 500. Any other foreign key violation stays a server bug (the domain should have
// checked it).

export interface RefusedReference {
  code: "not_a_member";
  message: string;
}

export function referenceRefused(err: unknown): RefusedReference | null {
  const e = err as { name?: string; code?: unknown; constraint_name?: unknown };
  if (e?.name !== "PostgresError" || e.code !== "23503") return null;
  if (typeof e.constraint_name !== "string" || !e.constraint_name.startsWith("org_member_")) return null;
  return {
    code: "not_a_member",
    message:
      "The user named is not a member of your organization; assign only your own organization's people",
  };
}
