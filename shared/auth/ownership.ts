import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { assertSameOrg } from "./permissions.ts";
import { notFound } from "../errors.ts";
import { hiddenFromWidget } from "./widget_session.ts";

type Table = "contacts" | "properties" | "leads";
const label: Record<Table, string> = { contacts: "contact", properties: "property", leads: "lead" };

/**
 * 404 for an unknown record, 403 for another partner's (checked with the privileged connection). A widget token reaches
 * only the records its own homeowner session created (shared/auth/widget_session.ts): another's is as unknown as a
 * missing one, 404.
 */
export async function assertOwned(p: Platform, auth: AuthContext, table: Table, id: string): Promise<void> {
  const rows = await p.sql`select organization_id, widget_session from ${
    p.sql("public." + table)
  } where id = ${id}`;
  if (!rows.length) throw notFound("not_found", `No ${label[table]} ${id}`);
  assertSameOrg(auth, rows[0].organization_id as string, label[table]);
  if (hiddenFromWidget(auth, rows[0].widget_session)) throw notFound("not_found", `No ${label[table]} ${id}`);
}
