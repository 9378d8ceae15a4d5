// Security pass 6: the public widget token (embedded in partners' pages, so anyone has it) could call every route of
// savings-insight-service and pdf-generator-service, which the widget itself never calls (its report comes from
// widget-service's process-widget-savings-info, which runs the savings domain in-process behind the plausibility gate
// and the confirmation). A stranger had the platform render partner-branded PDFs of any text, or ran the report
// pipeline around those checks. Over real HTTP through the stack's gateway: the widget token is 403 `forbidden` on
// each of those routes, with the very requests a partner's user gets answered.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { type TestIdentity, tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { usageByMonth } from "../savings/fixtures.ts";

Deno.test("widget token: 403 on every savings-insight-service and pdf-generator-service route; a partner user is answered", async () => {
  const p = await testPlatform();
  // One report and one document per partner: the refused calls below must not use up the widget's own.
  const one = { max: 1 };
  override(p, "rateLimitPolicy", { ...rateLimitPolicyFromEnv(), reportsPerOrg: one, documentsPerOrg: one });
  const s = serveApp(createStackHandler(p, []));
  try {
    const user = await tokensFor(p, { role: "partner_user", orgName: "Sunrise Solar Co." });
    const widget = await tokensFor(p, { role: "widget", orgId: user.orgId });
    const call = async (who: TestIdentity, method: string, path: string, body?: unknown) => {
      const r = await fetch(`${s.url}/v1${path}`, {
        method,
        headers: { ...who.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const type = r.headers.get("content-type") ?? "";
      return {
        status: r.status,
        type,
        json: type.includes("json") ? await r.json() : (await r.body?.cancel(), null),
      };
    };

    // A report and its figures, as a partner's user gets them, make the PDF routes' bodies valid.
    const insights = await call(user, "POST", "/savings-insight-service/generate-savings-insights", {
      customerName: "Jane Doe",
      state: "TX",
      usageByMonth,
    });
    assert.equal(insights.status, 200, JSON.stringify(insights.json));
    const { report, figures } = insights.json.data.items[0];
    const text = {
      report,
      figures,
      customerName: "Claim your prize at https://evil.example",
      address: "1 Main St",
    };
    // method, path, body, and the type a partner's user is answered with
    const requests: [string, string, unknown, string][] = [
      ["POST", "/savings-insight-service/savings-insight-report", {
        customerName: "Jane Doe",
        email: "jane@example.test",
        address: "123 Main St, Austin, TX 78701",
        usageByMonth,
        deliver: false,
      }, "json"],
      ["POST", "/savings-insight-service/generate-savings-insights", {
        customerName: "Jane Doe",
        state: "TX",
        usageByMonth,
      }, "json"],
      ["POST", "/savings-insight-service/generate-pdf-report", text, "pdf"],
      ["POST", "/pdf-generator-service/generate-pdf-from-html", {
        html: "<h1>Sunrise Solar Co.</h1><p>Pay here</p>",
      }, "pdf"],
      ["POST", "/pdf-generator-service/generate-pdf-from-template", {
        template: "letter",
        data: {
          subject: "Your refund",
          date: "2026-12-01",
          sender: { name: "Sunrise Solar Co." },
          recipient: { name: "Jane Doe", address: "123 Main St, Austin, TX" },
          paragraphs: ["Call +1 555 0100."],
        },
      }, "pdf"],
      ["POST", "/pdf-generator-service/generate-savings-report", {
        ...text,
        partner: { name: "Sunrise Solar Co." },
      }, "pdf"],
      ["GET", "/pdf-generator-service/templates", undefined, "json"],
    ];

    const answers: Record<string, string> = {};
    for (const [method, path, body] of requests) {
      const r = await call(widget, method, path, body);
      answers[path] = `${r.status} ${r.json?.error?.code ?? r.type}`;
      if (r.status === 403) assert.match(r.json.error.message, /role 'widget'/, path);
    }
    assert.deepEqual(answers, Object.fromEntries(requests.map(([, path]) => [path, "403 forbidden"])));
    const [{ n }] = await p.sql`select count(*)::int as n from public.savings_reports`;
    assert.equal(n, 0, "the widget token's report request stored nothing");
    // The refused calls count in the widget bucket only, not in the partner's reports and documents buckets (the
    // widget's own report and bill upload still pass them: 400 for these bodies, not 429).
    await upsertSubscription(p.sql, widget.orgId);
    const own = await call(widget, "POST", "/widget-service/process-widget-savings-info", {});
    assert.equal(own.status, 400, JSON.stringify(own.json));
    const form = new FormData();
    form.append("files", new File(["not a pdf"], "bill.pdf", { type: "application/pdf" }));
    const bill = await fetch(`${s.url}/v1/utility-bill-service/upload`, {
      method: "POST",
      headers: widget.headers,
      body: form,
    });
    assert.equal(bill.status, 400, await bill.text());

    for (const [method, path, body, answer] of requests) {
      const r = await call(user, method, path, body);
      assert.equal(r.status, 200, `${path}: ${r.status} ${JSON.stringify(r.json)?.slice(0, 300)}`);
      assert.ok(
        r.type.startsWith(answer === "pdf" ? "application/pdf" : "application/json"),
        `${path}: ${r.type}`,
      );
    }
  } finally {
    await s.close();
    await closeDocumentEngine();
    await p.close();
  }
});
