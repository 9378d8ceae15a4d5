// Group commit of concurrent pushes (issue 16, migration 20261126120000): pushes in flight together share one
// read and one write statement on the real connection (counted with postgres.js's `debug` hook, as in
// push_statements_test.ts), the same message twice in one batch is emailed once, and a read or a row the
// database refuses fails only its own push while the rest of its batch is sent and stored.
import assert from "node:assert/strict";
import { countingSql } from "./counting_sql.ts";
import { createTestDatabase, testPlatform } from "../../support/db.ts";
import { createPlatform, override } from "../../../shared/platform.ts";
import type { Sql } from "../../../shared/db/client.ts";
import { loadCoreConfig } from "../../../shared/config.ts";
import { loadNotificationConfig } from "../../../shared/notifications/config.ts";
import { handlePush } from "../../../shared/notifications/push.ts";
import { pushWrites, sendAndLog, sendAndLogChecked } from "../../../shared/notifications/send_and_log.ts";
import { loadPushContext } from "../../../shared/notifications/push_context.ts";
import { pushBody, seedJob } from "../../../scripts/bench/notifications_body.ts";

const N = 8;

async function countingPlatform() {
  const db = await createTestDatabase();
  const { sql, statements } = countingSql(db.url, 4);
  const p = createPlatform(sql, loadCoreConfig());
  override(p, "notificationConfig", { ...loadNotificationConfig(p), unsubscribeSecret: "test" });
  return {
    p,
    sql,
    statements,
    async close() {
      await sql.end({ timeout: 1 });
      await db.drop();
    },
  };
}

const counts = async (sql: Sql) => {
  const [r] = await sql`select (select count(*)::int from mail.outbox) as emails,
    (select count(*)::int from public.notification_log) as rows`;
  return { emails: r.emails as number, rows: r.rows as number };
};

Deno.test(`${N} concurrent pushes go out in fewer than ${N} reads and ${N} writes, each emailed once`, async () => {
  const t = await countingPlatform();
  try {
    const { jobId } = await seedJob(t.sql);
    t.statements.length = 0;
    const results = await Promise.all(Array.from({ length: N }, () => handlePush(t.p, pushBody(jobId))));
    assert.ok(results.every((r) => r.status === "ok"), JSON.stringify(results));
    const reads = t.statements.filter((s) => /notify\.push_contexts/.test(s)).length;
    const writes = t.statements.filter((s) => /notify\.push_send_and_log_many/.test(s)).length;
    assert.equal(reads + writes, t.statements.length, t.statements.join("\n"));
    assert.ok(reads < N, `${reads} read statements for ${N} pushes`);
    assert.ok(writes < N, `${writes} write statements for ${N} pushes`);
    // What the bench prints as the mean batch: the write statements and the pushes they carried.
    assert.deepEqual({ ...pushWrites(t.sql) }, { statements: writes, pushes: N });
    assert.deepEqual(await counts(t.sql), { emails: N, rows: N });
    const ids = new Set(results.map((r) => r.results![0].email_id));
    assert.equal(ids.size, N);
  } finally {
    await t.close();
  }
});

Deno.test("the same message twice in one batch is emailed once; the other answer is a duplicate", async () => {
  const t = await countingPlatform();
  try {
    const { jobId } = await seedJob(t.sql);
    const body = pushBody(jobId);
    const others = Array.from({ length: 3 }, () => pushBody(jobId));
    t.statements.length = 0;
    const results = await Promise.all([body, ...others, body].map((b) => handlePush(t.p, b)));
    const writes = t.statements.filter((s) => /notify\.push_send_and_log_many/.test(s)).length;
    assert.equal(writes, 1, "all five writes shared one statement:\n" + t.statements.join("\n"));
    assert.deepEqual(results.map((r) => r.status), ["ok", "ok", "ok", "ok", "duplicate"]);
    assert.equal(results[4].results![0].email_id, results[0].results![0].email_id);
    assert.deepEqual(await counts(t.sql), { emails: 4, rows: 4 });
  } finally {
    await t.close();
  }
});

