// The partner's "New lead" email through the real path (lead job → lead.created on the bus → notification push →
// the dev mailbox): the reading, the homeowner's corrections and the report's figures, equal to the report's and to
// the homeowner's own email; honest without a report; held back while the report is being made.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { address, contact, storeExtraction, type WidgetEnv, widgetEnv } from "../widget/helpers.ts";
import { sfMisreading, TYPICAL, usage } from "../../support/bill_reading.ts";
import { type Job, runReadyJobs } from "../../../shared/queue/queue.ts";
import { leadEventHandlers } from "../../../shared/partner/lead_events.ts";
import { widgetJobHandlers } from "../../../shared/widget/savings.ts";
import { deliverReport } from "../../../shared/savings/delivery.ts";
import { DELIVERY_QUEUE } from "../../../shared/savings/pipeline.ts";
import { handlePush } from "../../../shared/notifications/push.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import type { SavingsFigures } from "../../../shared/savings/calculate.ts";
import { kwh, usd } from "../../../shared/format.ts";
import { netCostLabel } from "../../../shared/savings/credit.ts";

/** Runs every due job (the lead's announcement included) a few times, as the worker would. */
async function drain(e: WidgetEnv) {
  const handlers = {
    ...leadEventHandlers(e.p),
    ...widgetJobHandlers(e.p),
    [DELIVERY_QUEUE]: (job: Job) => deliverReport(e.p, job as Job<{ reportId: string }>),
  };
  for (let i = 0; i < 4; i++) {
    await e.p.sql`update queue.jobs set run_at = now() where status = 'queued' and queue = any(${
      Object.keys(handlers)
    })`;
    await runReadyJobs(e.p.sql, handlers);
  }
}

/** Pushes the lead's lead.created message to the notification service; the partner admin's email from the outbox. */
async function partnerEmail(e: WidgetEnv, leadId: string) {
  const msgs = await e.p.sql`select id, data from bus.messages where topic = 'platform.leads'`;
  const msg = msgs.find((m) =>
    JSON.parse(Buffer.from(m.data as string, "base64").toString()).payload.lead_id === leadId
  );
  assert.ok(msg, "lead.created was published");
  const res = await handlePush(e.p, {
    message: { data: msg.data, messageId: `m-${leadId}` },
    subscription: "s",
  });
  assert.equal(res.status, "ok", JSON.stringify(res));
  const mails = await listOutbox(e.p.sql, { to: e.admin.email });
  const mail = mails.find((m) => m.text.includes(leadId));
  assert.ok(mail, "the partner's email is in the dev mailbox");
  return mail;
}

