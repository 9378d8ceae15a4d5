// What one push costs the database, observed on the connection itself (postgres.js's `debug` hook sees every
// statement the pool sends): a job.assigned to one recipient is two statements, the read
// (push_context.ts) and the write (notify.push_send_and_log: the email and its log row, one transaction);
// a redelivery is one statement (here the checked write of push_fast.ts, which finds the message's key: the
// context was read by the first delivery; push_fast_test.ts).
import assert from "node:assert/strict";
import { countingSql } from "./counting_sql.ts";
import { createTestDatabase } from "../../support/db.ts";
import { createPlatform, override } from "../../../shared/platform.ts";
import { loadCoreConfig } from "../../../shared/config.ts";
import { loadNotificationConfig } from "../../../shared/notifications/config.ts";
import { handlePush } from "../../../shared/notifications/push.ts";
import { pushBody, seedJob } from "../../../scripts/bench/notifications_body.ts";

Deno.test("one push is two statements on the connection: the read and the one-transaction write", async () => {
  const db = await createTestDatabase();
  const { sql, statements } = countingSql(db.url, 2);
  try {
    const p = createPlatform(sql, loadCoreConfig());
    override(p, "notificationConfig", { ...loadNotificationConfig(p), unsubscribeSecret: "test" });
    const { jobId } = await seedJob(sql);

    const body = pushBody(jobId);
    statements.length = 0;
    const first = await handlePush(p, body);
    assert.equal(first.status, "ok", JSON.stringify(first));
    assert.equal(statements.length, 2, statements.join("\n"));
    assert.match(statements[0], /notify\.push_context/);
    assert.match(statements[1], /notify\.push_send_and_log/);

    statements.length = 0;
    assert.equal((await handlePush(p, body)).status, "duplicate");
    assert.equal(statements.length, 1, statements.join("\n"));

    const [{ emails, rows }] = await sql`select (select count(*)::int from mail.outbox) as emails,
      (select count(*)::int from public.notification_log) as rows`;
    assert.deepEqual({ emails, rows }, { emails: 1, rows: 1 });
  } finally {
    await sql.end({ timeout: 1 });
    await db.drop();
  }
});
