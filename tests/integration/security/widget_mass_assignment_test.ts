// Security pass 6, mass assignment through the public widget token. `POST /widget-service/create-opportunity` took
// `stage`, `amount` and `system_size_kw` from anyone holding the token: a stranger created "closed_won, $10,000,000"
// opportunities on the partner's leads, queued for the partner's CRM. Now a widget token's opportunity starts at
// `qualification` with the lead's own figures (403 otherwise); the partner's staff set them. Fields a body may not
// name at all (organisation, status, savings, creator) are dropped by validation, checked here too.
import assert from "node:assert/strict";
import { address, contact, widgetEnv } from "../widget/helpers.ts";
import { ACCOUNT_NUMBER_KEYS, findCustomer } from "../../../shared/email-agent/link.ts";

Deno.test("widget token: an opportunity's stage and figures are the staff's (403); extra lead fields are ignored", async () => {
  const e = await widgetEnv();
  try {
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      contact,
      address,
      consent: true,
      // Fields of the row a caller must not set.
      organization_id: e.other.orgId,
      status: "won",
      out_of_area: true,
      savings: { netCost: 1 },
      created_by: e.admin.userId,
    });
    assert.equal(lead.status, 201, JSON.stringify(lead.json));
    const [row] = await e.p
      .sql`select organization_id, status, out_of_area, savings, created_by from public.leads
      where id = ${lead.json.data.id}`;
    assert.deepEqual({ ...row }, {
      organization_id: e.widget.orgId,
      status: "new",
      out_of_area: false,
      savings: null,
      created_by: e.widget.userId,
    });

    const leadId = lead.json.data.id;
    for (
      const extra of [
        { stage: "closed_won" },
        { amount: 10_000_000 },
        { system_size_kw: 999 },
        { stage: "negotiation", amount: 1 },
      ]
    ) {
      const r = await e.call(e.widget, "POST", "/create-opportunity", { lead_id: leadId, ...extra });
      assert.equal(r.status, 403, `${JSON.stringify(extra)}: ${JSON.stringify(r.json)}`);
      assert.equal(r.json.error.code, "forbidden");
    }
    const [{ n }] = await e.p.sql`select count(*)::int as n from public.opportunities`;
    assert.equal(n, 0, "nothing created by the refused calls");

    const plain = await e.call(e.widget, "POST", "/create-opportunity", {
      lead_id: leadId,
      stage: "qualification",
    });
    assert.equal(plain.status, 201, JSON.stringify(plain.json));
    assert.equal(plain.json.data.stage, "qualification");
    assert.equal(plain.json.data.amount, null);

    const staff = await e.call(e.admin, "POST", "/create-opportunity", {
      lead_id: leadId,
      stage: "proposal",
      amount: 24_000,
    });
    assert.equal(staff.status, 201, JSON.stringify(staff.json));
    assert.equal(staff.json.data.amount, 24_000);
  } finally {
    await e.close();
  }
});

Deno.test("idempotency keys: another lead's opportunity is not answered to a key's second user (409, nothing of it)", async () => {
  const e = await widgetEnv();
  try {
    const staffLead = await e.call(e.admin, "POST", "/create-lead", {
      contact: { ...contact, first_name: "Victoria", email: "victoria@example.test" },
      address,
      consent: true,
    });
    const first = await e.call(e.admin, "POST", "/create-opportunity", {
      lead_id: staffLead.json.data.id,
      idempotency_key: "order-0001",
      stage: "proposal",
      amount: 31_000,
    });
    assert.equal(first.status, 201);
    // A stranger with the public widget token, a lead of its own and a guessed key.
    const own = await e.call(e.widget, "POST", "/create-lead", { contact, address, consent: true });
    const guess = await e.call(e.widget, "POST", "/create-opportunity", {
      lead_id: own.json.data.id,
      idempotency_key: "order-0001",
    });
    assert.equal(guess.status, 409, JSON.stringify(guess.json));
    assert.equal(guess.json.error.code, "idempotency_key_reused");
    const text = JSON.stringify(guess.json);
    for (const secret of [first.json.data.id, staffLead.json.data.id, "Victoria", "31000"]) {
      assert.ok(!text.includes(secret), `answer carries ${secret}: ${text}`);
    }
    // The key's own retry still answers the first opportunity.
    const retry = await e.call(e.admin, "POST", "/create-opportunity", {
      lead_id: staffLead.json.data.id,
      idempotency_key: "order-0001",
    });
    assert.equal(retry.status, 200);
    assert.equal(retry.json.data.id, first.json.data.id);
  } finally {
    await e.close();
  }
});

Deno.test("widget token: a property's utility account number (the inbox links bills by it) is the staff's (403)", async () => {
  const e = await widgetEnv();
  try {
    const account = "4455667788";
    // A stranger's property naming a victim's account: mail with that account, routed to no partner, went to it.
    const claim = await e.call(e.other, "POST", "/property", {
      address,
      details: { accountNumber: account },
    });
    assert.equal(claim.status, 403, JSON.stringify(claim.json));
    assert.equal(await findCustomer(e.p.sql, null, { accountNumber: account }), null);
    const own = await e.call(e.widget, "POST", "/property", { address, details: { roof_age: 12 } });
    assert.equal(own.status, 201);
    for (const key of ACCOUNT_NUMBER_KEYS) {
      const put = await e.call(e.widget, "PUT", `/property/${own.json.data.property_uuid}`, {
        details: { [key]: account },
      });
      assert.equal(put.status, 403, `${key}: ${JSON.stringify(put.json)}`);
    }
    // The partner's staff record the account; the inbox then finds their property.
    const staff = await e.call(e.admin, "PUT", `/property/${own.json.data.property_uuid}`, {
      details: { accountNumber: account },
    });
    assert.equal(staff.status, 200);
    assert.equal(
      (await findCustomer(e.p.sql, null, { accountNumber: account }))?.propertyId,
      own.json.data.property_uuid,
    );
  } finally {
    await e.close();
  }
});
