// Seed helpers of the operations tests (properties, technicians) on a test platform.
import type { Platform } from "../../../shared/platform.ts";

/** A contact and property; `over.widget_session`: created in that widget homeowner session (else by staff). */
export async function seedProperty(p: Platform, orgId: string, over: Record<string, string | null> = {}) {
  const session = over.widget_session ?? null;
  const [contact] = await p
    .sql`insert into public.contacts (organization_id, first_name, last_name, email, widget_session)
    values (${orgId}, ${over.first_name ?? "Jane"}, ${over.last_name ?? "Homeowner"}, ${
    over.email ?? "jane@example.test"
  }, ${session}) returning id`;
  const [prop] = await p
    .sql`insert into public.properties (organization_id, contact_id, line1, city, state, zip, details, widget_session)
    values (${orgId}, ${contact.id}, ${over.line1 ?? "123 Main St"}, ${over.city ?? "Austin"}, ${
    over.state ?? "TX"
  }, ${over.zip ?? "78701"},
            ${p.sql.json({ accountNumber: over.accountNumber ?? "4455667788" })}, ${session}) returning id`;
  return { propertyId: prop.id as string, contactId: contact.id as string };
}

/** A technician with a platform login (so bookings publish job.assigned to them). */
export async function seedTechnician(p: Platform, orgId: string, name = "Tom Tech") {
  const email = `tech-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const [u] = await p
    .sql`insert into public.users (email, full_name, organization_id, role) values (${email}, ${name}, ${orgId}, 'technician') returning id`;
  const [t] = await p
    .sql`insert into public.technicians (organization_id, user_id, name, email) values (${orgId}, ${u.id}, ${name}, ${email}) returning id`;
  return { technicianId: t.id as string, userId: u.id as string, email };
}

/** A loopback port free at the time of the call. */
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** The slug of an organisation (inbox addresses are <anything>+<slug>@...). */
export async function orgSlug(p: Platform, orgId: string): Promise<string> {
  const [{ slug }] = await p.sql`select slug from public.organizations where id = ${orgId}`;
  return slug as string;
}
