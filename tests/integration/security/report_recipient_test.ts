// Third pass: a public widget token could have a partner-branded savings report emailed to any address, 20 a
// minute per caller address (the `reports` bucket) from as many addresses as the caller has. Now at most
// RATE_LIMIT_REPORTS_PER_RECIPIENT (3) a day reach one mailbox on widget requests, across partners and addresses.
import assert from "node:assert/strict";
import { contact, widgetEnv } from "../widget/helpers.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { mailboxKey } from "../../../shared/ratelimit/recipient.ts";
import { pruneCounters } from "../../../shared/ratelimit/counter.ts";
import { tokensFor } from "../../support/auth.ts";

const usage = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, year: 2025, value: 700, unit: "kWh" }));
const address = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };

Deno.test("savings report emails: at most RATE_LIMIT_REPORTS_PER_RECIPIENT per mailbox per day on widget requests (429 recipient_rate_limited)", async () => {
  const e = await widgetEnv();
  const policy = rateLimitPolicyFromEnv();
  assert.equal(policy.reportsPerRecipient.max, 3);
  override(e.p, "rateLimitPolicy", policy);
  try {
    const ask = async (
      who: { headers: Record<string, string> },
      email: string,
      i: number,
      where = address,
    ) => {
      const r = await fetch(`${e.s.url}/widget-service/process-widget-savings-info`, {
        method: "POST",
        headers: { ...who.headers, "content-type": "application/json" },
        body: JSON.stringify({
          idempotency_key: `recipient-${i}`,
          contact: { ...contact, email },
          address: where,
          consent: true,
          usage_by_month: usage,
        }),
      });
      return { status: r.status, headers: r.headers, json: await r.json() };
    };
    // Requests refused before a report is stored (out of the partner's area) queue no email and cost nothing.
    const away = { line1: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" };
    for (const i of [10, 11, 12]) {
      const r = await ask(e.widget, "victim@example.com", i, away);
      assert.deepEqual([r.status, r.json.error.code], [400, "out_of_area"]);
    }
    // One mailbox, written four ways (case, +tags): the fourth report is refused, no email queued.
    const victim = [
      "victim@example.com",
      "Victim+1@example.com",
      "VICTIM+promo@Example.com",
      "victim+2@example.com",
    ];
    const answers = [];
    for (const [i, email] of victim.entries()) answers.push(await ask(e.widget, email, i));
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 429],
      JSON.stringify(answers.at(-1)?.json),
    );
    assert.equal(answers[3].json.error.code, "recipient_rate_limited");
    assert.ok(Number(answers[3].headers.get("retry-after")) >= 1);
    // Another partner's widget token counts against the same mailbox.
    const other = await tokensFor(e.p, { role: "widget", orgId: e.other.orgId });
    const viaOther = await ask(other, "victim@example.com", 8, away);
    assert.deepEqual([viaOther.status, viaOther.json.error.code], [429, "recipient_rate_limited"]);
    // Three reports reached the mailbox; the refused request left its lead unclaimed (it can be retried later).
    const [{ n }] = await e.p
      .sql`select count(*)::int as n from public.savings_reports where lower(email) like '%victim%'`;
    assert.equal(n, 3);
    // Another recipient is not affected.
    assert.equal((await ask(e.widget, "neighbour@example.com", 9)).status, 200);
    // The middleware's prune (windows over an hour old) keeps the day-long recipient counters, else the count
    // restarted an hour into each day.
    await e.p.sql`update security.rate_limits set window_start = window_start - interval '2 hours'`;
    await pruneCounters(e.p.sql, 3600, policy.recipientWindowSeconds * 2);
    const kept = await e.p.sql`select key from security.rate_limits`;
    assert.ok(
      kept.length > 0 && kept.every((r) => String(r.key).startsWith("recipient:")),
      JSON.stringify(kept),
    );
  } finally {
    await e.close();
  }
});

Deno.test("mailboxKey: case, +tags and Gmail dots collapse; other local parts stay apart", () => {
  assert.equal(mailboxKey(" Jane.Doe+news@GoogleMail.com "), "janedoe@gmail.com");
  assert.equal(mailboxKey("jane.doe@example.com"), "jane.doe@example.com");
  assert.notEqual(mailboxKey("jane.doe@example.com"), mailboxKey("janedoe@example.com"));
  assert.equal(mailboxKey("A+b+c@X.ORG."), "a@x.org");
});