Deno.test("new-lead email: the reading, the corrections and the report's own figures, as the homeowner got them", async () => {
  const e = await widgetEnv();
  try {
    const item = sfMisreading();
    item.billingInformation = {
      ...item.billingInformation,
      amountDue: "187.42",
    } as typeof item.billingInformation;
    const tx = await storeExtraction(e, item);
    const lead = await e.call(e.widget, "POST", "/create-lead", {
      idempotency_key: "lead-email-figures-1",
      contact,
      address,
      consent: true,
    });
    const leadId = lead.json.data.id as string;
    // On the check step the homeowner corrects the misread January and names the utility as they know it.
    const corrected = { usage_by_month: usage(TYPICAL), reading: { utility: "PG&E" } };
    const ok = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      lead_id: leadId,
      transaction_id: tx,
      ...corrected,
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.json));
    await drain(e);

    const mail = await partnerEmail(e, leadId);
    const [r] = await e.p
      .sql`select figures from public.savings_reports where id = ${ok.json.data.transactionId}`;
    const f = r.figures as SavingsFigures;
    assert.ok(f.systemKw > 0);
    for (const part of [mail.text, mail.html]) {
      assert.doesNotMatch(part, /NaN|undefined|\[object/);
      for (
        const figure of [
          usd(f.netAnnualSavings),
          usd(f.grossCost),
          usd(f.netCost),
          `${f.systemKw.toFixed(1)} kW`,
        ]
      ) {
        assert.ok(part.includes(figure), `${figure} in the partner's email`);
      }
    }
    const line = (label: string) => mail.text.match(new RegExp(`^${label}: (.*)$`, "m"))?.[1];
    assert.equal(line("First-year savings"), usd(f.netAnnualSavings));
    assert.equal(line("Gross cost"), usd(f.grossCost));
    assert.equal(line(netCostLabel(f.credit).replace(/[()]/g, "\\$&")), usd(f.netCost));
    assert.match(line("Savings basis")!, new RegExp(`^${kwh(f.annualKwh)} a year at `));
    assert.match(
      line("Federal tax credit") ?? "",
      /Residential Clean Energy Credit .* ended/,
      "the credit as the report states it",
    );
    assert.equal(
      line("Yearly use, as read from the bill"),
      `${kwh(27415 + TYPICAL.slice(1).reduce((a, b) => a + b, 0))}; corrected by the homeowner (below)`,
    );
    assert.equal(line("Utility"), "PG&E", "no utility chosen for the lead: the one the homeowner confirmed");
    assert.match(line("Bill amount, as read")!, /^\$187\.42 \(period ending Dec 3, 2025\)$/);
    assert.match(
      mail.text,
      /- Usage: read “[\d,]+ kWh over 12 months”, corrected to “[\d,]+ kWh over 12 months”/,
    );
    assert.match(mail.text, /- Utility: read “Pacific Gas & Electric”, corrected to “PG&E”/);
    assert.match(mail.html, /read “Pacific Gas &amp; Electric”, corrected to “PG&amp;E”/);
    assert.match(mail.text, new RegExp(`Open the lead: \\S+#/leads/${leadId}`));

    // The same figures as the homeowner's own email.
    const [homeowner] = await listOutbox(e.p.sql, { to: contact.email });
    assert.ok(homeowner, "the homeowner's report email was sent");
    const own = (label: string) => homeowner.text.match(new RegExp(`^${label}: (.*)$`, "m"))?.[1];
    assert.equal(own("First-year savings"), line("First-year savings"));
    assert.equal(own("System size"), `${f.systemKw.toFixed(1)} kW`);
    assert.equal(own(netCostLabel(f.credit).replace(/[()]/g, "\\$&")), usd(f.netCost));
  } finally {
    await e.close();
  }
});

Deno.test("new-lead email without a report says so; a report being made holds the announcement back", async () => {
  const e = await widgetEnv();
  try {
    const create = async (key: string) =>
      (await e.call(e.widget, "POST", "/create-lead", {
        idempotency_key: key,
        contact,
        address,
        consent: true,
      }))
        .json.data.id as string;
    const bare = await create("lead-email-bare-1");
    await drain(e);
    const mail = await partnerEmail(e, bare);
    assert.match(mail.text, /No savings report yet: the homeowner has not finished the savings estimate/);
    assert.doesNotMatch(mail.text, /NaN|\$0\b|First-year|Net cost|\bkW\b/);

    // A report claimed but not made yet: no announcement on this run; it is retried, not dropped.
    const claimed = await create("lead-email-claimed-1");
    await e.p
      .sql`update public.leads set report_transaction_id = ${crypto.randomUUID()} where id = ${claimed}`;
    await e.p
      .sql`update queue.jobs set run_at = now() where queue = 'partner.lead-created' and status = 'queued'`;
    await runReadyJobs(e.p.sql, leadEventHandlers(e.p));
    const [l] = await e.p.sql`select announced_at from public.leads where id = ${claimed}`;
    assert.equal(l.announced_at, null, "held back while the report is being made");
    const [job] = await e.p.sql`select status, attempts from queue.jobs where queue = 'partner.lead-created'
      and payload->>'leadId' = ${claimed}`;
    assert.equal(job.status, "queued");
    // After the last wait it is announced, saying the report is still being made.
    await drain(e);
    const late = await partnerEmail(e, claimed);
    assert.match(late.text, /The savings report is still being made/);
  } finally {
    await e.close();
  }
});
