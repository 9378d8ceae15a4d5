import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { startGeminiDouble } from "../../doubles/gemini.ts";
import { GeminiClient } from "../../../shared/llm/gemini.ts";
import { GeminiBillModel } from "../../../shared/bills/gemini_model.ts";
import { extractBill } from "../../../shared/bills/extract.ts";
import type { BillDocument } from "../../../shared/bills/model.ts";
import { emptyItem, MonthNames } from "../../../shared/bills/schema.ts";

const pdf = new TextEncoder().encode("%PDF-1.4 fake bill bytes");
const doc: BillDocument = {
  files: [{ filename: "bill.pdf", kind: "pdf", mimeType: "application/pdf", bytes: pdf }],
  text: () => Promise.reject(new Error("the Gemini adapter sends the files, not text")),
};

function answer(o: { supply?: string; months?: number } = {}) {
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
  item.electricityUsage.supplyRatePerKwh = o.supply ?? "0.034870";
  item.electricityUsage.usageByMonth = Array.from(
    { length: o.months ?? 12 },
    (_, i) => ({ month: MonthNames[i], year: 2024, value: 800 + i, unit: "kWh" as const }),
  );
  return JSON.stringify({ isElectricityBill: true, item });
}

Deno.test("gemini adapter: files inline, response JSON schema, retry on missing supply rate, normalised result", async () => {
  const g = startGeminiDouble();
  try {
    const model = new GeminiBillModel(
      new GeminiClient({ apiKey: "test-key", baseUrl: g.url, model: "gemini-2.5-flash" }),
    );
    g.script(answer({ supply: "", months: 3 }), answer({ months: 3 }), answer({ months: 3 }));
    const x = await extractBill(model, doc);
    assert.equal(
      g.requests.length,
      3,
      "missing supply rate, then fewer than 12 months, then an unchanged answer",
    );
    assert.match(JSON.stringify(g.requests[2].body.contents), /found only 3 months/);
    const body = g.requests[0].body;
    assert.equal(g.requests[0].model, "gemini-2.5-flash");
    const parts = body.contents[0].parts;
    assert.deepEqual(parts[1], {
      inlineData: { mimeType: "application/pdf", data: Buffer.from(pdf).toString("base64") },
    });
    assert.equal(body.generationConfig.responseMimeType, "application/json");
    const schema = JSON.stringify(body.generationConfig.responseJsonSchema);
    assert.match(schema, /supplyRatePerKwh/);
    assert.match(schema, /usageByMonth/);
    assert.match(JSON.stringify(g.requests[1].body.contents), /missed supplyRatePerKwh/);
    assert.equal(x.item.electricityUsage.supplyRatePerKwh, "0.034870");
    assert.equal(x.item.billingInformation.amountDue, "142.18");
    assert.equal(x.item.billingInformation.dueDate, "2024-03-26");
    assert.equal(x.item.electricityUsage.usageByMonth.length, 12);
    assert.equal(x.item.electricityUsage.usageByMonth.filter((m) => m.estimated).length, 9);
  } finally {
    await g.close();
  }
});

Deno.test("gemini adapter: unparseable or failing answers on all 3 attempts are 500 processing_failed", async () => {
  const g = startGeminiDouble();
  try {
    const model = new GeminiBillModel(new GeminiClient({ apiKey: "test-key", baseUrl: g.url }));
    g.script("not json at all", JSON.stringify({ isElectricityBill: true, item: { wrong: 1 } }), {
      status: 503,
    });
    await assert.rejects(
      extractBill(model, doc),
      (e: { kind?: string; code?: string }) => e.kind === "internal" && e.code === "processing_failed",
    );
    assert.equal(g.requests.length, 3);
  } finally {
    await g.close();
  }
});
