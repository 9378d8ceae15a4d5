// deno run -A scripts/bills/cross_checks.ts [--cache FILE] [--synthetic DIR | --real | --phone-photos [DIR]] [--list]
// The cross-checks against confident misreads (docs/bills.md "Cross-checks against confident misreads",
// shared/bills/embedded/cross_check_*.ts), before and after, in one run: each bill (default: the non-sealed
// synthetic bills) is read once (text layer or OCR; with --cache the texts are kept in FILE for the next run)
// and parsed twice through extractBill as the bench reads it (normalised, addresses checked against the
// gazetteer): with the cross-checks off (ParseOptions.crossChecks = false, the reader before) and on (the
// default). Prints right / wrong / empty of every field, text PDFs and scans apart, and (--list) each field
// that changed and each value still wrong after.
import { EmbeddedBillModel } from "../../shared/bills/embedded_model.ts";
import { loadTexts, saveTexts } from "./text_cache.ts";
import { closeOcr } from "../../shared/documents/ocr.ts";
import { gazetteerPlaces } from "../../shared/geo/zip_places.ts";
import { createTestDatabase } from "../../tests/support/db.ts";
import { type Case, realCases, runCase, type Scored, syntheticCases } from "./accuracy.ts";
import { SEALED_LAYOUTS } from "./layouts_heldout.ts";

const arg = (name: string) => {
  const i = Deno.args.indexOf(name);
  const v = i >= 0 ? Deno.args[i + 1] : undefined;
  return v && !v.startsWith("--") ? v : undefined;
};
const cacheFile = arg("--cache");
const phone = Deno.args.includes("--phone-photos");
const dir = phone
  ? arg("--phone-photos") ?? "tests/fixtures/bills/photos_synthetic"
  : arg("--synthetic") ?? "tests/fixtures/bills/synthetic";
const cases: Case[] = Deno.args.includes("--real")
  ? await realCases("tests/fixtures/bills/real")
  : (await syntheticCases(dir)).filter((c) => !SEALED_LAYOUTS.includes(c.utility));

const texts = await loadTexts(cacheFile);

const db = await createTestDatabase();
const places = gazetteerPlaces(db.sql);
const before = new EmbeddedBillModel({ crossChecks: false });
const after = new EmbeddedBillModel();
type Tally = { right: number; wrong: number; empty: number };
const tally = (): Tally => ({ right: 0, wrong: 0, empty: 0 });
const sums = {
  before: { all: tally(), pdf: tally(), image: tally() },
  after: { all: tally(), pdf: tally(), image: tally() },
};
const changed: string[] = [];
const wrongAfter: string[] = [];
const add = (t: Tally, o: string) => o === "right" ? t.right++ : o === "empty" ? t.empty++ : t.wrong++;
const outcome = (s: Scored) =>
  new Map(s.checked.map((c) => {
    const w = s.wrong.find((x) => x.field === c.field);
    // empty as the bench counts it (accuracy.ts score): nothing, or no meter read
    const empty = !w || w.got === "" || w.got === "(none)" || (c.field === "meters.count" && w.got === "0");
    return [c.field, c.ok ? "right" : empty ? "empty" : `wrong(${w.got}; want ${w.want})`];
  }));
try {
  let n = 0;
  for (const c of cases) {
    const b = await runCase(before, c, texts, places);
    const a = await runCase(after, c, texts, places);
    for (const [which, s] of [["before", b], ["after", a]] as const) {
      for (const o of outcome(s).values()) {
        add(sums[which].all, o);
        add(sums[which][c.kind], o);
      }
    }
    const ob = outcome(b), oa = outcome(a);
    for (const k of new Set([...ob.keys(), ...oa.keys()])) {
      if (ob.get(k) !== oa.get(k)) {
        changed.push(`${c.id} (${c.kind}) ${k}: ${ob.get(k) ?? "-"} -> ${oa.get(k) ?? "-"}`);
      }
      if (oa.get(k)?.startsWith("wrong")) wrongAfter.push(`${c.id} (${c.kind}) ${k}: ${oa.get(k)}`);
    }
    if (++n % 100 === 0) console.error(`${n}/${cases.length}`);
  }
  await saveTexts(cacheFile, texts);
  const fmt = (t: Tally) => {
    const n = t.right + t.wrong + t.empty;
    return `${(100 * t.right / n).toFixed(2)}% right (${t.right}/${n}) / ${t.wrong} wrong / ${t.empty} empty`;
  };
  console.log(`${cases.length} bills (${Deno.args.includes("--real") ? "real" : dir})`);
  for (const w of ["before", "after"] as const) {
    console.log(`${w.padEnd(6)} all ${fmt(sums[w].all)}`);
    for (const k of ["pdf", "image"] as const) {
      if (sums[w][k].right + sums[w][k].wrong + sums[w][k].empty) {
        console.log(`       ${k}: ${fmt(sums[w][k])}`);
      }
    }
  }
  console.log(`${changed.length} fields changed`);
  if (Deno.args.includes("--list")) {
    for (const l of changed) console.log(`  ${l}`);
    console.log("wrong after:");
    for (const l of wrongAfter) console.log(`  ${l}`);
  }
} finally {
  await closeOcr();
  await db.drop();
}
