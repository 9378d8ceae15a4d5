// `npm run event -- <command>`: publish a test event and watch it arrive; list, inspect and replay
// dead-lettered messages. Works against the local stack's database (or DATABASE_URL).
//
//   npm run event -- publish job.assigned --recipient <user id> [--job <id>] [--source cli] [--no-wait]
//   npm run event -- publish invoice.paid --invoice <id>
//   npm run event -- publish auth.password_reset --actor <user id>
//   npm run event -- dlq list [--all]
//   npm run event -- dlq show <dead-letter id>
//   npm run event -- dlq replay <dead-letter id> | --all
import { parseArgs } from "node:util";
import { connect, databaseUrlFromEnv } from "../shared/db/client.ts";
import { envInt, loadCoreConfig } from "../shared/config.ts";
import { createPlatform, type Platform } from "../shared/platform.ts";
import { setLogLevel } from "../shared/log.ts";
import { publishEvent } from "../shared/events/publish.ts";
import { isEventType } from "../shared/events/catalogue.ts";
import {
  deadLetterText,
  getDeadLetter,
  listDeadLetters,
  replayDeadLetter,
} from "../shared/bus/dead_letters.ts";

const USAGE = `Usage:
  npm run event -- publish <event_type> [--recipient <uuid>]... [--job <id>] [--invoice <id>] [--actor <uuid>]
                                        [--old-status S --new-status S] [--source <slug>] [--no-wait] [--timeout <s>]
  npm run event -- dlq list [--all]
  npm run event -- dlq show <id>
  npm run event -- dlq replay <id> | --all`;

