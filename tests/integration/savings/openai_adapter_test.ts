// The OpenAI-compatible adapter (shared/llm/openai.ts) against a local double that speaks the chat-completions
// wire format over real HTTP: bills, contracts and the report writer, OpenAI and Azure layouts, PDF and image
// inputs, JSON-schema structured output, failures, and 503 not_configured when the configuration is missing.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { startOpenAIDouble } from "../../doubles/openai.ts";
import { OpenAIClient } from "../../../shared/llm/openai.ts";
import { openAIBillModel } from "../../../shared/bills/openai_model.ts";
import { makeBillModel } from "../../../shared/bills/models.ts";
import { extractBill } from "../../../shared/bills/extract.ts";
import type { BillDocument } from "../../../shared/bills/model.ts";
import { emptyItem, MonthNames } from "../../../shared/bills/schema.ts";
import { StructuredContractAnalyser } from "../../../shared/contracts/gemini_model.ts";
import { GeminiReportWriter } from "../../../shared/savings/report/gemini.ts";
import { override } from "../../../shared/platform.ts";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { usageByMonth } from "./fixtures.ts";

const pdf = new TextEncoder().encode("%PDF-1.4 fake bill bytes");
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const billDoc = (
  files: BillDocument["files"] = [{
    filename: "bill.pdf",
    kind: "pdf" as const,
    mimeType: "application/pdf",
    bytes: pdf,
  }],
): BillDocument => ({
  files,
  text: () => Promise.resolve({ pages: [], text: "DUKE ENERGY\nTotal kWh used 1,059" }),
});

function billAnswer(supply = "0.034870") {
  const item = emptyItem();
  item.customerInformation.customerName = "Maria Lopez";
  item.customerInformation.serviceAddress = {
    line1: "1452 Oak Hollow Dr",
    line2: "",
    city: "Tampa",
    state: "FL",
    zip: "33614",
    country: "US",
  };
  item.billingInformation.amountDue = "$142.18";
  item.billingInformation.dueDate = "03/26/2024";
  item.electricityUsage.supplyRatePerKwh = supply;
  item.electricityUsage.usageByMonth = Array.from(
    { length: 12 },
    (_, i) => ({ month: MonthNames[i], year: 2024, value: 800 + i, unit: "kWh" as const }),
  );
  return JSON.stringify({ isElectricityBill: true, item });
}

Deno.test("openai adapter, bills: PDF as a file part, JSON schema response_format, bearer key, normalised result", async () => {
  const d = startOpenAIDouble({ requireKey: "sk-test" });
  try {
    const model = openAIBillModel({ baseUrl: `${d.url}/v1`, apiKey: "sk-test", model: "gpt-4.1-mini" });
    d.script(billAnswer());
    const x = await extractBill(model, billDoc());
    assert.equal(d.requests.length, 1);
    const r = d.requests[0];
    assert.equal(r.path, "/v1/chat/completions");
    assert.equal(r.headers.authorization, "Bearer sk-test");
    assert.equal(r.body.model, "gpt-4.1-mini");
    assert.equal(r.body.messages[0].role, "system");
    assert.match(r.body.messages[0].content, /electricity bills/);
    const content = r.body.messages[1].content;
    assert.equal(content[0].type, "text");
    assert.deepEqual(content[1], {
      type: "file",
      file: {
        filename: "document-1.pdf",
        file_data: `data:application/pdf;base64,${Buffer.from(pdf).toString("base64")}`,
      },
    });
    assert.equal(r.body.response_format.type, "json_schema");
    assert.match(JSON.stringify(r.body.response_format.json_schema.schema), /supplyRatePerKwh/);
    assert.equal(r.body.response_format.json_schema.schema.type, "object");
    assert.equal(r.body.response_format.json_schema.schema.$schema, undefined);
    assert.equal(x.item.electricityUsage.supplyRatePerKwh, "0.034870");
    assert.equal(x.item.billingInformation.amountDue, "142.18");
    assert.equal(x.item.customerInformation.customerName, "Maria Lopez");
  } finally {
    await d.close();
  }
});

Deno.test("openai adapter, bills: photos as image_url data URIs; OPENAI_PDF_INPUT=text sends the PDF's text layer", async () => {
  const d = startOpenAIDouble();
  try {
    const model = openAIBillModel({ baseUrl: `${d.url}/v1`, model: "qwen2.5-vl" });
    d.script(billAnswer());
    await extractBill(
      model,
      billDoc([{ filename: "bill.png", kind: "png" as const, mimeType: "image/png", bytes: png }]),
    );
    assert.deepEqual(d.requests[0].body.messages[1].content[1], {
      type: "image_url",
      image_url: { url: `data:image/png;base64,${Buffer.from(png).toString("base64")}` },
    });
    assert.equal(
      d.requests[0].headers.authorization,
      undefined,
      "a self-hosted server without a key gets no Authorization header",
    );

    const textModel = openAIBillModel({ baseUrl: `${d.url}/v1`, model: "llama3.1", pdfInput: "text" });
    d.script(billAnswer());
    await extractBill(textModel, billDoc());
    const content = d.requests[1].body.messages[1].content;
    assert.ok(!JSON.stringify(content).includes("application/pdf"), "no PDF file part");
    assert.match(JSON.stringify(content), /Total kWh used 1,059/);
  } finally {
    await d.close();
  }
});