Deno.test("a read the database refuses fails only its own push; the others of its batch are sent", async () => {
  const t = await countingPlatform();
  try {
    const { jobId } = await seedJob(t.sql);
    // The read fails for any batch holding one job id (a stand-in for any error that belongs to one row).
    await t.sql.unsafe(
      `alter function notify.push_context_rows(text[], text[], text[], text[], text[]) rename to push_context_rows_real;
      create function notify.push_context_rows(p_message_ids text[], p_job_ids text[], p_invoice_ids text[],
        p_user_ids text[], p_event_types text[])
      returns table (ord int, done text[], job json, invoice json, users json)
      language plpgsql stable as $$
      begin
        if 'JOB-POISON' = any(p_job_ids) then raise exception 'refused (injected)' using errcode = '22023'; end if;
        return query select * from notify.push_context_rows_real(p_message_ids, p_job_ids, p_invoice_ids,
          p_user_ids, p_event_types);
      end $$;`,
    );
    t.statements.length = 0;
    const bodies = [pushBody(jobId), pushBody(jobId), pushBody("JOB-POISON"), pushBody(jobId)];
    const settled = await Promise.allSettled(bodies.map((b) => handlePush(t.p, b)));
    assert.deepEqual(settled.map((s) => s.status), ["fulfilled", "fulfilled", "rejected", "fulfilled"]);
    assert.match(String((settled[2] as PromiseRejectedResult).reason), /refused \(injected\)/);
    assert.ok(
      settled.every((s) => s.status === "rejected" || s.value.status === "ok"),
      JSON.stringify(settled),
    );
    // One batched read for the four, refused as a whole, then each of the four read alone.
    const reads = t.statements.filter((s) => /notify\.push_contexts/.test(s)).length;
    assert.equal(reads, 1 + bodies.length, t.statements.join("\n"));
    assert.deepEqual(await counts(t.sql), { emails: 3, rows: 3 });
  } finally {
    await t.close();
  }
});

const msg = (to: string) => ({
  from: "Solar Platform <notifications@x.test>",
  to: [to],
  subject: "New job assigned",
  html: "<p>Hello</p>",
  text: "Hello",
});
// Each message its own event (a bus message carries one event: the same event twice is one email).
const row = (key: string, email: string) => ({
  idempotencyKey: key,
  eventType: "job.assigned",
  eventId: `event-of-${key}`,
  recipientUserId: "00000000-0000-0000-0000-0000000000c1",
  recipientEmail: email,
});

Deno.test("a row the database refuses fails only its own push; the rest of its batch is stored", async () => {
  const p = await testPlatform();
  try {
    await p.sql.unsafe(`create function public.inject_fail() returns trigger language plpgsql as $$
      begin
        if new.to_addresses[1] = 'bad@x.test' then raise exception 'refused (injected)' using errcode = '23514'; end if;
        return new;
      end $$;
      create trigger inject before insert on mail.outbox for each row execute function public.inject_fail();`);
    const emails = Array.from({ length: N }, (_, i) => i === 3 ? "bad@x.test" : `ok${i}@x.test`);
    const settled = await Promise.allSettled(emails.map((e, i) => sendAndLog(p, msg(e), row(`k${i}`, e))));
    assert.deepEqual(
      settled.map((s) => s.status),
      emails.map((e) => e === "bad@x.test" ? "rejected" : "fulfilled"),
    );
    assert.match(String((settled[3] as PromiseRejectedResult).reason), /refused \(injected\)/);
    assert.ok(settled.every((s) => s.status === "rejected" || s.value.fresh));
    const stored = await p.sql`select l.recipient_email from public.notification_log l
      join mail.outbox o on o.id = l.provider_email_id order by l.idempotency_key`;
    assert.deepEqual(stored.map((r) => r.recipient_email), emails.filter((e) => e !== "bad@x.test"));
    assert.deepEqual(await counts(p.sql), { emails: N - 1, rows: N - 1 });
    // Its redelivery, once the database accepts it, sends it once.
    await p.sql`drop trigger inject on mail.outbox`;
    assert.equal((await sendAndLog(p, msg("bad@x.test"), row("k3", "bad@x.test"))).fresh, true);
    assert.deepEqual(await counts(p.sql), { emails: N, rows: N });
  } finally {
    await p.close();
  }
});

