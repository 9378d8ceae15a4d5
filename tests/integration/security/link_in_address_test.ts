// With the public widget token anyone can have a partner-branded savings report emailed to any mailbox (three a day
// per mailbox); its PDF prints the home's address on the cover and in the document's subject, and a widget booking's
// confirmation email prints it too. Names holding a link were refused since the fourth pass, but the address lines
// were not: `line1: "Claim your $500 rebate at https://evil.example/claim"` reached the victim's inbox inside the
// partner's PDF (reproduced on the local stack, docs/security.md pass 13). Over real HTTP: every widget route that
// takes an address refuses a line or city holding a web or email address, and real addresses still pass.
import assert from "node:assert/strict";
import { contact, widgetEnv } from "../widget/helpers.ts";
import { usageByMonth } from "../savings/fixtures.ts";

const home = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };
const hostile = [
  { line1: "Claim your $500 rebate at https://evil.example/claim" },
  { line2: "Call now or visit www.evil.example" },
  { line2: "Apt 4 HTTP://EVIL.EXAMPLE" },
  { city: "prizes@evil.example" },
];

Deno.test("widget: an address line or city holding a web or email address is 400; real addresses pass", async () => {
  const e = await widgetEnv();
  try {
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${e.s.url}/widget-service/${path}`, {
        method,
        headers: { ...e.widget.headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, json: await r.json() }));
    const created = await call("POST", "property", { address: home });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const propertyId = created.json.data?.property_uuid;
    assert.ok(propertyId, JSON.stringify(created.json));

    for (const [i, part] of hostile.entries()) {
      const address = { ...home, ...part };
      for (
        const [method, path, body] of [
          ["POST", "property", { address }],
          ["PUT", `property/${propertyId}`, { address }],
          ["POST", "create-lead", { idempotency_key: `link-address-${i}`, contact, address, consent: true }],
          ["POST", "process-widget-savings-info", {
            contact,
            address,
            consent: true,
            usage_by_month: usageByMonth,
          }],
          ["POST", "bill-reading", { values: { service_address: { ...home, ...part } } }],
        ] as const
      ) {
        const r = await call(method, path, body);
        assert.equal(r.status, 400, `${method} ${path} ${JSON.stringify(part)}: ${JSON.stringify(r.json)}`);
        assert.match(r.json.error.message, /must be an address, without a web or email address/);
      }
    }

    for (
      const [i, address] of [
        { line1: "1 N. Main St.", line2: "Apt. #4B", city: "St. Louis", state: "MO", zip: "63101" },
        { line1: "12 Rue St.Jean", city: "Ste. Genevieve", state: "MO", zip: "63670" },
        { line1: "P.O. Box 12", line2: "c/o Ann O'Brien", city: "Coeur d'Alene", state: "ID", zip: "83814" },
      ].entries()
    ) {
      const r = await call("POST", "create-lead", {
        idempotency_key: `real-address-${i}`,
        contact,
        address,
        consent: true,
      });
      assert.equal(r.status, 201, `${JSON.stringify(address)}: ${JSON.stringify(r.json)}`);
    }
  } finally {
    await e.close();
  }
});
