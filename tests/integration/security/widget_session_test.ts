// Security pass 8: one partner's homeowners all hold the partner's public widget token, so a record id was all one of
// them needed to read or change another's records on the platform's routes (`PUT /property/{id}` with `{}` answered
// the address; a lead id ran the report pipeline on someone else's lead). Each widget ID token now carries a
// `widget_session`, made when the widget exchanges its `wgt_` token and carried on when it presents the ID token it
// holds; the records a session creates record it, and another session's id is 404 on every widget route that takes
// one. The partner's staff are not bound. Over real HTTP, with ID tokens from the real authenticator.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { testPlatform } from "../../support/db.ts";
import { tokensFor, widgetSessionIn } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp as authApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { createApp as widgetApp } from "../../../supabase/functions/widget-service/app.ts";
import { createApp as billApp } from "../../../supabase/functions/utility-bill-service/app.ts";
import { createApp as appointmentApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { issueWidgetToken } from "../../../shared/identity/refresh_tokens.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";
import { signingKey } from "../../../shared/auth/keys.ts";

const address = { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
const usage = Array.from(
  { length: 12 },
  (_, i) => ({ month: `2025-${String(i + 1).padStart(2, "0")}`, value: 600 }),
);

async function setup() {
  const p = await testPlatform();
  const servers = [authApp, widgetApp, billApp, appointmentApp].map((a) => serveApp(a(p).fetch));
  const [auth, widget, bill, appt] = servers.map((s) => s.url);
  const admin = await tokensFor(p);
  const other = await tokensFor(p, { role: "widget" });
  await saveWidgetConfig(p, admin.orgId, {
    serving_states: ["CA"],
    roof_types: ["Tile"],
    widget_info: "",
    theme: {},
  });
  const [w] = await p
    .sql`insert into public.users (email, organization_id, role) values ('widget@s8.test', ${admin.orgId}, 'widget') returning id`;
  const wgt = await issueWidgetToken(p.sql, w.id as string);
  /** The widget's exchange of its `wgt_` token; `prior`: the ID token it holds (sent as Authorization). */
  const exchange = async (prior?: string) => {
    const res = await fetch(`${auth}/authenticator-service/refresh-token`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(prior ? { authorization: `Bearer ${prior}` } : {}) },
      body: JSON.stringify({ refreshToken: wgt }),
    });
    assert.equal(res.status, 200);
    return (await res.json()).idToken as string;
  };
  const call = async (base: string, token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && !(body instanceof FormData) ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : null };
  };
  return {
    p,
    admin,
    other,
    widgetUserId: w.id as string,
    exchange,
    w: (t: string, m: string, path: string, b?: unknown) => call(widget, t, m, `/widget-service${path}`, b),
    bill: (t: string, m: string, path: string, b?: unknown) =>
      call(bill, t, m, `/utility-bill-service${path}`, b),
    appt: (t: string, m: string, path: string, b?: unknown) =>
      call(appt, t, m, `/appointment-handling-service${path}`, b),
    async close() {
      for (const s of servers) await s.close();
      await p.close();
    },
  };
}

/** Homeowner A's records, made through the routes with A's ID token. */
async function homeownerRecords(t: Awaited<ReturnType<typeof setup>>, a: string) {
  const contact = await t.w(a, "POST", "/contact", {
    first_name: "Ann",
    last_name: "Lee",
    email: "ann@example.com",
  });
  assert.equal(contact.status, 201, contact.text);
  const property = await t.w(a, "POST", "/property", { address, contact_id: contact.json.data.id });
  assert.equal(property.status, 201, property.text);
  const lead = await t.w(a, "POST", "/create-lead", {
    idempotency_key: "ann-lead-key-1",
    contact: { first_name: "Ann", last_name: "Lee", email: "ann@example.com" },
    property_id: property.json.data.property_uuid,
    consent: true,
  });
  assert.equal(lead.status, 201, lead.text);
  // A's bill, recorded as the widget's upload records it (shared/bills/service.ts passes the uploader's session).
  const transactionId = crypto.randomUUID();
  await t.p
    .sql`insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode, status,
      percentage, message, widget_session)
    values (${t.admin.orgId}, ${transactionId}, ${crypto.randomUUID()}, 'upload', 'IN_PROGRESS', 50, 'reading',
      ${widgetSessionIn(a)})`;
  return {
    contactId: contact.json.data.id as string,
    propertyId: property.json.data.property_uuid as string,
    leadId: lead.json.data.id as string,
    transactionId,
  };
}