const OPTIONS = {
  recipient: { type: "string", multiple: true },
  job: { type: "string" },
  invoice: { type: "string" },
  actor: { type: "string" },
  "old-status": { type: "string" },
  "new-status": { type: "string" },
  source: { type: "string", default: "cli" },
  "no-wait": { type: "boolean", default: false },
  timeout: { type: "string", default: "10" },
  all: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

function parsed() {
  try {
    return parseArgs({ args: Deno.args, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    // node:util's message (e.g. "Unknown option '--bogus'"), then the usage; never a stack trace.
    console.error(`${(e as Error).message.split(". ")[0]}\n${USAGE}`);
    Deno.exit(2);
  }
}
const { values: o, positionals } = parsed();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fail(message: string): never {
  console.error(message);
  Deno.exit(2);
}

/** A throwaway job or invoice for a test event, in the recipient's organisation, so the email has real data. */
async function testRecord(
  p: Platform,
  kind: "job" | "invoice",
  recipient: string | undefined,
): Promise<string> {
  const [u] = recipient ? await p.sql`select organization_id from public.users where id = ${recipient}` : [];
  if (recipient && !u) {
    fail(
      `No user ${recipient} in public.users: pass an existing user id, or --${kind} <id> of an existing ${kind}`,
    );
  }
  if (u && !u.organization_id) {
    fail(
      `User ${recipient} belongs to no organization: a job's or invoice's email goes to members of its organization only`,
    );
  }
  const org = u?.organization_id ??
    (await p.sql`select id from public.organizations order by created_at limit 1`)[0]?.id;
  if (!org) {
    fail("No organisation in the database: start the stack once (npm start) or pass --job/--invoice.");
  }
  if (kind === "job") {
    const [j] = await p.sql`insert into public.jobs (organization_id, address, status, technician_id)
      values (${org}, '1 Test Street, Testville, CA 90001', 'Assigned', ${recipient ?? null}) returning id`;
    return j.id as string;
  }
  const [i] = await p
    .sql`insert into public.invoices (organization_id, amount, due_date, customer_name, billing_contact_id)
    values (${org}, 1000, current_date + 30, 'Test Customer', ${recipient ?? null}) returning id`;
  return i.id as string;
}

async function publishCommand(p: Platform, type: string | undefined) {
  if (!type || !isEventType(type)) fail(`Unknown or missing event type "${type ?? ""}".\n${USAGE}`);
  const recipients = o.recipient ?? [];
  for (const id of [...recipients, ...(o.actor ? [o.actor] : [])]) {
    if (!UUID.test(id)) {
      fail(`"${id}" is not a user id (uuid): --recipient and --actor take the id of a row of public.users`);
    }
  }
  const payload: Record<string, unknown> = {};
  if (recipients.length) payload.recipient_ids = recipients;
  if (o.actor) payload.actor_id = o.actor;
  if (type.startsWith("job.")) payload.job_id = o.job ?? await testRecord(p, "job", recipients[0]);
  if (type.startsWith("invoice.")) {
    payload.invoice_id = o.invoice ?? await testRecord(p, "invoice", recipients[0]);
  }
  if (type === "job.status_changed") {
    Object.assign(payload, {
      old_status: o["old-status"] ?? "In Progress",
      new_status: o["new-status"] ?? "On Hold",
    });
  }
  if (type === "auth.password_reset") {
    Object.assign(payload, {
      reset_url: `${p.config.publicUrl}/portal/reset-password?token=test`,
      expires_in: "1 hour",
    });
  }
  if (type === "auth.invite_sent") {
    Object.assign(payload, {
      invite_url: `${p.config.publicUrl}/portal/accept-invite?token=test`,
      inviter_id: o.actor,
    });
  }
  if (type.startsWith("auth.") && !recipients.length && !o.actor) {
    fail("auth events need --recipient or --actor <user id>");
  }

  const started = performance.now();
  const published = await publishEvent(p, { event_type: type, source: o.source!, payload });
  console.log(
    `published ${type} on ${published.topic}: event_id ${published.event_id}, messageId ${published.messageId}`,
  );
  if (o["no-wait"]) return;

  const deadline = Date.now() + Number(o.timeout) * 1000;
  while (Date.now() < deadline) {
    const rows = await p
      .sql`select l.status, l.recipient_email, l.error_message, l.provider_email_id, l.created_at, m.created_at as mailed_at
      from public.notification_log l left join mail.outbox m on m.id = l.provider_email_id
      where l.idempotency_key = ${published.messageId} or (l.idempotency_key >= ${
      published.messageId + ":"
    } and l.idempotency_key < ${published.messageId + ";"})`;
    if (rows.length) {
      const ms = Math.round(performance.now() - started);
      for (const r of rows) {
        console.log(
          `  ${r.status.padEnd(8)} ${r.recipient_email || "-"}${
            r.error_message ? `  (${r.error_message})` : ""
          }${r.provider_email_id ? `  email ${r.provider_email_id}` : ""}`,
        );
      }
      console.log(
        `publish → notification log${rows.some((r) => r.mailed_at) ? " and dev mailbox" : ""}: ${ms} ms`,
      );
      if (rows.some((r) => r.mailed_at)) console.log(`dev mailbox: ${p.config.publicUrl}/dev/mailbox`);
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  fail(`no notification within ${o.timeout} s: is the stack (npm start) running, with its push loop?`);
}

async function dlqCommand(p: Platform, sub: string | undefined, id: string | undefined) {
  if (sub === "list") {
    const list = await listDeadLetters(p, { includeReplayed: o.all });
    if (!list.length) return console.log("No dead-lettered messages.");
    for (const d of list) {
      console.log(
        `${d.id}  ${d.publishTime.toISOString()}  from ${d.sourceTopic} (${d.subscription}, ${d.attempts} attempts)  ${
          d.replayedAt ? "replayed " + d.replayedAt.toISOString() : ""
        }\n    last error: ${d.lastError}`,
      );
    }
    return;
  }
  if (sub === "show") {
    const d = id ? await getDeadLetter(p, id) : null;
    if (!d) fail(`No dead-lettered message ${id ?? ""}`);
    console.log(JSON.stringify({ ...d, data: undefined, envelope: JSON.parse(deadLetterText(d)) }, null, 2));
    return;
  }
  if (sub === "replay") {
    const ids = o.all ? (await listDeadLetters(p)).map((d) => d.id) : id ? [id] : fail(USAGE);
    for (const one of ids) {
      const r = await replayDeadLetter(p, one);
      console.log(`replayed ${one} → ${r.topic} as ${r.messageId}`);
    }
    if (!ids.length) console.log("Nothing to replay.");
    return;
  }
  fail(USAGE);
}

if (o.help || !positionals.length) {
  console.log(USAGE);
  Deno.exit(0);
}
setLogLevel("warn");
const url = databaseUrlFromEnv() ??
  `postgres://postgres:postgres@127.0.0.1:${envInt("EMBEDDED_PG_PORT", 54322)}/postgres`;
const sql = connect(url, { max: 2 });
const p = createPlatform(sql, loadCoreConfig());
try {
  const [cmd, a, b] = positionals;
  if (cmd === "publish") await publishCommand(p, a);
  else if (cmd === "dlq") await dlqCommand(p, a, b);
  else fail(USAGE);
} catch (e) {
  console.error(`error: ${(e as Error).message}`);
  await sql.end({ timeout: 1 });
  Deno.exit(1);
}
await sql.end({ timeout: 1 });
