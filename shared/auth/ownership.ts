import type { Platform } from "../platform.ts";
import type { AuthContext } from "../db/scoped.ts";
import { assertSameOrg } from "./permissions.ts";
import { notFound } from "../errors.ts";

type Table = "contacts" | "properties" | "leads";
const label: Record<Table, string> = { contacts: "contact", properties: "property", leads: "lead" };

/** 404 for an unknown record, 403 for another partner's (checked with the privileged connection). */
export async function assertOwned(p: Platform, auth: AuthContext, table: Table, id: string): Promise<void> {
  const rows = await p.sql`select organization_id from ${p.sql("public." + table)} where id = ${id}`;
  if (!rows.length) throw notFound("not_found", `No ${label[table]} ${id}`);
  assertSameOrg(auth, rows[0].organization_id as string, label[table]);
}