/** Every widget route that takes a homeowner record's id, aimed at `r`. */
function attacks(t: Awaited<ReturnType<typeof setup>>, r: Awaited<ReturnType<typeof homeownerRecords>>) {
  const slot = { start: new Date(Date.now() + 5 * 86_400_000).toISOString() };
  const upload = () => {
    const f = new FormData();
    f.append(
      "files",
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "a.pdf", { type: "application/pdf" }),
    );
    return f;
  };
  const someone = { first_name: "Bob", last_name: "Roe", email: "bob@example.com" };
  return [
    ["PUT /property/{A} {}", (x: string) => t.w(x, "PUT", `/property/${r.propertyId}`, {})],
    ["PUT /property/{A} address", (x: string) => t.w(x, "PUT", `/property/${r.propertyId}`, { address })],
    [
      "POST /property/{A}/upload",
      (x: string) => t.w(x, "POST", `/property/${r.propertyId}/upload`, upload()),
    ],
    [
      "GET /roof-analysis?property_uuid=A",
      (x: string) => t.w(x, "GET", `/roof-analysis?property_uuid=${r.propertyId}`),
    ],
    [
      "POST /property contact_id=A",
      (x: string) => t.w(x, "POST", "/property", { address, contact_id: r.contactId }),
    ],
    [
      "POST /create-lead property_id=A",
      (x: string) => t.w(x, "POST", "/create-lead", { contact: someone, property_id: r.propertyId }),
    ],
    [
      "POST /create-lead contact_id=A",
      (x: string) => t.w(x, "POST", "/create-lead", { contact: someone, contact_id: r.contactId, address }),
    ],
    [
      "POST /create-opportunity lead_id=A",
      (x: string) => t.w(x, "POST", "/create-opportunity", { lead_id: r.leadId }),
    ],
    [
      "POST /bill-reading transaction_id=A",
      (x: string) => t.w(x, "POST", "/bill-reading", { transaction_id: r.transactionId }),
    ],
    [
      "POST /process-widget-savings-info lead_id=A",
      (x: string) =>
        t.w(x, "POST", "/process-widget-savings-info", { lead_id: r.leadId, usage_by_month: usage }),
    ],
    [
      "POST /process-widget-savings-info transaction_id=A",
      (x: string) =>
        t.w(x, "POST", "/process-widget-savings-info", {
          transaction_id: r.transactionId,
          contact: someone,
          address,
          usage_by_month: usage,
        }),
    ],
    [
      "POST /poll-utility-bill-status A",
      (x: string) => t.bill(x, "POST", "/poll-utility-bill-status", { transactionId: r.transactionId }),
    ],
    [
      "POST /create-appointment property_uuid=A",
      (x: string) =>
        t.appt(x, "POST", "/create-appointment", { property_uuid: r.propertyId, slot, contact: someone }),
    ],
    ["POST /create-appointment contact_uuid=A", (x: string) =>
      t.appt(x, "POST", "/create-appointment", {
        property_uuid: r.propertyId,
        slot,
        contact: { contact_uuid: r.contactId },
      })],
  ] as const;
}

