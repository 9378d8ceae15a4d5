// deno run -A scripts/bills/calibrate.ts [--images] [--no-places] [--save FILE | --load FILE] [--lambda N]
//   [--families] (the meters and the usage history thresholded too, simulated; --load needs a --families save)
// Per-field confidence thresholds of the embedded reader, chosen and scored by leave-one-layout-out
// cross-validation on the synthetic layouts that are not sealed (SEALED_LAYOUTS are never read here).
//
// Each bill (text PDFs; with --images also the scanned-looking images) is read once (text layer or OCR) and
// parsed twice, through extractBill as the bench reads it (normalised, addresses checked against the gazetteer
// unless --no-places): with the reader's thresholds (the baseline: the bench's figures exactly) and with a
// near-zero one (ParseOptions.minConfidence = 0.01; a value the reader itself zeroed, e.g. from unsure OCR
// words, stays empty) for the values the thresholds leave empty and every confidence. For every field the
// reader thresholds (the keys of parse_bill.ts's `blank`) the script records its confidence and, per scored key
// (an address's line1/city/state/zip), whether the value kept is right, wrong or empty, and what leaving it
// empty scores. A threshold t then leaves the field empty where its confidence < t (a simulation: fields derived
// after the threshold, the market state and a past-due amount inferred from the amount due, are not re-derived;
// a chosen table is to be re-measured with the bench).
//
// Cost of a threshold on a field: 3 x wrong + empty (LAMBDA: a wrong value costs three empty ones; the
// homeowner fills an empty field in, a wrong one goes unnoticed into the report). For each held-out layout
// the thresholds (grid GRID, ties to the one nearest MIN_CONFIDENCE) are chosen on the other layouts' bills and
// the held-out layout's bills are scored with them; the printed figures are the sums over the held-out layouts,
// against the same bills at MIN_CONFIDENCE for every field. Last, the thresholds chosen on all layouts.
import { EmbeddedBillModel } from "../../shared/bills/embedded_model.ts";
import { MIN_CONFIDENCE } from "../../shared/bills/embedded/confidence.ts";
import type { BillModel, ModelOutcome } from "../../shared/bills/model.ts";
import type { BillDocument } from "../../shared/bills/model.ts";
import { closeOcr } from "../../shared/documents/ocr.ts";
import { gazetteerPlaces } from "../../shared/geo/zip_places.ts";
import { createTestDatabase } from "../../tests/support/db.ts";
import { emptyAddress, emptyItem } from "../../shared/bills/schema.ts";
import { type Case, runCase, score, syntheticCases } from "./accuracy.ts";
import { SEALED_LAYOUTS } from "./layouts_heldout.ts";

/** A wrong value costs this many empty ones (--lambda N for another). */
const at = Deno.args.indexOf("--lambda");
const LAMBDA = at >= 0 ? Number(Deno.args[at + 1]) : 3;
/** Candidate thresholds. */
const GRID = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
const RECORD_AT = 0.01;

type Outcome = "right" | "wrong" | "empty";
/** One thresholded field of one bill: its confidence, and per scored key the outcome kept and left empty. */
interface FieldRecord {
  field: string;
  conf: number;
  keys: { key: string; kept: Outcome; blank: Outcome }[];
}
interface BillRecord {
  id: string;
  layout: string;
  kind: string;
  fields: FieldRecord[];
  /** Scored keys outside the thresholded fields (meters, usage, marketState): right/wrong/empty counts. */
  rest: Record<Outcome, number>;
}

/** The thresholded fields (parse_bill.ts `blank`) and the scored keys each covers. */
const FIELDS = [
  "customerName",
  "accountNumber",
  "serviceNumber",
  "serviceAddress",
  "billingAddress",
  "utilityProviderName",
  "invoiceDate",
  "dueDate",
  "billingPeriodStart",
  "billingPeriodEnd",
  "amountDue",
  "pastDue",
  "electricRate",
  "electricityTier",
  "supplyRatePerKwh",
  "fixedMonthlyCharge",
];
/**
 * --families: the meters and the usage history thresholded too, as a whole (their confidences exist, but
 * parseBill has no "leave empty" for them: a simulation of what one would do).
 */
const families = Deno.args.includes("--families");
const USED = families ? [...FIELDS, "meters", "usageByMonth"] : FIELDS;
const fieldOf = (key: string) =>
  families && key.startsWith("meters")
    ? "meters"
    : families && key.startsWith("usage.")
    ? "usageByMonth"
    : FIELDS.find((f) => key === f || key.startsWith(`${f}.`));

