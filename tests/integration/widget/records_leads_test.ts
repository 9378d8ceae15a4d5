import assert from "node:assert/strict";
import { address, contact, widgetEnv } from "./helpers.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { crmJobHandlers } from "../../../shared/crm/sync.ts";
import { objectStore } from "../../../shared/storage/index.ts";

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

Deno.test("contact, property, property update and document upload are stored and partner-scoped", async () => {
  const e = await widgetEnv();
  try {
    const c = await e.call(e.widget, "POST", "/contact", contact);
    assert.equal(c.status, 201);
    assert.equal(c.json.data.email, "jane@example.com");
    const pr = await e.call(e.widget, "POST", "/property", {
      contact_id: c.json.data.id,
      address,
      latitude: 37.79,
      longitude: -122.39,
    });
    assert.equal(pr.status, 201);
    const id = pr.json.data.property_uuid;
    assert.match(id, /^[0-9a-f-]{36}$/);

    // A ZIP of no area, or of another state's, would price the home with the wrong state's figures: 400, nothing
    // written (an API caller's typing error; the widget asks the homeowner before it gets here).
    const before = await e.p.sql`select count(*)::int as n from public.properties`;
    for (const zip of ["00000", "10019"]) {
      const bad = await e.call(e.widget, "POST", "/property", {
        contact_id: c.json.data.id,
        address: { ...address, zip },
      });
      assert.deepEqual(
        [bad.status, bad.json.error.code],
        [400, "zip_state_mismatch"],
        JSON.stringify(bad.json),
      );
      assert.match(bad.json.error.message, new RegExp(zip));
    }
    assert.deepEqual(await e.p.sql`select count(*)::int as n from public.properties`, before);
    const badPut = await e.call(e.widget, "PUT", `/property/${id}`, { address: { ...address, state: "NV" } });
    assert.deepEqual(
      [badPut.status, badPut.json.error.code],
      [400, "zip_state_mismatch"],
      JSON.stringify(badPut.json),
    );

    const put = await e.call(e.widget, "PUT", `/property/${id}`, {
      roof_type: "Tile",
      utility_provider: "Pacific Gas & Electric Co",
      details: { stories: 2 },
    });
    assert.equal(put.status, 200);
    assert.equal(put.json.data.roof_type, "Tile");
    assert.equal(put.json.data.address.city, "San Francisco");
    assert.deepEqual(put.json.data.details, { stories: 2 });

    const form = new FormData();
    form.append("files", new File([pdf], "bill.pdf", { type: "application/pdf" }));
    form.append("kind", "utility_bill");
    const up = await e.call(e.widget, "POST", `/property/${id}/upload`, form);
    assert.equal(up.status, 201);
    assert.equal(up.json.data.items[0].kind, "utility_bill");
    const [doc] = await e.p.sql`select bucket, path, property_id from public.property_documents where id = ${
      up.json.data.items[0].id
    }`;
    assert.equal(doc.property_id, id);
    const stored = await objectStore(e.p).get(doc.bucket as string, doc.path as string);
    assert.deepEqual(stored?.bytes, pdf);

    const exe = new FormData();
    exe.append(
      "files",
      new File([new TextEncoder().encode("MZ not a document")], "bill.pdf", { type: "application/pdf" }),
    );
    const badType = await e.call(e.widget, "POST", `/property/${id}/upload`, exe);
    assert.equal(badType.status, 400);
    assert.equal(badType.json.error.code, "invalid_file_type");
    assert.equal(
      (await e.call(e.widget, "POST", `/property/${id}/upload`, new FormData())).json.error.code,
      "missing_file",
    );
    const big = new FormData();
    big.append(
      "files",
      new File([pdf, new Uint8Array(10 * 1024 * 1024)], "huge.pdf", { type: "application/pdf" }),
    );
    const tooBig = await e.call(e.widget, "POST", `/property/${id}/upload`, big);
    assert.equal(tooBig.status, 400);
    assert.equal(tooBig.json.error.code, "file_too_large");
    const many = new FormData();
    for (let i = 0; i < 11; i++) {
      many.append("files", new File([pdf], `p${i}.pdf`, { type: "application/pdf" }));
    }
    assert.equal(
      (await e.call(e.widget, "POST", `/property/${id}/upload`, many)).json.error.code,
      "too_many_files",
    );

    assert.equal((await e.call(e.other, "PUT", `/property/${id}`, { roof_type: "Metal" })).status, 403);
    assert.equal(
      (await e.call(e.other, "POST", "/property", { contact_id: c.json.data.id, address })).status,
      403,
    );
    assert.equal(
      (await e.call(e.widget, "PUT", `/property/${crypto.randomUUID()}`, { roof_type: "Metal" })).status,
      404,
    );
    const invalid = await e.call(e.widget, "POST", "/property", { address: { ...address, state: "XX" } });
    assert.equal(invalid.status, 400);
    assert.match(invalid.json.error.message, /address\.state/);
  } finally {
    await e.close();
  }
});

