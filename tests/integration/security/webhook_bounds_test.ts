// Security pass 13: a partner could register any number of webhooks, the same URL as often as it liked, and every lead
// event is delivered to each; the public widget token creates leads (600 a minute per partner). On the local stack, 30
// copies of `https://victim.example.com/hook` turned one widget lead into 30 signed POSTs to that host, and test
// deliveries (`POST /webhooks/{id}/test`) were unbounded: one partner made the platform a request amplifier aimed at a
// host of its choosing, and filled the delivery queue every partner shares. Over real HTTP (partner-service).
import assert from "node:assert/strict";
import { partnerEnv } from "../partner/helpers.ts";
import { tokensFor } from "../../support/auth.ts";

const hook = (i: number) => ({ url: `https://hooks.example.com/in/${i}`, events: ["lead.created"] });

Deno.test("webhooks: at most PARTNER_WEBHOOKS_MAX (10) per organization, also when added at once", async () => {
  const e = await partnerEnv();
  try {
    const add = (who: typeof e.admin, i: number) => e.call(who, "POST", "/partner-service/webhooks", hook(i));
    const statuses = (await Promise.all(Array.from({ length: 14 }, (_, i) => add(e.admin, i)))).map((r) =>
      r.status
    );
    assert.deepEqual(statuses.toSorted(), [...Array(10).fill(201), ...Array(4).fill(409)], String(statuses));
    const late = await add(e.admin, 99);
    assert.equal(late.status, 409, late.text);
    assert.equal(late.json.error.code, "webhook_limit");
    const [{ n }] = await e.p.sql`select count(*)::int as n from public.partner_webhooks
      where organization_id = ${e.admin.orgId}`;
    assert.equal(n, 10);

    // Removing one frees a place; another partner has its own ten.
    const list = await e.call(e.admin, "GET", "/partner-service/webhooks");
    const removed = await e.call(e.admin, "DELETE", `/partner-service/webhooks/${list.json.data[0].id}`);
    assert.ok(removed.status < 300, removed.text);
    assert.equal((await add(e.admin, 100)).status, 201);
    assert.equal((await add(e.other, 0)).status, 201);
  } finally {
    await e.close();
  }
});

Deno.test("webhooks: test deliveries are bounded per partner (RATE_LIMIT_WEBHOOK_TESTS_PER_ORG, 10 a window)", async () => {
  const e = await partnerEnv();
  try {
    const created = await e.call(e.admin, "POST", "/partner-service/webhooks", hook(0));
    assert.equal(created.status, 201, created.text);
    const test = (who: typeof e.admin, id: string) =>
      e.call(who, "POST", `/partner-service/webhooks/${id}/test`).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push(await test(e.admin, created.json.data.id));
    assert.deepEqual(statuses, [...Array(10).fill(202), 429, 429]);
    // A second admin of the same partner shares the bucket; another partner has its own.
    const colleague = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
    assert.equal(await test(colleague, created.json.data.id), 429);
    const theirs = await e.call(e.other, "POST", "/partner-service/webhooks", hook(1));
    assert.equal(await test(e.other, theirs.json.data.id), 202);
    const [{ n }] = await e.p.sql`select count(*)::int as n from public.partner_webhook_deliveries
      where organization_id = ${e.admin.orgId}`;
    assert.equal(n, 10, "the refused tests queued nothing");
  } finally {
    await e.close();
  }
});
