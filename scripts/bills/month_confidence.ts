// deno run -A scripts/bills/month_confidence.ts [--cache FILE] [--synthetic DIR | --real | --phone-photos] [--list]
// The per-month and per-meter confidence of the embedded reader (docs/bills.md "Per-month and per-meter
// confidence"), before and after, in one run: each non-sealed synthetic bill (--real: the real bills, PDFs and
// photos; --phone-photos: the synthetic phone photos) is read once (text layer or OCR; with --cache the
// texts are kept in FILE for the next run) and parsed twice through extractBill as the bench reads it
// (normalised, addresses checked against the gazetteer): with the per-month / per-meter thresholds off
// (ParseOptions.itemMinConfidence = 0, the reader before) and on (the reader's default). Prints right / wrong /
// empty of the history months and the meters' keys, of every field, and (--list) each key that changed.
import { EmbeddedBillModel } from "../../shared/bills/embedded_model.ts";
import { loadTexts, saveTexts } from "./text_cache.ts";
import { closeOcr } from "../../shared/documents/ocr.ts";
import { gazetteerPlaces } from "../../shared/geo/zip_places.ts";
import { createTestDatabase } from "../../tests/support/db.ts";
import type { ItemWithConfidence, MeterWithConfidence } from "../../shared/bills/schema.ts";
import { type Case, realCases, runCase, type Scored, syntheticCases } from "./accuracy.ts";
import { SEALED_LAYOUTS } from "./layouts_heldout.ts";

const arg = (name: string) => (Deno.args.includes(name) ? Deno.args[Deno.args.indexOf(name) + 1] : undefined);
const cacheFile = arg("--cache");
const dir = arg("--synthetic") ?? "tests/fixtures/bills/synthetic";
const set = Deno.args.includes("--real")
  ? "real"
  : Deno.args.includes("--phone-photos")
  ? "phone"
  : "synthetic";
const cases: Case[] = set === "real"
  ? await realCases("tests/fixtures/bills/real")
  : set === "phone"
  ? await syntheticCases("tests/fixtures/bills/photos_synthetic")
  : (await syntheticCases(dir)).filter((c) => !SEALED_LAYOUTS.includes(c.utility));

const texts = await loadTexts(cacheFile);

const db = await createTestDatabase();
const places = gazetteerPlaces(db.sql);
const before = new EmbeddedBillModel({ itemMinConfidence: 0 });
const after = new EmbeddedBillModel();
type Tally = { right: number; wrong: number; empty: number };
const tally = () => ({ right: 0, wrong: 0, empty: 0 });
const sums = {
  before: { hist: tally(), meters: tally(), all: tally(), pdf: tally(), image: tally() },
  after: { hist: tally(), meters: tally(), all: tally(), pdf: tally(), image: tally() },
};
const changed: string[] = [];
const bins = new Map<string, Tally>();
const wrongs: string[] = [];
/** The keys read under the gate's READING_MIN_CONFIDENCE (0.6): marked to confirm. */
const unsure: string[] = [];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const add = (t: Tally, ok: boolean, emptyGot: boolean) => ok ? t.right++ : emptyGot ? t.empty++ : t.wrong++;
const outcome = (s: Scored) =>
  new Map(s.checked.map((c) => {
    const w = s.wrong.find((x) => x.field === c.field);
    // empty as the bench counts it (accuracy.ts score): nothing, or no meter read
    const empty = !w || w.got === "" || w.got === "(none)" || (c.field === "meters.count" && w.got === "0");
    return [c.field, c.ok ? "right" : empty ? "empty" : `wrong(${w.got})`];
  }));
try {
  let n = 0;
  for (const c of cases) {
    let item: ItemWithConfidence | undefined;
    const b = await runCase(before, c, texts, places, (i) => (item = i));
    // the confidence of each scored month and meter key, as the reader before (nothing left out) gave it
    for (const [k, o] of outcome(b)) {
      const m = k.match(/^usage\.(\d{4})-(\w{3})\w*$/);
      const mi = k.match(/^meters\[(\d+)\]/);
      const conf = m
        ? item?.monthConfidence?.[`${m[1]}-${String(MONTHS.indexOf(m[2]) + 1).padStart(2, "0")}`]
        : mi
        ? (item?.electricityUsage.meters[Number(mi[1])] as MeterWithConfidence | undefined)?.confidence
        : undefined;
      if (conf === undefined) continue;
      const bin = `${m ? "month" : "meter"} ${Math.min(0.9, Math.floor(conf * 10) / 10).toFixed(1)}`;
      const e = bins.get(bin) ?? tally();
      add(e, o === "right", o === "empty");
      bins.set(bin, e);
      if (o.startsWith("wrong")) wrongs.push(`${c.id} ${k} ${o} conf ${conf}`);
      if (conf < 0.6) unsure.push(`${c.id} ${k} ${o} conf ${conf}`);
    }
    const a = await runCase(after, c, texts, places);
    for (const [which, s] of [["before", b], ["after", a]] as const) {
      for (const [k, o] of outcome(s)) {
        const fam = k.startsWith("usage.") ? "hist" : k.startsWith("meters") ? "meters" : undefined;
        const ok = o === "right", emptyGot = o === "empty";
        if (fam) add(sums[which][fam], ok, emptyGot);
        add(sums[which].all, ok, emptyGot);
        add(sums[which][c.kind], ok, emptyGot);
      }
    }
    const ob = outcome(b), oa = outcome(a);
    for (const k of new Set([...ob.keys(), ...oa.keys()])) {
      if (ob.get(k) !== oa.get(k)) changed.push(`${c.id} ${k}: ${ob.get(k) ?? "-"} -> ${oa.get(k) ?? "-"}`);
    }
    if (++n % 100 === 0) console.error(`${n}/${cases.length}`);
  }
  await saveTexts(cacheFile, texts);
  const fmt = (t: Tally) => `${t.right} right / ${t.wrong} wrong / ${t.empty} empty`;
  console.log(
    set === "synthetic"
      ? `${cases.length} non-sealed synthetic bills (${dir})`
      : `${cases.length} ${set} bills`,
  );
  for (const w of ["before", "after"] as const) {
    const s = sums[w];
    const pct = (100 * s.all.right / (s.all.right + s.all.wrong + s.all.empty)).toFixed(2);
    console.log(
      `${w.padEnd(6)} history months ${fmt(s.hist)}; meters ${fmt(s.meters)}; all ${pct}% ${fmt(s.all)}`,
    );
    for (const k of ["pdf", "image"] as const) {
      const t = s[k], n = t.right + t.wrong + t.empty;
      if (n) {
        console.log(
          `       ${k}: ${(100 * t.right / n).toFixed(1)}% right, ${(100 * t.wrong / n).toFixed(1)}% wrong (${
            fmt(t)
          })`,
        );
      }
    }
  }
  console.log(`${changed.length} keys changed`);
  console.log("before, by the confidence the reader gives (month / meter keys):");
  for (const [k, t] of [...bins].sort()) console.log(`  ${k}: ${fmt(t)}`);
  if (Deno.args.includes("--list")) {
    for (const l of changed) console.log(`  ${l}`);
    console.log("wrong before:");
    for (const l of wrongs) console.log(`  ${l}`);
    console.log("under 0.6 (the gate marks them to confirm):");
    for (const l of unsure) console.log(`  ${l}`);
  }
} finally {
  await closeOcr();
  await db.drop();
}
