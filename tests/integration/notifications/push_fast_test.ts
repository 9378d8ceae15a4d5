// A push in one round trip (issue 16, shared/notifications/push_fast.ts, migration 20261127100000): once the
// service has read a push's context (the job, its recipients, their opt-outs), the next push with the same
// read is ONE statement on the connection, the checked write, which stores nothing when the context changed
// or the message was already logged; the push then goes the two-statement way from a fresh read. Statements
// are counted with postgres.js's `debug` hook, as in push_statements_test.ts.
import assert from "node:assert/strict";
import { countingSql } from "./counting_sql.ts";
import { createTestDatabase } from "../../support/db.ts";
import { createPlatform, override } from "../../../shared/platform.ts";
import type { Sql } from "../../../shared/db/client.ts";
import { loadCoreConfig } from "../../../shared/config.ts";
import { loadNotificationConfig } from "../../../shared/notifications/config.ts";
import { handlePush } from "../../../shared/notifications/push.ts";
import { pushBody, seedJob } from "../../../scripts/bench/notifications_body.ts";

async function withCountedPushes(
  run: (
    t: {
      sql: Sql;
      push: (body: unknown) => ReturnType<typeof handlePush>;
      statements: string[];
      jobId: string;
      techId: string;
    },
  ) => Promise<void>,
) {
  const db = await createTestDatabase();
  const { sql, statements } = countingSql(db.url, 2);
  try {
    const p = createPlatform(sql, loadCoreConfig());
    override(p, "notificationConfig", { ...loadNotificationConfig(p), unsubscribeSecret: "test" });
    const { jobId, technicianId } = await seedJob(sql);
    await run({ sql, push: (body) => handlePush(p, body), statements, jobId, techId: technicianId });
  } finally {
    await sql.end({ timeout: 1 });
    await db.drop();
  }
}

const emails = async (sql: Sql) => (await sql`select count(*)::int as n from mail.outbox`)[0].n as number;
const checked = (s: string[]) => s.filter((x) => /notify\.push_send_and_log_checked/.test(x)).length;

Deno.test("a push whose context was read before is one statement; its redelivery is a duplicate", async () => {
  await withCountedPushes(async ({ sql, push, statements, jobId }) => {
    assert.equal((await push(pushBody(jobId))).status, "ok");
    const body = pushBody(jobId);
    statements.length = 0;
    const second = await push(body);
    assert.equal(second.status, "ok", JSON.stringify(second));
    assert.equal(second.results![0].status, "sent");
    assert.equal(statements.length, 1, statements.join("\n"));
    assert.equal(checked(statements), 1, statements.join("\n"));
    const [row] = await sql`select l.status, l.provider_email_id, o.html from public.notification_log l
      join mail.outbox o on o.id = l.provider_email_id where l.idempotency_key = ${body.message.messageId}`;
    assert.equal(row.status, "sent");
    assert.equal(row.provider_email_id, second.results![0].email_id);
    assert.match(row.html as string, /1 Bench Road, Austin, TX/);

    // The checked write finds the message's key (rule 4): nothing stored, the same one statement.
    statements.length = 0;
    assert.equal((await push(body)).status, "duplicate");
    assert.equal(statements.length, 1, statements.join("\n"));
    assert.equal(checked(statements), 1, statements.join("\n"));
    assert.equal(await emails(sql), 2);
  });
});

Deno.test("a changed context is never used: opt-out, opt back in, a new address, a new technician", async () => {
  await withCountedPushes(async ({ sql, push, statements, jobId, techId }) => {
    assert.equal((await push(pushBody(jobId))).status, "ok");
    await sql`insert into public.user_notification_preference (user_id, event_type, email_enabled)
      values (${techId}, 'job.assigned', false)`;
    const skipped = await push(pushBody(jobId));
    assert.equal(skipped.results![0].status, "skipped", JSON.stringify(skipped));
    assert.equal(await emails(sql), 1);

    await sql`update public.user_notification_preference set email_enabled = true where user_id = ${techId}`;
    assert.equal((await push(pushBody(jobId))).results![0].status, "sent");

    await sql`update public.jobs set address = '9 New Street, Austin, TX' where id = ${jobId}`;
    const moved = pushBody(jobId);
    statements.length = 0;
    assert.equal((await push(moved)).results![0].status, "sent");
    assert.equal(checked(statements), 1, "tried the remembered context first:\n" + statements.join("\n"));
    const [{ html }] = await sql`select o.html from public.notification_log l join mail.outbox o
      on o.id = l.provider_email_id where l.idempotency_key = ${moved.message.messageId}`;
    assert.match(html as string, /9 New Street, Austin, TX/);

    const [other] = await sql`insert into public.users (email, full_name, organization_id, role)
      select 'other@bench.test', 'Other Tech', organization_id, 'technician' from public.jobs where id = ${jobId}
      returning id`;
    await sql`update public.jobs set technician_id = ${other.id} where id = ${jobId}`;
    const reassigned = pushBody(jobId);
    assert.equal((await push(reassigned)).results![0].user_id, other.id);
    const [{ to }] = await sql`select o.to_addresses as to from public.notification_log l join mail.outbox o
      on o.id = l.provider_email_id where l.idempotency_key = ${reassigned.message.messageId}`;
    assert.deepEqual(to, ["other@bench.test"]);
    assert.equal(await emails(sql), 4);
  });
});

Deno.test("the same message twice at once on the one-statement path is emailed once", async () => {
  await withCountedPushes(async ({ sql, push, statements, jobId }) => {
    assert.equal((await push(pushBody(jobId))).status, "ok");
    const body = pushBody(jobId);
    statements.length = 0;
    const results = await Promise.all([push(body), push(body)]);
    assert.deepEqual(results.map((r) => r.status).sort(), ["duplicate", "ok"]);
    assert.equal(results[0].results![0].email_id, results[1].results![0].email_id);
    assert.equal(await emails(sql), 2);
  });
});
