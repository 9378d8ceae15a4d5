// Reading a stored savings report for its caller: 404 unknown, 403 another organisation, then read under RLS.
import type { AuthContext } from "../db/scoped.ts";
import { withAuth } from "../db/scoped.ts";
import { assertSameOrg } from "../auth/permissions.ts";
import { notFound } from "../errors.ts";
import type { Platform } from "../platform.ts";
import type { StoredReport } from "./delivery.ts";

export async function storedReport(p: Platform, auth: AuthContext, id: string): Promise<StoredReport> {
  const [owner] = await p.sql`select organization_id from public.savings_reports where id = ${id}`;
  if (!owner) throw notFound("not_found", `No savings report with transaction id ${id}`);
  assertSameOrg(auth, owner.organization_id as string, "savings report");
  const [row] = await withAuth(
    p.sql,
    auth,
    (tx) => tx`select * from public.savings_reports where id = ${id}`,
  );
  if (!row) throw notFound("not_found", `No savings report with transaction id ${id}`);
  return row as unknown as StoredReport;
}