Deno.test("another homeowner's ids are 404 on every widget route, with the same public widget token", async () => {
  const t = await setup();
  try {
    const a = await t.exchange();
    const b = await t.exchange();
    assert.notEqual(widgetSessionIn(a), widgetSessionIn(b), "two exchanges, two homeowner sessions");
    const r = await homeownerRecords(t, a);
    // (A 404 names the id B sent; it must name nothing else of A's.)
    const secrets = ["ann@example.com", "Ann", "Lee"];
    for (const [name, attack] of attacks(t, r)) {
      const res = await attack(b);
      assert.equal(res.status, 404, `${name}: ${res.text}`);
      for (const s of secrets) assert.ok(!res.text.includes(s), `${name} answers nothing of A's (${s})`);
    }
    // A's idempotency key from another session: not A's lead (409), nothing of it.
    const replay = await t.w(b, "POST", "/create-lead", {
      idempotency_key: "ann-lead-key-1",
      contact: { first_name: "Ann", last_name: "Lee", email: "ann@example.com" },
      address,
    });
    assert.equal(replay.status, 409, replay.text);
    assert.ok(!replay.text.includes(r.leadId));
    // Nothing of A's changed, nothing linked to it.
    const [prop] = await t.p.sql`select line1, details from public.properties where id = ${r.propertyId}`;
    assert.deepEqual({ ...prop }, { line1: "1 Market St", details: {} });
    const [{ n }] = await t.p.sql`select (select count(*) from public.property_documents)
      + (select count(*) from public.opportunities) + (select count(*) from public.appointments)
      + (select count(*) from public.savings_reports) as n`;
    assert.equal(Number(n), 0);

    // Homeowner A itself: its own records answer as before.
    assert.equal((await t.w(a, "PUT", `/property/${r.propertyId}`, {})).status, 200);
    assert.equal((await t.w(a, "POST", "/bill-reading", { transaction_id: r.transactionId })).status, 200);
    assert.equal(
      (await t.bill(a, "POST", "/poll-utility-bill-status", { transactionId: r.transactionId })).status,
      200,
    );
    const opp = await t.w(a, "POST", "/create-opportunity", { lead_id: r.leadId });
    assert.equal(opp.status, 201, opp.text);
    // The partner's staff reach every homeowner's records.
    const staff = await t.w(t.admin.idToken, "PUT", `/property/${r.propertyId}`, { roof_type: "Tile" });
    assert.equal(staff.status, 200, staff.text);
    assert.equal(
      (await t.w(t.admin.idToken, "POST", "/bill-reading", { transaction_id: r.transactionId })).status,
      200,
    );
  } finally {
    await t.close();
  }
});

Deno.test("the widget keeps its homeowner session across refreshes only with an ID token of its own widget token", async () => {
  const t = await setup();
  try {
    const a = await t.exchange();
    const r = await homeownerRecords(t, a);
    // The widget's refresh presents the ID token it holds: the new one has the same session and reaches A's records.
    const a2 = await t.exchange(a);
    assert.equal(widgetSessionIn(a2), widgetSessionIn(a));
    assert.equal((await t.w(a2, "PUT", `/property/${r.propertyId}`, {})).status, 200);
    // An ID token that expired an hour ago (a tab that slept) still hands its session on.
    const key = await signingKey(t.p.sql);
    const sign = (claims: Record<string, unknown>, sub: string, exp: number) =>
      new SignJWT({ role: "authenticated", ...claims })
        .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
        .setSubject(sub)
        .setIssuer(t.p.config.jwtIssuer)
        .setAudience(t.p.config.jwtAudience)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(key.privateKey);
    const aClaims = JSON.parse(atob(a.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    const now = Math.floor(Date.now() / 1000);
    const slept = await sign(aClaims, t.widgetUserId, now - 3600);
    assert.equal(widgetSessionIn(await t.exchange(slept)), widgetSessionIn(a));
    // No way to pick another homeowner's session: another partner's widget token, a staff token, a forged one, one
    // expired past the carry window, or junk each give a fresh session.
    const victim = widgetSessionIn(a);
    const presented = [
      t.other.idToken,
      await sign({ ...aClaims, session_id: crypto.randomUUID() }, t.widgetUserId, now + 600),
      await sign(aClaims, crypto.randomUUID(), now + 600),
      await sign(aClaims, t.widgetUserId, now - 25 * 3600),
      t.admin.idToken,
      a.slice(0, -4) + (a.endsWith("AAAA") ? "BBBB" : "AAAA"),
      "junk",
    ];
    for (const [i, token] of presented.entries()) {
      const fresh = await t.exchange(token);
      assert.ok(widgetSessionIn(fresh), `case ${i}: a session`);
      assert.notEqual(widgetSessionIn(fresh), victim, `case ${i}: not A's session`);
      assert.equal((await t.w(fresh, "PUT", `/property/${r.propertyId}`, {})).status, 404, `case ${i}`);
    }
  } finally {
    await t.close();
  }
});
