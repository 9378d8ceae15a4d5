// A job's emails reach members of its organization only (docs/security.md, pass 15). Partner A could name partner
// B's user as its job's technician (or partner contact, or invoice billing contact): the job.assigned email carried
// A's job and customer address to B's user. The database now refuses such a reference and takes a leaver off their
// old organization's jobs (migration 20261205150000); the notification service checks membership when it sends, for
// an event published before the user left and for a reference written before the migration.
import assert from "node:assert/strict";
import { notificationHarness } from "../notifications/harness.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { withAuth } from "../../../shared/db/scoped.ts";
import { serveApp } from "../../support/http.ts";
import { tokensFor } from "../../support/auth.ts";

async function otherOrg(sql: import("../../../shared/db/client.ts").Sql) {
  const slug = `other-${crypto.randomUUID().slice(0, 8)}`;
  const [org] =
    await sql`insert into public.organizations (name, slug) values ('Other Solar', ${slug}) returning id`;
  const email = `outsider.${crypto.randomUUID().slice(0, 6)}@example.test`;
  const [u] = await sql`insert into public.users (email, full_name, organization_id, role)
    values (${email}, 'Otto Outsider', ${org.id}, 'technician') returning id`;
  return { orgId: org.id as string, userId: u.id as string, email };
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; constraint_name?: string };
    return `${err.code} ${err.constraint_name}`;
  }
  return "accepted";
};

Deno.test("database: another organization's user cannot be a job's technician, contact or billing contact", async () => {
  const h = await notificationHarness();
  try {
    const sql = h.p.sql;
    const b = await otherOrg(sql);
    assert.equal(
      await refusal(sql`update public.jobs set technician_id = ${b.userId} where id = ${h.jobId}`),
      "23503 org_member_technician_id",
    );
    assert.equal(
      await refusal(sql`insert into public.jobs (organization_id, address, technician_id)
        values (${h.org.id}, '1 Main St', ${b.userId})`),
      "23503 org_member_technician_id",
    );
    assert.equal(
      await refusal(sql`update public.jobs set partner_contact_id = ${b.userId} where id = ${h.jobId}`),
      "23503 org_member_partner_contact_id",
    );
    assert.equal(
      await refusal(
        sql`update public.invoices set billing_contact_id = ${b.userId} where id = ${h.invoiceId}`,
      ),
      "23503 org_member_billing_contact_id",
    );
    assert.equal(
      await refusal(sql`update public.partner_contacts set contact_user_id = ${b.userId}
        where organization_id = ${h.org.id}`),
      "23503 org_member_contact_user_id",
    );
    assert.equal(
      await refusal(sql`insert into public.technicians (organization_id, user_id, name)
        values (${h.org.id}, ${b.userId}, 'Borrowed crew')`),
      "23503 org_member_user_id",
    );
    // Moving the job to B's organization with A's technician is refused too.
    assert.equal(
      await refusal(sql`update public.jobs set organization_id = ${b.orgId} where id = ${h.jobId}`),
      "23503 org_member_technician_id",
    );
    // A member is still accepted.
    assert.equal(
      await refusal(
        sql`update public.jobs set technician_id = ${h.technician.id}, partner_contact_id = ${h.contact.id}
        where id = ${h.jobId}`,
      ),
      "accepted",
    );
  } finally {
    await h.close();
  }
});

Deno.test("database: a user who leaves the organization is taken off its jobs, invoices, contacts and crews", async () => {
  const h = await notificationHarness();
  try {
    const sql = h.p.sql;
    const b = await otherOrg(sql);
    await sql`update public.jobs set partner_contact_id = ${h.technician.id} where id = ${h.jobId}`;
    await sql`update public.invoices set billing_contact_id = ${h.technician.id} where id = ${h.invoiceId}`;
    await sql`insert into public.technicians (organization_id, user_id, name) values (${h.org.id}, ${h.technician.id}, 'Tess')`;
    await sql`update public.users set organization_id = ${b.orgId} where id = ${h.technician.id}`;
    const [job] = await sql`select technician_id, partner_contact_id from public.jobs where id = ${h.jobId}`;
    assert.deepEqual({ ...job }, { technician_id: null, partner_contact_id: null });
    const [inv] = await sql`select billing_contact_id from public.invoices where id = ${h.invoiceId}`;
    assert.equal(inv.billing_contact_id, null);
    const [crew] = await sql`select user_id from public.technicians where organization_id = ${h.org.id}`;
    assert.equal(crew.user_id, null);
    // Another member's assignments are untouched.
    const [pc] =
      await sql`select contact_user_id from public.partner_contacts where organization_id = ${h.org.id}`;
    assert.equal(pc.contact_user_id, h.contact.id);
  } finally {
    await h.close();
  }
});

