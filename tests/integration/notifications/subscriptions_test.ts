// The notification service's push subscriptions, ensured on every `npm start` before it is ready: one statement, one
// commit (issue #16, cold start), and still an upsert.
import assert from "node:assert/strict";
import { createTestDatabase } from "../../support/db.ts";
import { ensureNotificationSubscriptions, ensureSubscriptions } from "../../../shared/bus/subscriptions.ts";
import { TOPICS } from "../../../shared/bus/topics.ts";

Deno.test("ensureNotificationSubscriptions: the four subscriptions in one transaction; a second call updates them", async () => {
  const db = await createTestDatabase();
  try {
    await ensureNotificationSubscriptions(db.sql, "http://127.0.0.1:1/events/push", {
      oidcAudience: "aud-1",
    });
    const rows = await db
      .sql`select name, topic, push_endpoint, oidc_audience, dead_letter_topic, xmin::text as x
      from bus.subscriptions where name like 'notification-service.%' order by name`;
    assert.deepEqual(rows.map((r) => r.name), [
      "notification-service.auth",
      "notification-service.invoices",
      "notification-service.jobs",
      "notification-service.leads",
    ]);
    assert.equal(new Set(rows.map((r) => r.x)).size, 1, "written by one transaction");
    assert.deepEqual(
      rows.map((r) => [r.topic, r.push_endpoint, r.oidc_audience, r.dead_letter_topic]),
      [TOPICS.auth, TOPICS.invoices, TOPICS.jobs, TOPICS.leads].map((t) => [
        t,
        "http://127.0.0.1:1/events/push",
        "aud-1",
        TOPICS.deadLetter,
      ]),
    );
    await ensureNotificationSubscriptions(db.sql, "http://127.0.0.1:2/events/push");
    const again = await db.sql`select push_endpoint, oidc_audience from bus.subscriptions
      where name like 'notification-service.%'`;
    assert.equal(again.length, 4, "updated, not added");
    for (const r of again) {
      assert.deepEqual([r.push_endpoint, r.oidc_audience], ["http://127.0.0.1:2/events/push", null]);
    }
    await ensureSubscriptions(db.sql, []); // nothing to write: no statement
  } finally {
    await db.drop();
  }
});
