import assert from "node:assert/strict";
import { partnerEnv } from "./helpers.ts";
import { partnerSender, renderReportEmail } from "../../../shared/savings/report_email.ts";
import type { SavingsFigures } from "../../../shared/savings/calculate.ts";

const visibleText = (html: string) =>
  html.replace(/<style[\s\S]*?<\/style>/g, "").replace(/<title>[\s\S]*?<\/title>/g, "").replace(
    /<[^>]+>/g,
    " ",
  )
    .replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&#x3D;/g, "=")
    .replace(/\s+/g, " ").trim();

Deno.test("the homeowner's report email speaks for the partner: sender name, reply-to, logo, call to action; text says what HTML says", async () => {
  const e = await partnerEnv();
  try {
    await e.p
      .sql`update public.widget_configs set logo_url = 'https://sunny.example/logo.png' where organization_id = ${e.admin.orgId}`;
    const figures = {
      systemKw: 8.04,
      netAnnualSavings: 1834.2,
      lifetimeSavings: 61210,
      projection: Array(25).fill({}),
      annualKwh: 8400,
      netCost: 17850,
      paybackYears: 9.7,
    } as unknown as SavingsFigures;
    // Without settings: reply to the partner's first admin, next step = reply.
    let sender = await partnerSender(e.p, e.admin.orgId);
    let mail = await renderReportEmail(e.p, sender, { customerName: "Jane Doe", figures });
    assert.equal(mail.from, `"Sunny Roofs LLC" <notifications@mail.solar-platform.local>`);
    assert.equal(mail.replyTo, e.admin.email);
    assert.match(mail.html, /Reply to Sunny Roofs LLC/);

    await e.call(e.admin, "PUT", "/partner-service/settings", {
      reply_to_email: "hello@sunny.example",
      phone: "+1 (415) 555-0199",
    });
    sender = await partnerSender(e.p, e.admin.orgId);
    mail = await renderReportEmail(e.p, sender, { customerName: "Jane Doe", figures });
    assert.equal(mail.replyTo, "hello@sunny.example");
    assert.equal(mail.subject, "Your solar savings report from Sunny Roofs LLC");
    assert.match(mail.html, /<img src="https:\/\/sunny\.example\/logo\.png" alt="Sunny Roofs LLC"/);
    assert.match(mail.html, /href="tel:\+14155550199"/);
    assert.match(mail.html, /<html lang="en">/);
    assert.match(mail.html, /border-bottom: 4px solid #1d4ed8/, "the partner's colour");
    // Every line of the text part is in the HTML part (same words, same figures, same next step).
    const html = visibleText(mail.html);
    for (const line of mail.text.split("\n").map((l) => l.replace(/^--$/, "").trim()).filter(Boolean)) {
      assert.ok(
        html.includes(line.replace(/: /, " ")) || html.includes(line),
        `text line missing from HTML: "${line}"\n${html}`,
      );
    }
    assert.match(mail.text, /Call us at \+1 \(415\) 555-0199/);
    // QA5: "… for a solar savings estimate. We send it once." read as if more were coming.
    for (const part of [mail.text, visibleText(mail.html)]) {
      assert.ok(
        part.replace(/\s+/g, " ").includes(
          "You receive this email once, because you asked Sunny Roofs LLC for a solar savings estimate.",
        ),
      );
    }
  } finally {
    await e.close();
  }
});

Deno.test("the report email names its net cost as the PDF does: no credit said when none applied", async () => {
  const e = await partnerEnv();
  try {
    const sender = await partnerSender(e.p, e.admin.orgId);
    const figures = (pct: number) =>
      ({
        systemKw: 7.6,
        netAnnualSavings: 1594,
        lifetimeSavings: 46712,
        projection: Array(25).fill({}),
        annualKwh: 11265,
        offsetPct: 99.2,
        netCost: 19000,
        paybackYears: 11.9,
        credit: {
          pct,
          claimant: pct ? "homeowner" : "none",
          condition: "",
          source: "",
          statedByPartner: false,
        },
      }) as unknown as SavingsFigures;
    // 2026: the §25D credit has ended, the report's net cost is the gross cost.
    let mail = await renderReportEmail(e.p, sender, { customerName: "Zoë Doe", figures: figures(0) });
    assert.match(mail.text, /^Net cost \(no federal credit\): \$19,000$/m);
    assert.match(visibleText(mail.html), /Net cost \(no federal credit\) \$19,000/);
    assert.doesNotMatch(mail.text + mail.html, /after the federal tax credit/);
    // The share of use the system covers is said, as on the PDF's cover (QA pass 4); "<1%" for a business's use.
    assert.match(mail.text, /^Share of your use the system covers: 99%$/m);
    assert.match(visibleText(mail.html), /Share of your use the system covers 99%/);
    const big = await renderReportEmail(e.p, sender, {
      customerName: "Pat",
      figures: { ...figures(0), annualKwh: 1774770, offsetPct: 0.4 } as SavingsFigures,
    });
    assert.match(big.text, /^Share of your use the system covers: <1%$/m);
    // A partner that states a credit for its own offer: the email says which.
    mail = await renderReportEmail(e.p, sender, { customerName: "Zoë Doe", figures: figures(30) });
    assert.match(mail.text, /^Net cost after 30% tax credit: \$19,000$/m);
  } finally {
    await e.close();
  }
});

Deno.test("without a system the report email says why, as the report does", async () => {
  const e = await partnerEnv();
  try {
    const sender = await partnerSender(e.p, e.admin.orgId);
    // A home below the 2 kW minimum: no system, no savings, no cost (only what the email reads).
    const none = { systemKw: 0, netAnnualSavings: 0, lifetimeSavings: 0, netCost: 0, paybackYears: null };
    const figures = {
      ...none,
      projection: [],
      annualKwh: 1200,
      flags: ["below_minimum_size"],
    } as unknown as SavingsFigures;
    const mail = await renderReportEmail(e.p, sender, { customerName: "Nora Typed", figures });
    for (const text of [mail.text, visibleText(mail.html)]) {
      assert.match(
        text,
        /Your electricity use is low enough that the system it needs would be smaller than the smallest we propose \(2 kW, about 5 panels\): below that, an installation's fixed costs/,
      );
      assert.match(text, /Your report has the details\./);
      assert.doesNotMatch(text, /explains what we found|0\.0 kW|\$0/);
    }
  } finally {
    await e.close();
  }
});