function outcomeOf(s: ReturnType<typeof score>, key: string): Outcome {
  const c = s.checked.find((x) => x.field === key);
  if (!c || c.ok) return "right";
  const w = s.wrong.find((x) => x.field === key)!;
  // as accuracy.ts score() counts: no value, or no meter where the truth has some, is empty
  return w.got === "" || w.got === "(none)" || (key === "meters.count" && w.got === "0") ? "empty" : "wrong";
}

/** A model reading with these thresholds that hands the read item's confidences to `seen`. */
function capturing(
  minConfidence: number | undefined,
  seen: (conf: Record<string, number>) => void,
): BillModel {
  const inner = new EmbeddedBillModel({ minConfidence });
  return {
    name: inner.name,
    async extract(doc: BillDocument): Promise<ModelOutcome> {
      const out = await inner.extract(doc);
      if (out.ok) seen((out.answer.item as { confidence?: Record<string, number> }).confidence ?? {});
      return out;
    },
  };
}

/**
 * Reads a case twice on one document text: with the reader's thresholds (the baseline, exactly what the bench
 * scores) and with the near-zero one (the values the thresholds leave empty, and every confidence).
 */
async function record(c: Case, places: Parameters<typeof runCase>[3]): Promise<BillRecord> {
  const texts = new Map();
  let item = emptyItem();
  const scored = await runCase(capturing(undefined, () => {}), c, texts, places, (i) => (item = i));
  let confidence: Record<string, number> = {};
  const low = await runCase(capturing(RECORD_AT, (conf) => (confidence = conf)), c, texts, places);
  const fields: FieldRecord[] = [];
  const rest: Record<Outcome, number> = { right: 0, wrong: 0, empty: 0 };
  const byField = new Map<string, string[]>();
  for (const k of scored.checked.map((x) => x.field)) {
    const f = fieldOf(k);
    if (f) byField.set(f, [...byField.get(f) ?? [], k]);
    else rest[outcomeOf(scored, k)]++;
  }
  for (const [f, keys] of byField) {
    // a field the reader did not fill carries no confidence: nothing for a threshold to do
    const conf = confidence[f] ?? 1;
    if (conf < MIN_CONFIDENCE && FIELDS.includes(f)) {
      // left empty by the reader: kept only by a lower threshold, as the near-zero reading read it
      fields.push({
        field: f,
        conf,
        keys: keys.map((k) => ({ key: k, kept: outcomeOf(low, k), blank: outcomeOf(scored, k) })),
      });
      continue;
    }
    // kept by the reader: the same bill with this one field left empty
    const blanked = structuredClone(item);
    const ci = blanked.customerInformation, bi = blanked.billingInformation, eu = blanked.electricityUsage;
    if (f === "serviceAddress") ci.serviceAddress = emptyAddress();
    else if (f === "billingAddress") bi.billingAddress = emptyAddress();
    else if (f === "fixedMonthlyCharge") delete eu.fixedMonthlyCharge;
    else if (f === "meters") eu.meters = [];
    else if (f === "usageByMonth") eu.usageByMonth = [];
    else if (f in ci) (ci as unknown as Record<string, string>)[f] = "";
    else if (f in bi) (bi as unknown as Record<string, string>)[f] = "";
    else (eu as unknown as Record<string, string>)[f] = "";
    const b = score(c.truth, blanked);
    fields.push({
      field: f,
      conf,
      keys: keys.map((k) => ({ key: k, kept: outcomeOf(scored, k), blank: outcomeOf(b, k) })),
    });
  }
  return { id: c.id, layout: c.utility, kind: c.kind, fields, rest };
}

type Totals = Record<Outcome, number>;
const zero = (): Totals => ({ right: 0, wrong: 0, empty: 0 });
const cost = (t: Totals) => LAMBDA * t.wrong + t.empty;

/** One field's outcomes at threshold t over some bills. */
function fieldTotals(bills: BillRecord[], field: string, t: number, into = zero()): Totals {
  for (const b of bills) {
    for (const f of b.fields) {
      if (f.field !== field) continue;
      for (const k of f.keys) into[f.conf < t ? k.blank : k.kept]++;
    }
  }
  return into;
}

/** Every scored key of some bills with the given thresholds (a field absent from `th` at MIN_CONFIDENCE). */
function totals(bills: BillRecord[], th: Record<string, number>): Totals {
  const out = zero();
  for (const b of bills) for (const o of ["right", "wrong", "empty"] as const) out[o] += b.rest[o];
  for (const f of USED) fieldTotals(bills, f, th[f] ?? MIN_CONFIDENCE, out);
  return out;
}

