import assert from "node:assert/strict";
import { ulid } from "ulid";
import { connect } from "../../../shared/db/client.ts";
import { createPlatform } from "../../../shared/platform.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/notification-service/app.ts";
import { notificationHarness, pushBody } from "./harness.ts";
import { tcpProxy } from "./tcp_proxy.ts";

Deno.test("database down: 500 so the bus retries, then success on the retry with one email", async () => {
  const h = await notificationHarness();
  const target = new URL(h.p.db.url);
  const proxy = tcpProxy(Number(target.port || 5432), target.hostname);
  const viaProxy = new URL(h.p.db.url);
  viaProxy.port = String(proxy.port);
  const sql = connect(viaProxy.toString(), { max: 4 });
  const q = createPlatform(sql, h.p.config);
  for (const [k, v] of h.p.seams) if (k.startsWith("notificationConfig")) q.seams.set(k, v);
  const server = serveApp(createApp(q).fetch);
  try {
    const push = async (messageId: string) => {
      const res = await fetch(`${server.url}/notification-service/events/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${await h.token()}` },
        body: JSON.stringify(pushBody(h.envelope("job.assigned", { job_id: h.jobId }), messageId)),
      });
      return { status: res.status, body: await res.json() };
    };
    const warm = await push(ulid()); // loads the push keys while the database is up
    assert.equal(warm.status, 200);
    proxy.down();
    const messageId = ulid();
    const during = await push(messageId);
    assert.equal(during.status, 500);
    assert.equal(during.body.error.code, "transient_failure");
    proxy.up();
    const after = await push(messageId);
    assert.equal(after.status, 200, JSON.stringify(after.body));
    assert.equal(after.body.status, "ok");
    const mails = await h.emails();
    assert.equal(mails.length, 2, "one email for the warm-up message, one for the retried one");
    assert.equal(
      (await h.logRows()).filter((r) => String(r.idempotency_key).startsWith(messageId)).length,
      1,
    );
  } finally {
    await server.close();
    proxy.close();
    await sql.end({ timeout: 1 });
    await h.close();
  }
});
