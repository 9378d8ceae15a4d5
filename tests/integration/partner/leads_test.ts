import assert from "node:assert/strict";
import { MIAMI, partnerEnv, SF } from "./helpers.ts";
import { withAuth } from "../../../shared/db/scoped.ts";

Deno.test("partner-service leads: statuses start at new, list with search/filters, detail, status set by the partner only, CSV", async () => {
  const e = await partnerEnv();
  try {
    const jane = await e.lead("Jane", SF);
    const fred = await e.lead("Fred", MIAMI);
    const [row] = await e.p.sql`select status, out_of_area from public.leads where id = ${fred}`;
    assert.deepEqual(
      [row.status, row.out_of_area],
      ["new", true],
      "an out-of-area lead is new and flagged, not a status",
    );

    const all = await e.call(e.user, "GET", "/partner-service/leads");
    assert.equal(all.status, 200);
    assert.equal(all.json.data.total, 2);
    assert.deepEqual(all.json.data.items.map((l: { id: string }) => l.id).sort(), [jane, fred].sort());
    const out = await e.call(e.user, "GET", "/partner-service/leads?area=out");
    assert.deepEqual(out.json.data.items.map((l: { id: string }) => l.id), [fred]);
    assert.deepEqual(
      (await e.call(e.user, "GET", "/partner-service/leads?state=ca")).json.data.items.map((
        l: { id: string },
      ) => l.id),
      [jane],
    );
    assert.deepEqual(
      (await e.call(e.user, "GET", "/partner-service/leads?q=biscayne")).json.data.items.map((
        l: { id: string },
      ) => l.id),
      [fred],
    );
    assert.deepEqual(
      (await e.call(e.user, "GET", "/partner-service/leads?q=JANE%40example")).json.data.items.map((
        l: { id: string },
      ) => l.id),
      [jane],
    );
    // The unit is searched too (QA pass 4), and listed with the address.
    const unit = await e.lead("Una", { ...SF, line1: "9 Hill St", line2: "Apt 8C" });
    const byUnit = await e.call(e.user, "GET", "/partner-service/leads?q=apt%208c");
    assert.deepEqual(byUnit.json.data.items.map((l: { id: string }) => l.id), [unit]);
    assert.equal(byUnit.json.data.items[0].address.line2, "Apt 8C");
    await e.p.sql`delete from public.leads where id = ${unit}`;
    assert.equal(
      (await e.call(e.user, "GET", "/partner-service/leads?q=100%25")).json.data.total,
      0,
      "% is searched literally",
    );
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(
      (await e.call(e.user, "GET", `/partner-service/leads?from=${today}&to=${today}`)).json.data.total,
      2,
    );
    assert.equal((await e.call(e.user, "GET", "/partner-service/leads?to=2020-01-01")).json.data.total, 0);
    const bad = await e.call(e.user, "GET", "/partner-service/leads?from=2026-02-30");
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, "invalid_request");
    assert.equal((await e.call(e.user, "GET", "/partner-service/leads?status=bogus")).status, 400);

    // Roles and partners.
    assert.equal(
      (await e.call(e.widget, "GET", "/partner-service/leads")).status,
      403,
      "a widget token cannot list leads",
    );
    assert.equal(
      (await e.call(e.other, "GET", "/partner-service/leads")).json.data.total,
      0,
      "another partner sees none",
    );
    assert.equal((await e.call(e.other, "GET", `/partner-service/leads/${jane}`)).status, 403);
    assert.equal((await e.call(e.user, "GET", `/partner-service/leads/${crypto.randomUUID()}`)).status, 404);

    const detail = await e.call(e.user, "GET", `/partner-service/leads/${jane}`);
    assert.equal(detail.status, 200);
    assert.equal(detail.json.data.email, "jane@example.com");
    assert.equal(detail.json.data.report, null);
    assert.deepEqual(detail.json.data.crm.provider, "embedded");

    const set = await e.call(e.user, "PATCH", `/partner-service/leads/${jane}`, { status: "contacted" });
    assert.equal(set.status, 200);
    assert.equal(set.json.data.status, "contacted");
    const [changed] = await e.p.sql`select status, status_changed_by from public.leads where id = ${jane}`;
    assert.deepEqual([changed.status, changed.status_changed_by], ["contacted", e.user.userId]);
    assert.equal(
      (await e.call(e.user, "PATCH", `/partner-service/leads/${jane}`, { status: "won" })).status,
      400,
    );
    assert.equal(
      (await e.call(e.other, "PATCH", `/partner-service/leads/${jane}`, { status: "qualified" })).status,
      403,
    );
    // The database itself refuses a status change by the widget role (trigger), except new -> report_sent.
    const widgetAuth = {
      userId: e.widget.userId,
      email: e.widget.email,
      orgId: e.widget.orgId,
      role: "widget",
      // The homeowner session that created the leads (a widget token reaches only its own session's, pass 8).
      claims: { widget_session: e.widget.widgetSession },
    };
    await assert.rejects(
      withAuth(
        e.p.sql,
        widgetAuth,
        (tx) => tx`update public.leads set status = 'qualified' where id = ${jane}`,
      ),
      /only the partner/,
    );
    await withAuth(
      e.p.sql,
      widgetAuth,
      (tx) => tx`update public.leads set status = 'report_sent' where id = ${fred}`,
    );

    // CSV: every matching lead, spreadsheet formulas neutralised.
    await e.lead('=HYPERLINK("evil.example")', SF); // a name with a web address is refused before (fourth pass)
    const csv = await e.call(e.admin, "GET", "/partner-service/leads.csv?state=CA");
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type")!, /^text\/csv/);
    const lines = csv.text.trim().split("\r\n");
    assert.equal(lines[0].split(",")[0], "id");
    assert.equal(lines.length, 3);
    assert.ok(lines.some((l) => l.includes(`"'=HYPERLINK(""evil.example"")"`)), lines.join("\n"));
    assert.ok(lines.some((l) => l.startsWith(jane) && l.includes(",contacted,")), lines.join("\n"));
  } finally {
    await e.close();
  }
});

Deno.test("the old statuses are gone: out_of_area and converted are refused by the constraint", async () => {
  const e = await partnerEnv();
  try {
    const id = await e.lead("X", SF);
    for (const old of ["out_of_area", "converted"]) {
      await assert.rejects(
        e.p.sql`update public.leads set status = ${old} where id = ${id}`,
        /leads_status_check/,
      );
    }
  } finally {
    await e.close();
  }
});

Deno.test("partner-service OpenAPI document lists every route with bearer security", async () => {
  const e = await partnerEnv();
  try {
    const doc = (await e.call(e.admin, "GET", "/partner-service/openapi.json")).json;
    for (
      const path of [
        "/leads",
        "/leads.csv",
        "/leads/{id}",
        "/leads/{id}/report",
        "/widget-tokens",
        "/users",
        "/settings",
        "/webhooks",
        "/webhook-deliveries",
        "/notification-preferences",
      ]
    ) {
      assert.ok(doc.paths[`/partner-service${path}`], `${path} in ${Object.keys(doc.paths).join(", ")}`);
    }
    assert.deepEqual(doc.paths["/partner-service/leads"].get.security, [{ bearer: [] }]);
    assert.ok(
      doc.paths["/partner-service/leads"].get.parameters.some((p: { name: string }) => p.name === "area"),
    );
  } finally {
    await e.close();
  }
});
