import assert from "node:assert/strict";
import { notificationHarness } from "./harness.ts";

Deno.test("all ten event types: default recipients, subjects from the spec, data fetched at delivery time", async () => {
  const h = await notificationHarness();
  try {
    const J = h.jobId, I = h.invoiceId;
    const cases: [string, Record<string, unknown>, string[], string, RegExp[]][] = [
      ["job.assigned", { job_id: J }, [h.technician.email], "New job assigned", [
        /12 Elm St/,
        /Tess Technician/,
      ]],
      [
        "job.status_changed",
        { job_id: J, old_status: "In Progress", new_status: "On Hold" },
        [h.contact.email],
        `Job status update: ${J}`,
        [/In Progress/, /On Hold/, /Sunny Installers/],
      ],
      ["job.completed", { job_id: J }, [h.contact.email, h.technician.email], `Job completed: ${J}`, [
        /Nov 20, 2026/,
        /Tess Technician/,
      ]],
      ["job.cancelled", { job_id: J }, [h.technician.email, h.contact.email], `Job cancelled: ${J}`, [
        /Nov 21, 2026/,
      ]],
      ["invoice.created", { invoice_id: I }, [h.billing.email], "New invoice generated", [
        /\$1,234\.50/,
        /Dec 15, 2026/,
      ]],
      ["invoice.sent", { invoice_id: I }, [h.contact.email], "Invoice sent to customer", [/Homer Owner/]],
      ["invoice.paid", { invoice_id: I }, [h.billing.email], "Invoice paid", [/\$1,234\.50/, /Nov 21, 2026/]],
      [
        "auth.invite_sent",
        {
          recipient_ids: [h.billing.id],
          inviter_id: h.contact.id,
          invite_url: "https://portal.example/invite/abc",
        },
        [h.billing.email],
        "Invitation to the portal",
        [/Paula Partner/, /invite\/abc/],
      ],
      [
        "auth.password_reset",
        { actor_id: h.contact.id, reset_url: "https://portal.example/reset/xyz", expires_in: "30 minutes" },
        [h.contact.email],
        "Password reset",
        [/reset\/xyz/, /30 minutes/],
      ],
      ["auth.account_locked", { actor_id: h.technician.id }, [h.technician.email], "Account locked", [
        /support/,
      ]],
    ];
    for (const [type, payload, to, subject, body] of cases) {
      const before = (await h.emails()).length;
      const r = await h.push(h.envelope(type, payload));
      assert.equal(r.body.status, "ok", `${type}: ${JSON.stringify(r.body)}`);
      const mails = (await h.emails()).slice(before);
      assert.deepEqual(mails.map((m) => (m.to_addresses as string[])[0]).sort(), [...to].sort(), type);
      for (const m of mails) {
        assert.equal(m.subject, subject, type);
        for (const re of body) assert.match(String(m.html), re, `${type} html`);
        assert.match(String(m.text_body), body[0], `${type} text`);
        const auth = type.startsWith("auth.");
        assert.equal("List-Unsubscribe" in (m.headers as object), !auth, `${type} unsubscribe header`);
      }
    }
    assert.equal((await h.logRows()).filter((r) => r.status === "sent").length, 12);
  } finally {
    await h.close();
  }
});

Deno.test("explicit recipient_ids override the defaults; HTML in data is escaped", async () => {
  const h = await notificationHarness();
  try {
    await h.p
      .sql`update public.jobs set address = '<script>alert(1)</script> 5 Oak Ave' where id = ${h.jobId}`;
    const r = await h.push(
      h.envelope("job.assigned", { job_id: h.jobId, recipient_ids: [h.contact.id, h.billing.id] }),
    );
    assert.equal(r.body.status, "ok");
    const mails = await h.emails();
    assert.deepEqual(
      mails.map((m) => (m.to_addresses as string[])[0]).sort(),
      [h.contact.email, h.billing.email].sort(),
    );
    assert.doesNotMatch(String(mails[0].html), /<script>/);
    assert.match(String(mails[0].html), /&lt;script&gt;/);
    const rows = await h.logRows();
    assert.deepEqual(
      rows.map((x) => x.idempotency_key).sort(),
      [`${r.messageId}:${h.contact.id}`, `${r.messageId}:${h.billing.id}`].sort(),
    );
  } finally {
    await h.close();
  }
});
