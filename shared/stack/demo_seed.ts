import { join } from "node:path";
import type { Platform } from "../platform.ts";
import type { Sql } from "../db/client.ts";
import { hashPassword } from "../auth/passwords.ts";
import { hashToken, issueWidgetToken } from "../identity/refresh_tokens.ts";
import type { DemoContext, StackExtension } from "./extension.ts";

export const DEMO_ORG_SLUG = "demo-solar";
export const DEMO_ADMIN_EMAIL = "admin@demo-solar.test";

interface DemoFile {
  baseUrl: string;
  email: string;
  password: string;
  partnerToken: string;
}

async function readDemoFile(path: string): Promise<Partial<DemoFile>> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return {};
  }
}

/** What a start knows of the demo partner before the database is ready: the saved file and, when it holds no
 * password (a first start), a new password whose scrypt hash is already being computed (off the main thread,
 * while PostgreSQL starts: `npm run bench:start`). */
export interface DemoPrepared {
  saved: Partial<DemoFile>;
  fresh?: { password: string; hash: Promise<string> };
}

function newPassword(): string {
  return Deno.env.get("DEMO_PASSWORD") ?? `demo-${crypto.randomUUID().slice(0, 13)}`;
}

export async function prepareDemo(dataDir: string): Promise<DemoPrepared> {
  const saved = await readDemoFile(join(dataDir, "demo.json"));
  if (saved.password) return { saved };
  const password = newPassword();
  const hash = hashPassword(password);
  hash.catch(() => {}); // awaited by seedDemo; a failure surfaces there
  return { saved, fresh: { password, hash } };
}

/**
 * The demo partner: an organisation, an admin who can sign in, and a widget user whose non-rotating
 * refresh token is the partner token for the widget URL, then each extension's demo data (`seed`, in the
 * order given: operations reads the technician notifications seeds). Idempotent: a second start reuses the
 * password and token kept in DATA_DIR/demo.json when they are still valid in the database.
 *
 * All of it is one transaction (issue #16, docs/operations.md "The demo seed in one transaction"): one commit,
 * so one WAL flush, where each statement was its own; a failure leaves nothing half seeded. The extensions'
 * seeds get a platform whose `sql` is that transaction (with the same config). demo.json is written once it committed.
 */
export async function seedDemo(
  p: Platform,
  prepared?: Promise<DemoPrepared>,
  extensions: readonly StackExtension[] = [],
): Promise<DemoContext> {
  const { saved, fresh } = await (prepared ?? prepareDemo(p.config.dataDir));
  const demo = await p.sql.begin(async (tx) => {
    // Its own seams: an adapter made in a seed must not outlive the transaction it would hold.
    const inTx: Platform = { config: p.config, sql: tx as unknown as Sql, seams: new Map() };
    const demo = await demoPartner(inTx.sql, saved, fresh);
    for (const e of extensions) await e.seed?.(inTx, demo);
    return demo;
  });
  await Deno.mkdir(p.config.dataDir, { recursive: true });
  const file: DemoFile = {
    baseUrl: p.config.publicUrl,
    email: DEMO_ADMIN_EMAIL,
    password: demo.adminPassword,
    partnerToken: demo.partnerToken,
  };
  await Deno.writeTextFile(join(p.config.dataDir, "demo.json"), JSON.stringify(file, null, 2) + "\n", {
    mode: 0o600,
  });
  return demo;
}

async function demoPartner(
  sql: Sql,
  saved: Partial<DemoFile>,
  fresh: DemoPrepared["fresh"],
): Promise<DemoContext> {
  const [org] =
    await sql`insert into public.organizations (name, slug) values ('Demo Solar Co', ${DEMO_ORG_SLUG})
    on conflict (slug) do update set slug = excluded.slug returning id`;
  const orgId = org.id as string;
  const [admin] = await sql`insert into public.users (email, full_name, organization_id, role)
    values (${DEMO_ADMIN_EMAIL}, 'Dana Demo', ${orgId}, 'partner_admin')
    on conflict (lower(email)) do update set organization_id = excluded.organization_id returning id`;
  const [widget] = await sql`insert into public.users (email, full_name, organization_id, role)
    values ('widget@demo-solar.test', 'Demo Solar widget', ${orgId}, 'widget')
    on conflict (lower(email)) do update set role = 'widget' returning id`;

  let password = saved.password;
  const [cred] = await sql`select 1 from identity.credentials where user_id = ${admin.id as string}`;
  if (!cred || !password) {
    password = fresh?.password ?? newPassword();
    const hash = await (fresh?.hash ?? hashPassword(password));
    await sql`insert into identity.credentials (user_id, password_hash) values (${admin
      .id as string}, ${hash})
      on conflict (user_id) do update set password_hash = excluded.password_hash, failed_attempts = 0, locked_until = null`;
  }

  let partnerToken = saved.partnerToken;
  const valid = partnerToken
    ? await sql`select 1 from identity.refresh_tokens where token_hash = ${
      hashToken(partnerToken)
    } and kind = 'widget' and revoked_at is null`
    : [];
  if (!valid.length) partnerToken = await issueWidgetToken(sql, widget.id as string, "demo widget");

  return {
    orgId,
    orgSlug: DEMO_ORG_SLUG,
    adminUserId: admin.id as string,
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword: password,
    widgetUserId: widget.id as string,
    partnerToken: partnerToken!,
  };
}