Deno.test("create-lead: one lead per idempotency key under a double click; out-of-area decided by the server", async () => {
  const e = await widgetEnv();
  try {
    const body = {
      idempotency_key: "lead-key-0001",
      contact,
      address,
      consent: true,
      consent_text: "You may contact me",
      utility_provider: "Pacific Gas & Electric Co",
    };
    const [a, b] = await Promise.all([
      e.call(e.widget, "POST", "/create-lead", body),
      e.call(e.widget, "POST", "/create-lead", body),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 201]);
    assert.equal(a.json.data.id, b.json.data.id);
    assert.equal(a.json.data.status, "new");
    const again = await e.call(e.widget, "POST", "/create-lead", { ...body, idempotency_key: undefined }, {
      "Idempotency-Key": "lead-key-0001",
    });
    assert.equal(again.status, 200);
    assert.equal(again.json.data.id, a.json.data.id);
    const corrected = await e.call(e.widget, "POST", "/create-lead", {
      ...body,
      contact: { ...contact, email: "fixed-typo@example.com" },
    });
    assert.equal(
      corrected.status,
      409,
      "the same key with another email is not answered with the first lead",
    );
    assert.equal(corrected.json.error.code, "idempotency_key_reused");
    const [{ n }] = await e.p
      .sql`select count(*)::int as n from public.leads where organization_id = ${e.admin.orgId}`;
    assert.equal(n, 1);
    const [{ contacts }] = await e.p
      .sql`select count(*)::int as contacts from public.contacts where organization_id = ${e.admin.orgId}`;
    assert.equal(contacts, 1, "the losing request's contact was rolled back");

    const away = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "lead-key-0002",
      contact,
      address: { line1: "1 Ocean Dr", city: "Miami", state: "FL", zip: "33139" },
    });
    assert.equal(away.status, 201);
    assert.equal(away.json.data.status, "new", "out of area is the flag, not a status");
    assert.equal(away.json.data.out_of_area, true);

    // The CRM push runs as a job committed with the lead.
    assert.equal(await runReadyJobs(e.p.sql, crmJobHandlers(e.p)), 2);
    const [synced] = await e.p
      .sql`select crm_provider, crm_id from public.leads where id = ${a.json.data.id}`;
    assert.equal(synced.crm_provider, "embedded");
    assert.equal(synced.crm_id, `lead:${a.json.data.id}`);

    const missing = await e.call(e.widget, "POST", "/create-lead", {
      contact: { ...contact, email: "not-an-email" },
      address,
    });
    assert.equal(missing.status, 400);
    assert.match(missing.json.error.message, /contact\.email/);
  } finally {
    await e.close();
  }
});

Deno.test("create-opportunity: linked to an existing lead; 404 unknown lead, 403 another partner's", async () => {
  const e = await widgetEnv();
  try {
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "lead-key-0003",
      contact,
      address,
    });
    assert.equal(
      (await e.call(e.widget, "POST", "/create-opportunity", { lead_id: crypto.randomUUID() })).status,
      404,
    );
    const forbidden = await e.call(e.other, "POST", "/create-opportunity", { lead_id: lead.json.data.id });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.json.error.code, "forbidden");
    const opp = await e.call(e.admin, "POST", "/create-opportunity", {
      lead_id: lead.json.data.id,
      amount: 21000,
      idempotency_key: "opp-key-0001",
    });
    assert.equal(opp.status, 201);
    assert.equal(opp.json.data.lead_id, lead.json.data.id);
    assert.equal(opp.json.data.name, "Solar — Jane Doe");
    assert.equal(opp.json.data.amount, 21000);
    const repeat = await e.call(e.admin, "POST", "/create-opportunity", {
      lead_id: lead.json.data.id,
      amount: 21000,
      idempotency_key: "opp-key-0001",
    });
    assert.equal(repeat.status, 200);
    assert.equal(repeat.json.data.id, opp.json.data.id);
    await runReadyJobs(e.p.sql, crmJobHandlers(e.p));
    const [o] = await e.p.sql`select crm_id from public.opportunities where id = ${opp.json.data.id}`;
    assert.equal(o.crm_id, `opportunity:${opp.json.data.id}`);
  } finally {
    await e.close();
  }
});
