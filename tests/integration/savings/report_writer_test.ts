// The Gemini report writer against the local Gemini double: prompt content, retries, clear failure codes.
import assert from "node:assert/strict";
import { GeminiClient } from "../../../shared/llm/gemini.ts";
import { GeminiReportWriter } from "../../../shared/savings/report/gemini.ts";
import { override } from "../../../shared/platform.ts";
import { startGeminiDouble } from "../../doubles/gemini.ts";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { usageByMonth } from "./fixtures.ts";

const sections = (first = "Executive Summary") =>
  JSON.stringify({
    sections: [
      {
        sequence: "I",
        title: first,
        text: "<p>Arizona homes like yours spend <strong>$1,000</strong> a year.</p>",
      },
      { sequence: "II", title: "Usage Analysis", text: "<p>Peaks in July.</p>" },
      {
        sequence: "III",
        title: "Solar Recommendation and Financial Analysis",
        text: "<ul><li>8 kW</li></ul>",
      },
    ],
  });

Deno.test("Gemini writer: state in the prompt, JSON schema output, invalid answers retried, then 500 report_invalid", async () => {
  const gemini = startGeminiDouble();
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    override(
      p,
      "reportWriter",
      new GeminiReportWriter(
        new GeminiClient({ apiKey: "test-key", baseUrl: gemini.url, model: "gemini-2.5-flash" }),
      ),
    );
    const id = await tokensFor(p, { role: "partner_user" });
    const url = `${s.url}/savings-insight-service/generate-savings-insights`;
    const body = { customerName: "Ana Ruiz", state: "az", usageByMonth, financials: { ratePerKwh: 0.15 } };
    const post = () =>
      fetch(url, {
        method: "POST",
        headers: { ...id.headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    gemini.script("not json at all", sections("Summary"), sections());
    const ok = await post();
    assert.equal(ok.status, 200);
    const j = await ok.json();
    assert.equal(j.data.items[0].writer, "gemini");
    assert.equal(
      j.data.items[0].report.sections[0].text,
      "<p>Arizona homes like yours spend <strong>$1,000</strong> a year.</p>",
    );
    assert.equal(j.data.items[0].figures.ratePerKwh, 0.15);
    assert.equal(gemini.requests.length, 3, "two rejected answers, then a valid one");
    const req = gemini.requests[0].body;
    const system = req.systemInstruction.parts.map((x: { text: string }) => x.text).join("");
    assert.match(system, /abbreviation AZ/);
    assert.match(system, /national averages and generic program descriptions/);
    // QA pass 11: a bill of another utility gives no fixed charge; the writer is told why, as the embedded one says
    assert.match(system, /fixed_charge_other_utility it is left out because the bill is another utility's/);
    assert.equal(req.generationConfig.responseMimeType, "application/json");
    assert.ok(req.generationConfig.responseJsonSchema.properties.sections);
    const data = req.contents[0].parts[0].text;
    assert.match(
      data,
      /Arizona Residential Solar Energy Tax Credit/,
      "state programmes from the database are in the prompt",
    );
    assert.match(
      data,
      /"rateIs":"the customer's own rate"/,
      "a caller's rate is not presented as the state average",
    );

    gemini.script(sections("Nope"), sections("Nope"), sections("Nope"));
    const bad = await post();
    assert.equal(bad.status, 500);
    const e = await bad.json();
    assert.equal(e.error.code, "report_invalid");
    assert.match(e.error.message, /after 3 attempts/);

    // Gemini unreachable: the embedded writer answers instead (nothing lost).
    gemini.script({ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const down = await post();
    assert.equal(down.status, 200);
    assert.equal((await down.json()).data.items[0].writer, "embedded (fallback)");
  } finally {
    await s.close();
    await p.close();
    await gemini.close();
  }
});
