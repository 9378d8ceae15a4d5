// The savings pipeline over real HTTP and a real database: report JSON, stored row, queued delivery that
// renders the PDF, stores it and emails it (outbox) with the PDF attached; the PDF's text is extracted back.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { queueHandlers } from "../../../shared/jobs/registry.ts";
import { DELIVERY_QUEUE } from "../../../shared/savings/pipeline.ts";
import { getOutboxAttachment, listOutbox } from "../../../shared/email/index.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { num, usd } from "../../../shared/format.ts";
import { usageByMonth } from "./fixtures.ts";

const post = (url: string, headers: Record<string, string>, body: unknown) =>
  fetch(url, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

Deno.test("POST /savings-insight-report: report, figures, stored row, then PDF + email delivered by the queued job", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user", orgName: "Sunrise Solar Co." });
    const res = await post(`${s.url}/savings-insight-service/savings-insight-report`, id.headers, {
      customerName: "Jane Doe",
      email: "jane@example.test",
      address: "123 Main St, Austin, TX 78701",
      usageByMonth,
    });
    assert.equal(res.status, 200, await res.clone().text());
    const body = await res.json();
    assert.match(body.transactionId, /^[0-9a-f-]{36}$/);
    const item = body.data.items[0];
    assert.deepEqual(item.report.sections.map((x: any) => [x.sequence, x.title]), [
      ["I", "Executive Summary"],
      ["II", "Usage Analysis"],
      ["III", "Solar Recommendation and Financial Analysis"],
    ]);
    const f = item.figures;
    assert.equal(f.annualKwh, 13820);
    assert.equal(f.ratePerKwh, 0.1446); // TX average, EIA 2023
    assert.equal(item.address.state, "TX");
    assert.equal(item.roof.source, "model");
    assert.ok(f.systemKw > 8 && f.systemKw < 12, `system ${f.systemKw}`);
    // Reported after 2025 for a homeowner-owned system: no §25D credit, said so with its source.
    assert.equal(f.credit.pct, 0);
    assert.equal(f.federalCredit, 0);
    assert.ok(Math.abs(f.netCost - f.systemKw * 1000 * 2.5) < 0.05);
    const all = item.report.sections.map((x: any) => x.text).join("");
    assert.match(all, /Residential Clean Energy Credit \(IRC §25D\) ended/);
    assert.match(all, /P\.L\. 119-21/);
    assert.ok(!/30%/.test(all), "no 30% credit is shown after 2025");
    assert.equal(item.delivery.status, "queued");
    assert.match(item.report.sections[0].text, new RegExp(usd(f.netAnnualSavings).replace("$", "\\$")));

    const [row] = await p
      .sql`select organization_id, delivery_status, state from public.savings_reports where id = ${body.transactionId}`;
    assert.equal(row.organization_id, id.orgId);
    assert.equal(row.delivery_status, "queued");

    // The response did not wait for the email: nothing in the outbox until the worker runs the job.
    assert.equal((await listOutbox(p.sql, { to: "jane@example.test" })).length, 0);
    assert.equal(await runReadyJobs(p.sql, queueHandlers(p, DELIVERY_QUEUE)), 1);
    const [done] = await p
      .sql`select delivery_status, pdf_path, email_id from public.savings_reports where id = ${body.transactionId}`;
    assert.equal(done.delivery_status, "sent");
    const mails = await listOutbox(p.sql, { to: "jane@example.test" });
    assert.equal(mails.length, 1);
    assert.match(mails[0].subject, /Sunrise Solar Co\./);
    assert.equal(mails[0].attachments.length, 1);
    assert.equal(mails[0].attachments[0].contentType, "application/pdf");
    const att = await getOutboxAttachment(p.sql, mails[0].id, mails[0].attachments[0].position);
    const stored = await objectStore(p).get("savings-reports", done.pdf_path);
    assert.deepEqual(stored?.bytes.length, att!.content.length);

    const { text, totalPages } = await extractText(new Uint8Array(att!.content), { mergePages: true });
    assert.ok(totalPages >= 3);
    for (
      const t of [
        "Solar Savings Report",
        "Jane Doe",
        "Sunrise Solar Co.",
        "I. Executive Summary",
        "II. Usage Analysis",
        "III. Solar Recommendation and Financial Analysis",
        "Key figures",
      ]
    ) {
      assert.ok(text.includes(t), `PDF text lacks "${t}"`);
    }
    for (
      const v of [
        usd(f.netAnnualSavings),
        usd(f.netCost),
        usd(f.lifetimeSavings),
        `${f.systemKw.toFixed(1)} kW`,
        `${num(f.annualKwh)} kWh`,
        `${f.paybackYears.toFixed(1)} years`,
      ]
    ) {
      assert.ok(text.includes(v), `PDF text lacks figure "${v}"`);
    }

    // A retried job does not send twice.
    await p.sql`update queue.jobs set status = 'queued', run_at = now()`;
    await p.sql`update public.savings_reports set delivery_status = 'queued'`;
    await runReadyJobs(p.sql, queueHandlers(p, DELIVERY_QUEUE));
    assert.equal((await listOutbox(p.sql, { to: "jane@example.test" })).length, 1);
    const [again] = await p
      .sql`select delivery_status, email_id from public.savings_reports where id = ${body.transactionId}`;
    assert.deepEqual(
      { ...again },
      { delivery_status: "sent", email_id: done.email_id },
      "the retry reused the stored PDF, so the provider answered with the first email",
    );

    // The stored report renders again on demand, for its organisation only.
    const pdf = await post(`${s.url}/savings-insight-service/generate-pdf-report`, id.headers, {
      transactionId: body.transactionId,
    });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    assert.deepEqual(
      new Uint8Array(await pdf.arrayBuffer()),
      new Uint8Array(att!.content),
      "the PDF the customer received",
    );
    const other = await tokensFor(p, { role: "partner_admin" });
    const denied = await post(`${s.url}/savings-insight-service/generate-pdf-report`, other.headers, {
      transactionId: body.transactionId,
    });
    assert.equal(denied.status, 403);
    assert.equal((await denied.json()).error.code, "forbidden");
    const unknown = await post(`${s.url}/savings-insight-service/generate-pdf-report`, id.headers, {
      transactionId: crypto.randomUUID(),
    });
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("a homeowner named in Japanese or Korean gets a report PDF (the emailed attachment, rendered in a document worker) with the name's characters, not white squares", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user", orgName: "Sunrise Solar Co." });
    for (
      const [customerName, email] of [["山田太郎", "yamada@example.test"], ["김민수", "kim@example.test"]]
    ) {
      const res = await post(`${s.url}/savings-insight-service/savings-insight-report`, id.headers, {
        customerName,
        email,
        address: "123 Main St, Austin, TX 78701",
        usageByMonth,
      });
      assert.equal(res.status, 200, await res.clone().text());
      await res.body?.cancel();
      assert.equal(await runReadyJobs(p.sql, queueHandlers(p, DELIVERY_QUEUE)), 1);
      const [mail] = await listOutbox(p.sql, { to: email });
      const att = await getOutboxAttachment(p.sql, mail.id, mail.attachments[0].position);
      const { text } = await extractText(new Uint8Array(att!.content), { mergePages: true });
      assert.ok(text.includes(`Prepared for ${customerName}`), text.slice(0, 200));
      assert.ok(!text.includes("□"), "no white square");
    }
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("savings-insight-report: bad input is a 400 naming the problem, never a 500", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user" });
    const url = `${s.url}/savings-insight-service/savings-insight-report`;
    const base = {
      customerName: "A B",
      email: "a@example.test",
      address: "1 Main St, Denver, CO 80202",
      usageByMonth,
    };
    const cases: [unknown, string, RegExp][] = [
      [{ ...base, address: "Nowhere Land" }, "address_not_found", /could not be located/],
      [{ ...base, usageByMonth: [{ month: "Smarch", value: 10 }] }, "invalid_usage", /Unknown month/],
      [{ ...base, usageByMonth: [] }, "invalid_request", /usageByMonth/],
      [{ ...base, email: "not-an-email" }, "invalid_request", /email/],
      [{ ...base, usageByMonth: [{ month: 1, value: 10, unit: "therms" }] }, "invalid_usage", /kWh/],
    ];
    for (const [body, code, msg] of cases) {
      const r = await post(url, id.headers, body);
      const j = await r.json();
      assert.equal(r.status, 400, JSON.stringify(j));
      assert.equal(j.error.code, code);
      assert.match(j.error.message, msg);
    }
    const bad = await fetch(url, {
      method: "POST",
      headers: { ...id.headers, "Content-Type": "application/json" },
      body: "{not json",
    });
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
    const noToken = await post(url, {}, base);
    assert.equal(noToken.status, 401);
    await noToken.body?.cancel();
    // A second report with the same transaction id is a conflict, not a duplicate email.
    const tx = crypto.randomUUID();
    const first = await post(url, id.headers, { ...base, transactionId: tx, deliver: false });
    assert.equal(first.status, 200);
    await first.body?.cancel();
    const again = await post(url, id.headers, { ...base, transactionId: tx });
    assert.equal(again.status, 409);
    await again.body?.cancel();
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("fewer than 12 months, a state without programme data, and a tiny roof", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "partner_user" });
    const r = await post(`${s.url}/savings-insight-service/savings-insight-report`, id.headers, {
      customerName: "Sam Poe",
      email: "sam@example.test",
      // Missouri: no programme row (Ohio has one since netting19, Kentucky since rates18)
      address: { line1: "5 Elm St", city: "Jefferson City", state: "MO", zip: "65101" },
      usageByMonth: usageByMonth.slice(5, 9),
      roofAreaM2: 30,
      deliver: false,
    });
    assert.equal(r.status, 200);
    const { data } = await r.json();
    const f = data.items[0].figures;
    assert.equal(f.extrapolatedMonths.length, 8);
    assert.ok(f.flags.includes("extrapolated_months"));
    assert.ok(f.flags.includes("generic_state_programmes"));
    assert.ok(f.roofLimited && f.panels === Math.floor(30 * 0.5 / 1.95));
    assert.equal(data.items[0].program.generic, true);
    assert.match(data.items[0].report.sections[1].text, /estimated/);
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("a place without state data (Puerto Rico) uses the US averages and generic programmes, and says so", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const id = await tokensFor(p, { role: "service" });
    const r = await post(`${s.url}/savings-insight-service/savings-insight-report`, id.headers, {
      customerName: "Luis Rivera",
      email: "luis@example.test",
      address: "100 Calle Fortaleza, San Juan, PR 00901",
      usageByMonth,
      deliver: false,
    });
    assert.equal(r.status, 200);
    const item = (await r.json()).data.items[0];
    assert.equal(item.address.state, "PR");
    assert.equal(item.figures.ratePerKwh, 0.16); // the US row
    assert.ok(
      item.figures.flags.includes("national_average_rate") &&
        item.figures.flags.includes("generic_state_programmes"),
    );
    assert.equal(item.rates.nationalFallback, true);
    assert.match(item.report.sections[0].text, /the US average residential rate of 16\.00 ¢\/kWh/);
    assert.ok(!item.report.sections[0].text.includes("PR average"));
    const insights = await post(`${s.url}/savings-insight-service/generate-savings-insights`, id.headers, {
      customerName: "X",
      state: "ZZ",
      usageByMonth,
    });
    assert.equal(insights.status, 400);
    assert.equal((await insights.json()).error.code, "invalid_state");
  } finally {
    await s.close();
    await p.close();
  }
});