Deno.test("each email of a batch is stored with its own HTML and text (plain and checked writes, a stale row between)", async () => {
  const p = await testPlatform();
  try {
    const { jobId } = await seedJob(p.sql);
    // Bodies with what JSON would escape (quotes, backslashes, newlines, non-ASCII): sent as plain text.
    const body = (i: number) => ({
      ...msg(`to${i}@x.test`),
      html: `<p class="n${i}">Hello \\ "${i}"</p>\n<a href="https://x.test/?a=${i}&b=é">🔑</a>`,
      text: `Hello ${i}\r\n\t"quoted" \\ é`,
    });
    const plain = await Promise.all(
      Array.from({ length: N }, (_, i) => sendAndLog(p, body(i), row(`plain-${i}`, `to${i}@x.test`))),
    );
    // The checked write: the third row's fingerprint is not the read's, so it is stale and stores nothing.
    const messageIds = Array.from({ length: 5 }, (_, i) => `checked-${i}`);
    const ctx = await loadPushContext(p.sql, "read-once", {
      event_id: "01JD0000000000000000000000",
      event_type: "job.assigned",
      source: "test",
      created_at: new Date().toISOString(),
      payload: { job_id: jobId },
    });
    const [{ fingerprint }] = await p
      .sql`select notify.push_context_fingerprint(job, invoice, users) as fingerprint
      from notify.push_contexts(${["x"]}::text[], ${[jobId]}::text[], ${[null]}::text[], ${[""]}::text[],
        ${["job.assigned"]}::text[])`;
    assert.ok(ctx.job);
    const checked = await Promise.all(
      messageIds.map((m, i) =>
        sendAndLogChecked(p, body(100 + i), row(m, `to${100 + i}@x.test`), {
          messageId: m,
          jobId,
          invoiceId: null,
          userIds: [],
          eventType: "job.assigned",
          fingerprint: i === 2 ? "not-the-read" : fingerprint as string,
        })
      ),
    );
    assert.equal(checked[2], null, "the row with another fingerprint is stale");
    const sent = [
      ...plain.map((s, i) => ({ id: s.emailId, i })),
      ...checked.flatMap((s, i) => s && typeof s === "object" ? [{ id: s.emailId, i: 100 + i }] : []),
    ];
    assert.equal(sent.length, N + 4);
    for (const { id, i } of sent) {
      const [o] = await p.sql`select html, text_body, to_addresses from mail.outbox where id = ${id!}`;
      assert.deepEqual(
        { html: o.html, text: o.text_body, to: o.to_addresses },
        { html: body(i).html, text: body(i).text, to: [`to${i}@x.test`] },
      );
    }
    assert.deepEqual(await counts(p.sql), { emails: N + 4, rows: N + 4 });
  } finally {
    await p.close();
  }
});

// A stalled write (push19, shared/db/batcher.ts `hedgeAfterMs`): a push whose write waits on another
// transaction (here an uncommitted row under its key) no longer holds the pushes that queue behind it; they
// go in a second write on another connection and are answered, each stored once, while it still waits; it
// is then stored, or answered as a duplicate, as the other transaction decides.
for (const outcome of ["rollback", "commit"] as const) {
  Deno.test(`the pushes behind a stalled write are stored and answered without it (the blocker: ${outcome})`, async () => {
    const t = await countingPlatform();
    const blocker = await t.sql.reserve();
    try {
      const { jobId, technicianId } = await seedJob(t.sql);
      // The job's context is remembered: every push below takes the one-statement (checked) write.
      assert.equal((await handlePush(t.p, pushBody(jobId))).status, "ok");
      const stalled = pushBody(jobId);
      await blocker`begin`;
      await blocker`insert into public.notification_log (idempotency_key, event_type, event_id,
        recipient_user_id, recipient_email, status, error_message)
        values (${stalled.message.messageId}, 'job.assigned', 'another-event', ${technicianId}, '', 'failed', 'x')`;
      const first = handlePush(t.p, stalled);
      let firstDone = false;
      first.finally(() => firstDone = true);
      await new Promise((r) => setTimeout(r, 50)); // its write is under way, waiting on the blocker's key
      const behind = await Promise.race([
        Promise.all([pushBody(jobId), pushBody(jobId)].map((b) => handlePush(t.p, b))),
        new Promise<"held">((r) => setTimeout(() => r("held"), 5_000)),
      ]);
      assert.notEqual(behind, "held", "the pushes behind the stalled write waited for it");
      assert.deepEqual((behind as { status: string }[]).map((r) => r.status), ["ok", "ok"]);
      assert.equal(firstDone, false, "the stalled push is still waiting");
      await blocker.unsafe(outcome);
      const answer = await first;
      assert.equal(answer.status, outcome === "rollback" ? "ok" : "duplicate", JSON.stringify(answer));
      const emails = outcome === "rollback" ? 4 : 3;
      assert.deepEqual(await counts(t.sql), { emails, rows: 4 }); // with a commit, the blocker's row is the 4th
    } finally {
      blocker.release();
      await t.close();
    }
  });
}
