// Security pass 6: what the homeowner types on the widget's confirm step (the bill's name, service address and utility,
// corrected) is kept on the lead (`bill_corrections`) and shown to the partner. Those fields took any text: CR/LF, a
// right-to-left override, a link in the name. Over real HTTP: they are cleaned like the widget's other one-line fields,
// and a name holding a web or email address is 400, on `bill-reading` and `process-widget-savings-info`.
import assert from "node:assert/strict";
import { address, contact, widgetEnv } from "../widget/helpers.ts";

const bill = {
  customerInformation: { name: "Jane Doe", serviceAddress: { ...address } },
  electricityUsage: { usageByMonth: [{ month: "January", value: 500 }] },
};

Deno.test("confirm step: corrected name, address and utility are one clean line; a name with a link is 400", async () => {
  const e = await widgetEnv();
  try {
    const ok = await e.call(e.widget, "POST", "/bill-reading", {
      bill,
      values: {
        customer_name: "Jane\r\n\u202EeoD",
        utility: "Pacific\u200B Gas\tand Electric",
        service_address: { ...address, line1: "2 Market\u202E St\n" },
      },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    const c = ok.json.data.corrections;
    assert.equal(c.name.corrected, "Jane eoD");
    assert.equal(c.utility.corrected, "Pacific Gas and Electric");
    assert.equal(JSON.stringify(c.address.corrected).includes("\u202E"), false, JSON.stringify(c.address));
    assert.equal(c.address.corrected.line1, "2 Market St");

    for (
      const [path, body] of [
        ["/bill-reading", { bill, values: { customer_name: "Claim at https://evil.example" } }],
        ["/process-widget-savings-info", {
          contact,
          address,
          consent: true,
          bill,
          reading: { customer_name: "www.claim-your-prize.example" },
        }],
      ] as const
    ) {
      const r = await e.call(e.widget, "POST", path, body);
      assert.equal(r.status, 400, `${path}: ${JSON.stringify(r.json)}`);
      assert.match(r.json.error.message, /without a web or email address/);
    }
  } finally {
    await e.close();
  }
});