/** Per field, the grid threshold of least cost on these bills (ties: the one nearest MIN_CONFIDENCE). */
function choose(bills: BillRecord[]): Record<string, number> {
  const th: Record<string, number> = {};
  for (const f of USED) {
    let best = MIN_CONFIDENCE, bestCost = cost(fieldTotals(bills, f, MIN_CONFIDENCE));
    for (const t of GRID) {
      const c = cost(fieldTotals(bills, f, t));
      if (
        c < bestCost || (c === bestCost && Math.abs(t - MIN_CONFIDENCE) < Math.abs(best - MIN_CONFIDENCE))
      ) {
        [best, bestCost] = [t, c];
      }
    }
    th[f] = best;
  }
  return th;
}

const pct = (a: number, b: number) => `${(100 * a / Math.max(1, b)).toFixed(2)}%`;
const show = (label: string, t: Totals) => {
  const n = t.right + t.wrong + t.empty;
  console.log(
    `  ${label.padEnd(34)} right ${String(t.right).padStart(6)} ${pct(t.right, n).padStart(7)}  wrong ${
      String(t.wrong).padStart(4)
    } ${pct(t.wrong, n).padStart(6)}  empty ${String(t.empty).padStart(5)} ${pct(t.empty, n).padStart(6)}`,
  );
};

/** Leave-one-layout-out: the held-out layout scored with thresholds chosen on the others. */
function crossValidate(bills: BillRecord[]) {
  const layouts = [...new Set(bills.map((b) => b.layout))].sort();
  const before = zero(), after = zero();
  const chosen = new Map<string, number[]>();
  for (const l of layouts) {
    const train = bills.filter((b) => b.layout !== l), test = bills.filter((b) => b.layout === l);
    const th = choose(train);
    for (const [f, t] of Object.entries(th)) chosen.set(f, [...chosen.get(f) ?? [], t]);
    const b = totals(test, {}), a = totals(test, th);
    for (const o of ["right", "wrong", "empty"] as const) {
      [before[o], after[o]] = [before[o] + b[o], after[o] + a[o]];
    }
  }
  return { layouts, before, after, chosen };
}

if (import.meta.main) {
  const arg = (name: string) => Deno.args.includes(name) ? Deno.args[Deno.args.indexOf(name) + 1] : undefined;
  let bills: BillRecord[];
  const load = arg("--load");
  if (load) bills = JSON.parse(await Deno.readTextFile(load));
  else {
    const images = Deno.args.includes("--images");
    const cases = (await syntheticCases("tests/fixtures/bills/synthetic")).filter((c) =>
      !SEALED_LAYOUTS.includes(c.utility) && (images || c.kind === "pdf")
    );
    const db = Deno.args.includes("--no-places") ? undefined : await createTestDatabase();
    const places = db && gazetteerPlaces(db.sql);
    bills = [];
    try {
      for (const c of cases) bills.push(await record(c, places));
    } finally {
      await closeOcr();
      await db?.drop();
    }
    const save = arg("--save");
    if (save) await Deno.writeTextFile(save, JSON.stringify(bills));
  }
  const { layouts, before, after, chosen } = crossValidate(bills);
  console.log(
    `${bills.length} bills (${
      [...new Set(bills.map((b) => b.kind))].join(", ")
    }) of ${layouts.length} non-sealed layouts; ` +
      `cost = ${LAMBDA} x wrong + empty; leave-one-layout-out:`,
  );
  show(`one threshold (${MIN_CONFIDENCE})`, before);
  show("per-field thresholds, cross-validated", after);
  const all = choose(bills);
  console.log("\nthresholds chosen on all layouts (range over the folds):");
  for (const f of USED) {
    const ts = chosen.get(f)!;
    const at = fieldTotals(bills, f, all[f]), base = fieldTotals(bills, f, MIN_CONFIDENCE);
    console.log(
      `  ${f.padEnd(20)} ${all[f].toFixed(2)}  (folds ${Math.min(...ts).toFixed(2)}-${
        Math.max(...ts).toFixed(2)
      })  right ${base.right}->${at.right}  wrong ${base.wrong}->${at.wrong}  empty ${base.empty}->${at.empty}`,
    );
  }
  show("all layouts, in-sample (optimistic)", totals(bills, all));
  // how well confidence separates right from wrong: the thresholded fields' scored keys per confidence band
  console.log("\nthresholded fields' values by confidence (scored keys kept: right / wrong):");
  for (let i = 0; i < 10; i++) {
    const band = zero();
    for (const b of bills) {
      for (const f of b.fields) {
        if (Math.min(9, Math.floor(f.conf * 10 + 1e-9)) !== i) continue;
        for (const k of f.keys) band[k.kept]++;
      }
    }
    if (band.right + band.wrong) {
      console.log(
        `  ${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)}  right ${band.right}  wrong ${band.wrong}`,
      );
    }
  }
  const rest = zero();
  for (const b of bills) for (const o of ["right", "wrong", "empty"] as const) rest[o] += b.rest[o];
  console.log(`  not thresholded: right ${rest.right}  wrong ${rest.wrong}`);
}