Deno.test("job.assigned published before the technician left: no email reaches them, a skipped row says why", async () => {
  const h = await notificationHarness();
  try {
    const b = await otherOrg(h.p.sql);
    // assignJob publishes the technician in recipient_ids; the user moves to B before the push is delivered.
    const envelope = h.envelope("job.assigned", { job_id: h.jobId, recipient_ids: [h.technician.id] });
    await h.p.sql`update public.users set organization_id = ${b.orgId} where id = ${h.technician.id}`;
    const r = await h.push(envelope);
    assert.equal(r.status, 200);
    assert.equal((await h.emails(h.technician.email)).length, 0, "no email to the former member");
    const rows = await h.logRows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].status, "skipped");
    assert.match(String(rows[0].error_message), /not a member of the record's organization/);
  } finally {
    await h.close();
  }
});

Deno.test("job.* of a row written before the rule, naming another partner's user: nothing sent to them", async () => {
  const h = await notificationHarness();
  try {
    const b = await otherOrg(h.p.sql);
    // A row from before migration 20261205150000 (its triggers not run, as for rows written then).
    await h.p.sql.begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update public.jobs set technician_id = ${b.userId} where id = ${h.jobId}`;
    });
    for (const type of ["job.assigned", "job.cancelled"]) {
      const r = await h.push(h.envelope(type, { job_id: h.jobId }));
      assert.equal(r.status, 200);
    }
    assert.equal((await h.emails(b.email)).length, 0, "the other partner's user got no email of A's job");
    // job.cancelled also goes to A's partner contact, who is a member.
    assert.equal((await h.emails(h.contact.email)).length, 1);
  } finally {
    await h.close();
  }
});

Deno.test("a member who stays gets job.assigned, the second time from the remembered context (fast path)", async () => {
  const h = await notificationHarness();
  try {
    for (let i = 0; i < 2; i++) {
      const r = await h.push(
        h.envelope("job.assigned", { job_id: h.jobId, recipient_ids: [h.technician.id] }),
      );
      assert.equal(r.body.status, "ok");
    }
    assert.equal((await h.emails(h.technician.email)).length, 2);
    // Then they leave: the remembered context is stale (their organization is in its fingerprint).
    const b = await otherOrg(h.p.sql);
    await h.p.sql`update public.users set organization_id = ${b.orgId} where id = ${h.technician.id}`;
    await h.push(h.envelope("job.assigned", { job_id: h.jobId, recipient_ids: [h.technician.id] }));
    assert.equal((await h.emails(h.technician.email)).length, 2, "no third email after they left");
  } finally {
    await h.close();
  }
});

Deno.test("a service route whose write names another organization's user answers 409 not_a_member, never 500", async () => {
  const h = await notificationHarness();
  const app = createServiceApp(h.p, "demo-service");
  // A partner's write as the Data API runs it (RLS, role authenticated): the job's technician from the body.
  app.post("/jobs/:id/technician", async (c) => {
    const { technician_id } = await c.req.json();
    await withAuth(
      h.p.sql,
      c.get("auth"),
      (tx) => tx`update public.jobs set technician_id = ${technician_id} where id = ${c.req.param("id")}`,
    );
    return c.json({ ok: true }, 200);
  });
  const served = serveApp(app.fetch);
  try {
    const admin = await tokensFor(h.p, { role: "partner_admin", orgId: h.org.id });
    const b = await otherOrg(h.p.sql);
    const assign = async (userId: string) => {
      const r = await fetch(`${served.url}/demo-service/jobs/${h.jobId}/technician`, {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json" },
        body: JSON.stringify({ technician_id: userId }),
      });
      const body = await r.json();
      return `${r.status} ${body.error?.code ?? "ok"}`;
    };
    assert.equal(await assign(b.userId), "409 not_a_member");
    assert.equal(await assign(h.technician.id), "200 ok");
    const [job] = await h.p.sql`select technician_id from public.jobs where id = ${h.jobId}`;
    assert.equal(job.technician_id, h.technician.id);
  } finally {
    await served.close();
    await h.close();
  }
});