Deno.test("openai adapter, bills: HTTP errors, refusals, cut-off and non-JSON answers end in 500 processing_failed", async () => {
  const d = startOpenAIDouble();
  try {
    const model = openAIBillModel({ baseUrl: `${d.url}/v1`, model: "m" });
    d.script({ status: 429 }, { refusal: "I can't help with that" }, {
      truncated: '{"isElectricityBill": tr',
    });
    await assert.rejects(
      extractBill(model, billDoc()),
      (e: { kind?: string; code?: string }) => e.kind === "internal" && e.code === "processing_failed",
    );
    assert.equal(d.requests.length, 3);
    const client = new OpenAIClient({ baseUrl: `${d.url}/v1`, model: "m" });
    const { z } = await import("zod");
    d.script("not json");
    const r = await client.generate({
      system: "s",
      parts: [{ text: "t" }],
      schema: z.object({ a: z.number() }),
    });
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.error, "unparseable");
  } finally {
    await d.close();
  }
});

Deno.test("openai adapter, Azure OpenAI: deployment URL, api-version query, api-key header; contracts", async () => {
  const d = startOpenAIDouble({ requireKey: "azure-key" });
  try {
    const client = new OpenAIClient({
      baseUrl: d.url,
      apiKey: "azure-key",
      apiVersion: "2024-10-21",
      model: "contracts-gpt4o",
    });
    const analyser = new StructuredContractAnalyser(client);
    const summary = {
      isSolarContract: true,
      parties: { installer: "Sunny Co", customer: "Maria Lopez", financier: "" },
      customer: { name: "Maria Lopez", email: "", phone: "" },
      propertyAddress: { line1: "1452 Oak Hollow Dr", city: "Tampa", state: "FL", zip: "33614" },
      systemSizeKw: 8.4,
      equipment: {
        panels: { manufacturer: "Q", model: "Q.PEAK", quantity: 21 },
        inverter: { manufacturer: "E", model: "IQ8", quantity: 21 },
        battery: null,
      },
      totalPrice: 21000,
      pricePerWatt: 2.5,
      financing: { type: "cash", termYears: null, escalatorPct: null, downPayment: 0 },
      cancellationPeriodDays: 3,
      clauses: ["cancellation", "warranty"],
      signatures: {
        customer: { signed: true, name: "Maria Lopez", date: "2026-11-01" },
        installer: { signed: false, name: "", date: "" },
      },
    };
    d.script(JSON.stringify(summary));
    const out = await analyser.analyse({
      files: [{ filename: "c.pdf", mimeType: "application/pdf", bytes: pdf }],
      text: () => Promise.resolve(""),
    });
    assert.ok(out.ok);
    assert.equal(out.ok && out.summary.systemSizeKw, 8.4);
    const r = d.requests[0];
    assert.equal(r.path, "/openai/deployments/contracts-gpt4o/chat/completions");
    assert.equal(r.query["api-version"], "2024-10-21");
    assert.equal(r.headers["api-key"], "azure-key");
    assert.equal(r.headers.authorization, undefined);
    assert.match(JSON.stringify(r.body.response_format.json_schema.schema), /cancellationPeriodDays/);

    const wrongKey = new StructuredContractAnalyser(
      new OpenAIClient({ baseUrl: d.url, apiKey: "nope", apiVersion: "2024-10-21", model: "x" }),
    );
    const bad = await wrongKey.analyse({
      files: [{ filename: "c.pdf", mimeType: "application/pdf", bytes: pdf }],
      text: () => Promise.resolve(""),
    });
    assert.equal(!bad.ok && bad.error, "unavailable");
    assert.match(!bad.ok ? bad.detail : "", /401/);
  } finally {
    await d.close();
  }
});

