import assert from "node:assert/strict";
import { extractWithRetries } from "../../../shared/bills/retry.ts";
import { extractBill } from "../../../shared/bills/extract.ts";
import type { BillDocument, BillModel, ModelOutcome } from "../../../shared/bills/model.ts";
import { emptyItem, type ModelAnswer, MonthNames } from "../../../shared/bills/schema.ts";
import { DomainError } from "../../../shared/errors.ts";
import { statusOf } from "../../../shared/http/errors.ts";

/** A model that answers from a script, one entry per call, and records the hints it was given. */
class ScriptedModel implements BillModel {
  readonly name = "scripted";
  calls: { attempt: number; hint?: string }[] = [];
  constructor(private script: ModelOutcome[]) {}
  extract(_doc: BillDocument, attempt: number, hint?: string): Promise<ModelOutcome> {
    this.calls.push({ attempt, hint });
    const next = this.script.shift();
    if (!next) throw new Error("script exhausted");
    return Promise.resolve(next);
  }
}

const doc: BillDocument = { files: [], text: () => Promise.reject(new Error("not used")) };

function answer(
  o: { months?: number; supply?: string; name?: string; street?: string; bill?: boolean } = {},
): ModelOutcome {
  const item = emptyItem();
  item.customerInformation.customerName = o.name ?? "Ada Lovelace";
  item.customerInformation.serviceAddress = {
    line1: o.street ?? "1 Main St",
    line2: "",
    city: "Denver",
    state: "CO",
    zip: "80206",
    country: "US",
  };
  item.electricityUsage.supplyRatePerKwh = o.supply ?? "0.0712";
  item.electricityUsage.usageByMonth = Array.from(
    { length: o.months ?? 3 },
    (_, i) => ({ month: MonthNames[i], year: 2024, value: 500 + i, unit: "kWh" as const }),
  );
  const a: ModelAnswer = { isElectricityBill: o.bill ?? true, item };
  return { ok: true, answer: a, model: "scripted" };
}
const garbage: ModelOutcome = {
  ok: false,
  error: "unparseable",
  detail: "Model answer is not JSON",
  model: "scripted",
};

Deno.test("stops after the first attempt when usageByMonth has 12 months", async () => {
  const m = new ScriptedModel([answer({ months: 12 }), answer()]);
  const r = await extractWithRetries(m, doc);
  assert.ok(r.ok);
  assert.equal(m.calls.length, 1);
  assert.equal(r.stop, "twelve_months");
});

Deno.test("stops when the answer does not change between attempts", async () => {
  const m = new ScriptedModel([answer({ months: 4 }), answer({ months: 4 }), answer({ months: 12 })]);
  const r = await extractWithRetries(m, doc);
  assert.ok(r.ok);
  assert.equal(m.calls.length, 2);
  assert.equal(r.stop, "unchanged");
});

Deno.test("retries while supplyRatePerKwh is missing, telling the model what it missed, and keeps the best answer", async () => {
  const m = new ScriptedModel([
    answer({ supply: "" }),
    answer({ supply: "", months: 5 }),
    answer({ supply: "0.0651", months: 6 }),
  ]);
  const r = await extractWithRetries(m, doc);
  assert.ok(r.ok);
  assert.equal(m.calls.length, 3);
  assert.equal(m.calls[1].hint, "missed supplyRatePerKwh");
  assert.equal(r.answer.item.electricityUsage.supplyRatePerKwh, "0.0651");
  assert.deepEqual(r.attempts.map((a) => a.hasSupplyRate), [false, false, true]);
});

Deno.test("never calls the model more than 3 times", async () => {
  const m = new ScriptedModel([
    answer({ supply: "" }),
    answer({ supply: "", months: 2 }),
    answer({ supply: "", months: 1 }),
    answer({ months: 12 }),
  ]);
  const r = await extractWithRetries(m, doc);
  assert.ok(r.ok);
  assert.equal(m.calls.length, 3);
  assert.equal(r.stop, "max_attempts");
  assert.equal(r.answer.item.electricityUsage.usageByMonth.length, 3, "the most complete answer wins");
});

Deno.test("an unparseable answer is retried; three of them are 500 processing_failed", async () => {
  const recovered = await extractWithRetries(new ScriptedModel([garbage, answer({ months: 12 })]), doc);
  assert.ok(recovered.ok);
  assert.equal(recovered.attempts[0].ok, false);
  await assert.rejects(extractBill(new ScriptedModel([garbage, garbage, garbage]), doc), (e: unknown) => {
    assert.ok(e instanceof DomainError);
    assert.equal(statusOf(e), 500);
    assert.equal(e.code, "processing_failed");
    return true;
  });
});

Deno.test("no customer name or service address after all attempts is 400 incomplete_bill", async () => {
  const m = new ScriptedModel([
    answer({ name: "" }),
    answer({ name: "", months: 5 }),
    answer({ name: "", months: 6 }),
  ]);
  await assert.rejects(extractBill(m, doc), (e: unknown) => {
    assert.ok(e instanceof DomainError);
    assert.equal(e.code, "incomplete_bill");
    assert.deepEqual((e.details as { missing: string[] }).missing, ["customerName"]);
    return true;
  });
  assert.equal(m.calls.length, 3, "the name was retried for before giving up");
  await assert.rejects(
    extractBill(new ScriptedModel([answer({ street: "", months: 12 })]), doc),
    /serviceAddress/,
  );
});

Deno.test("a document the model says is not an electricity bill is 400 invalid_file_type", async () => {
  await assert.rejects(
    extractBill(new ScriptedModel([answer({ bill: false })]), doc),
    (e: unknown) => e instanceof DomainError && e.code === "invalid_file_type",
  );
});
