import type { BillDocument, BillModel, ModelOutcome } from "./model.ts";
import type { ModelAnswer } from "./schema.ts";

export const MAX_ATTEMPTS = 3;

export interface AttemptRecord {
  attempt: number;
  ok: boolean;
  error?: string;
  detail?: string;
  months?: number;
  hasSupplyRate?: boolean;
  ms: number;
}

export type LoopResult =
  | { ok: true; answer: ModelAnswer; model: string; attempts: AttemptRecord[]; stop: string }
  | { ok: false; model: string; attempts: AttemptRecord[]; detail: string };

const months = (a: ModelAnswer) => a.item.electricityUsage.usageByMonth.length;
const hasSupply = (a: ModelAnswer) => a.item.electricityUsage.supplyRatePerKwh.trim() !== "";
const score = (a: ModelAnswer) =>
  Math.min(months(a), 12) + (hasSupply(a) ? 20 : 0) +
  (a.item.customerInformation.customerName ? 40 : 0) +
  (a.item.customerInformation.serviceAddress.line1 ? 40 : 0);

/**
 * SPEC "Bill extraction retry logic": up to 3 model calls; stop once usageByMonth has 12 months or the
 * answer equals the previous one; retry while supplyRatePerKwh is missing (or the answer is unusable).
 * Of the usable answers the most complete is kept (later wins a tie).
 */
export async function extractWithRetries(
  model: BillModel,
  doc: BillDocument,
  maxAttempts = MAX_ATTEMPTS,
): Promise<LoopResult> {
  const attempts: AttemptRecord[] = [];
  let best: { answer: ModelAnswer; model: string } | undefined;
  let previous: string | undefined;
  let hint: string | undefined;
  let lastDetail = "";
  for (let n = 1; n <= maxAttempts; n++) {
    const started = performance.now();
    const out: ModelOutcome = await model.extract(doc, n, hint);
    const ms = Math.round(performance.now() - started);
    if (!out.ok) {
      attempts.push({ attempt: n, ok: false, error: out.error, detail: out.detail.slice(0, 500), ms });
      lastDetail = `${out.error}: ${out.detail}`;
      hint = "returned an answer that did not match the schema";
      continue;
    }
    const a = out.answer;
    attempts.push({ attempt: n, ok: true, months: months(a), hasSupplyRate: hasSupply(a), ms });
    if (!best || score(a) >= score(best.answer)) best = { answer: a, model: out.model };
    if (!a.isElectricityBill) return { ok: true, answer: a, model: out.model, attempts, stop: "not_a_bill" };
    if (months(a) >= 12) return { ok: true, ...best, attempts, stop: "twelve_months" };
    const fingerprint = JSON.stringify(a);
    if (fingerprint === previous) return { ok: true, ...best, attempts, stop: "unchanged" };
    previous = fingerprint;
    hint = hasSupply(a) ? `found only ${months(a)} months of usage history` : "missed supplyRatePerKwh";
  }
  if (!best) return { ok: false, model: model.name, attempts, detail: lastDetail };
  return { ok: true, ...best, attempts, stop: "max_attempts" };
}
