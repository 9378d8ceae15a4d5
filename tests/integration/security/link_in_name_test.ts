// With the public widget token anyone can have a partner-branded savings report emailed to any address (three a day
// per mailbox). The homeowner's name is the one thing of theirs the email and its PDF print: a name such as
// "www.claim-your-prize.example" or "Claim at https://…" made the partner's report carry a spammer's or phisher's link
// to any inbox (docs/security.md "Fourth pass"). Over real HTTP: such names are 400 on every widget route that takes
// a contact and on the report route; a first word that reads as a domain is not used as the greeting.
import assert from "node:assert/strict";
import { contact, widgetEnv } from "../widget/helpers.ts";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { queueHandlers } from "../../../shared/jobs/registry.ts";
import { DELIVERY_QUEUE } from "../../../shared/savings/pipeline.ts";
import { listOutbox } from "../../../shared/email/index.ts";
import { usageByMonth } from "../savings/fixtures.ts";

const address = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };
const links = [
  { first_name: "www.claim-your-prize.example" },
  { first_name: "Claim", last_name: "https://evil.example/gift" },
  { first_name: "HTTP://EVIL.EXAMPLE" },
  { last_name: "prize@evil.example" },
];

Deno.test("widget: a name holding a web or email address is 400; real names pass", async () => {
  const e = await widgetEnv();
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${e.s.url}/widget-service/${path}`, {
        method: "POST",
        headers: { ...e.widget.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, json: await r.json() }));
    for (const [i, name] of links.entries()) {
      const c = { ...contact, ...name };
      for (
        const [path, body] of [
          ["contact", c],
          ["create-lead", { idempotency_key: `link-name-${i}`, contact: c, address, consent: true }],
          ["process-widget-savings-info", {
            contact: c,
            address,
            consent: true,
            usage_by_month: usageByMonth,
          }],
        ] as const
      ) {
        const r = await post(path, body);
        assert.equal(r.status, 400, `${path} ${JSON.stringify(name)}: ${JSON.stringify(r.json)}`);
        assert.match(r.json.error.message, /without a web or email address/);
      }
    }
    for (const [i, first_name] of ["Mary-Kate", "J. R. R.", "José", "O'Brien"].entries()) {
      const r = await post("create-lead", {
        idempotency_key: `real-name-${i}`,
        contact: { ...contact, first_name, last_name: "St. John" },
        address,
        consent: true,
      });
      assert.equal(r.status, 201, `${first_name}: ${JSON.stringify(r.json)}`);
    }
  } finally {
    await e.close();
  }
});

Deno.test("savings report: a link in customerName is 400; a domain-like first word is not the greeting", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user", orgName: "Sunrise Solar Co." });
    const ask = (customerName: string, email: string) =>
      fetch(`${s.url}/savings-insight-service/savings-insight-report`, {
        method: "POST",
        headers: { ...id.headers, "Content-Type": "application/json" },
        body: JSON.stringify({ customerName, email, address: "123 Main St, Austin, TX 78701", usageByMonth }),
      });
    for (const name of ["Claim at https://evil.example", "www.evil.example", "win@evil.example"]) {
      const r = await ask(name, "victim@example.test");
      assert.equal(r.status, 400, `${name}: ${await r.text()}`);
    }
    const r = await ask("claim-your-prize.example Smith", "victim@example.test");
    assert.equal(r.status, 200, await r.text());
    assert.equal(await runReadyJobs(p.sql, queueHandlers(p, DELIVERY_QUEUE)), 1);
    const [mail] = await listOutbox(p.sql, { to: "victim@example.test" });
    assert.match(mail.html, /Hi there,/);
    assert.match(mail.text, /Hi there,/);
    assert.ok(!mail.html.includes("claim-your-prize") && !mail.text.includes("claim-your-prize"), mail.text);
  } finally {
    await s.close();
    await p.close();
  }
});