Deno.test("openai adapter, report writer: writer 'openai', the state's data in the prompt, invalid answers retried", async () => {
  const d = startOpenAIDouble();
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    override(
      p,
      "reportWriter",
      new GeminiReportWriter(new OpenAIClient({ baseUrl: `${d.url}/v1`, model: "llama3.1:70b" })),
    );
    const sections = JSON.stringify({
      sections: [
        { sequence: "I", title: "Executive Summary", text: "<p>Arizona.</p>" },
        { sequence: "II", title: "Usage Analysis", text: "<p>Peaks in July.</p>" },
        { sequence: "III", title: "Solar Recommendation and Financial Analysis", text: "<p>8 kW.</p>" },
      ],
    });
    d.script('{"sections": []}', sections);
    const id = await tokensFor(p, { role: "partner_user" });
    const r = await fetch(`${s.url}/savings-insight-service/generate-savings-insights`, {
      method: "POST",
      headers: { ...id.headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        customerName: "Ana Ruiz",
        state: "AZ",
        usageByMonth,
        financials: { ratePerKwh: 0.15 },
      }),
    });
    assert.equal(r.status, 200);
    const j = await r.json();
    assert.equal(j.data.items[0].writer, "openai");
    assert.equal(j.data.items[0].report.sections[1].text, "<p>Peaks in July.</p>");
    assert.equal(d.requests.length, 2);
    assert.match(JSON.stringify(d.requests[0].body.messages), /Arizona|AZ/);
  } finally {
    await s.close();
    await p.close();
    await d.close();
  }
});

Deno.test("openai adapter: missing configuration is a ConfigError (503 not_configured on the routes)", async () => {
  const keys = ["OPENAI_BASE_URL", "OPENAI_API_KEY", "OPENAI_MODEL", "OPENAI_API_VERSION", "REPORT_WRITER"];
  const saved = Object.fromEntries(keys.map((k) => [k, Deno.env.get(k)]));
  keys.forEach((k) => Deno.env.delete(k));
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    assert.throws(() => makeBillModel("openai"), /OPENAI_API_KEY/);
    Deno.env.set("OPENAI_BASE_URL", "http://127.0.0.1:1/v1");
    assert.throws(
      () => makeBillModel("openai"),
      /OPENAI_MODEL/,
      "a self-hosted server needs its model named",
    );
    Deno.env.set("OPENAI_BASE_URL", "https://contoso.openai.azure.com");
    Deno.env.set("OPENAI_API_KEY", "k");
    assert.throws(() => makeBillModel("openai"), /OPENAI_API_VERSION/, "Azure needs its api-version");
    Deno.env.delete("OPENAI_API_KEY");
    Deno.env.delete("OPENAI_BASE_URL");
    Deno.env.set("REPORT_WRITER", "openai");
    const id = await tokensFor(p, { role: "partner_user" });
    const r = await fetch(`${s.url}/savings-insight-service/generate-savings-insights`, {
      method: "POST",
      headers: { ...id.headers, "Content-Type": "application/json" },
      body: JSON.stringify({ customerName: "Ana Ruiz", state: "AZ", usageByMonth }),
    });
    assert.equal(r.status, 503);
    assert.equal((await r.json()).error.code, "not_configured");
  } finally {
    for (const k of keys) saved[k] === undefined ? Deno.env.delete(k) : Deno.env.set(k, saved[k]!);
    await s.close();
    await p.close();
  }
});

Deno.test("bench:extract --model: openai runs against the configured endpoint; a missing key is a clear message", async () => {
  const { benchModel } = await import("../../../scripts/bench/model_option.ts");
  const keys = ["OPENAI_BASE_URL", "OPENAI_API_KEY", "OPENAI_MODEL", "OPENAI_API_VERSION", "GEMINI_API_KEY"];
  const saved = Object.fromEntries(keys.map((k) => [k, Deno.env.get(k)]));
  keys.forEach((k) => Deno.env.delete(k));
  const d = startOpenAIDouble();
  try {
    const none = benchModel(["--model", "openai"]);
    assert.ok("error" in none && /OPENAI_API_KEY.*Nothing was run/.test(none.error), JSON.stringify(none));
    const gem = benchModel(["--model", "gemini"]);
    assert.ok("error" in gem && /GEMINI_API_KEY/.test(gem.error));
    assert.ok("error" in benchModel(["--model", "claude"]));
    const dflt = benchModel([]);
    assert.equal("kind" in dflt ? dflt.kind : dflt.error, "embedded");
    Deno.env.set("OPENAI_BASE_URL", `${d.url}/v1`);
    Deno.env.set("OPENAI_MODEL", "qwen2.5-vl");
    const ok = benchModel(["--model", "openai"]);
    assert.ok("model" in ok);
    d.script(billAnswer());
    const x = await extractBill(ok.model, billDoc());
    assert.equal(x.item.customerInformation.customerName, "Maria Lopez");
    assert.equal(d.requests[0].body.model, "qwen2.5-vl");
  } finally {
    for (const k of keys) saved[k] === undefined ? Deno.env.delete(k) : Deno.env.set(k, saved[k]!);
    await d.close();
  }
});
