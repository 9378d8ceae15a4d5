// npm run bench:extract [-- --verbose] [--real-only | --synthetic-only] [--only LAYOUT,…] [--synthetic DIR]   (DIR: another generated corpus, e.g. a held-out seed)
//   [--images-only]: of the synthetic corpus, only the scanned-looking image bills; [--dev-only]: only the
//   layouts that are not sealed (SEALED_LAYOUTS), for looking at failures without seeing a sealed bill
//   [--no-places]: without the gazetteer check of read addresses (shared/bills/address_check.ts) that the
//   service applies; by default the bench creates a migrated database on the local PostgreSQL (TEST_DATABASE_URL,
//   as the tests do) for the reference data and drops it at the end
//   [--phone-photos [DIR]]: only the synthetic phone photos (dev layouts' bills photographed at an angle on a
//   table, unevenly lit, blurred, JPEG; scripts/bills/make_phone_photos.ts), default tests/fixtures/bills/photos_synthetic
//   [--model embedded|gemini|openai]: the same harness against a real model when its key/endpoint is set
//   (scripts/bench/model_option.ts; without it a clear message and nothing is run). Leave-one-utility-out
//   turns rules of the embedded reader off, so it runs for the embedded reader only.
//   [--exact-names]: utility names compared as strings (before round 17), not as names of one company
//   (scripts/bills/utility_names.ts: a legal form set aside, a brand and its long name from the reference table).
// The embedded extraction engine against ground truths, field by field:
// - real bills: per utility and overall, fields right / filled wrongly / left empty, bills refused; then
//   leave-one-utility-out: each utility's bills read with every rule that utility's bills shaped turned off
//   (rules carry a `shapedBy` tag, shared/bills/embedded/rules.ts), and its strict totals: the general rules a
//   utility's bills prompted (`promptedBy`) off as well; a bill whose text outlasts DOCUMENT_TEXT_TIMEOUT_SECONDS
//   is scored as read with nothing and listed as "timed out" under its table;
// - real bills as photos (re-rendered pages, rotated/noised; tests/fixtures/bills/real/photos), when present;
// - the synthetic corpus (8 layouts the reader was written with + 6 held-out layouts, text PDFs and
//   scanned-looking images), with the two groups' totals, and times.
import { EmbeddedBillModel } from "../../shared/bills/embedded_model.ts";
import type { BillModel } from "../../shared/bills/model.ts";
import { benchModel } from "./model_option.ts";
import { closeOcr } from "../../shared/documents/ocr.ts";
import { gazetteerPlaces } from "../../shared/geo/zip_places.ts";
import { errorText } from "../../shared/log.ts";
import { createTestDatabase } from "../../tests/support/db.ts";
import type { DocumentText } from "../../shared/documents/document_text.ts";
import { type Case, family, realCases, runCase, type Scored, syntheticCases } from "../bills/accuracy.ts";
import { HELD_OUT_LAYOUTS, SEALED_AFTER_LAST_CHANGE, SEALED_LAYOUTS } from "../bills/layouts_heldout.ts";
import { compareNamesExactly } from "../bills/utility_names.ts";

const verbose = Deno.args.includes("--verbose");
compareNamesExactly(Deno.args.includes("--exact-names"));
const realOnly = Deno.args.includes("--real-only");
const picked = benchModel(Deno.args);
if ("error" in picked) {
  console.error(picked.error);
  Deno.exit(2);
}
const chosen = picked;
const embedded = chosen.kind === "embedded";
console.log(`reader: ${chosen.kind}`);
const pct = (a: number, b: number) => `${(100 * a / Math.max(1, b)).toFixed(1)}%`;

function sums(results: Scored[]) {
  const total = results.reduce((s, r) => s + r.total, 0);
  const right = results.reduce((s, r) => s + r.right, 0);
  const wrong = results.reduce((s, r) => s + r.filledWrong, 0);
  const empty = results.reduce((s, r) => s + r.empty, 0);
  return { total, right, wrong, empty, refused: results.filter((r) => r.refused).length };
}

function line(label: string, results: Scored[]) {
  const s = sums(results);
  return `  ${label.padEnd(14)} ${String(results.length).padStart(5)} ${
    `${s.right}/${s.total}`.padStart(9)
  } ${pct(s.right, s.total).padStart(7)} ${String(s.wrong).padStart(6)} ${
    pct(s.wrong, s.total).padStart(6)
  } ${String(s.empty).padStart(6)} ${pct(s.empty, s.total).padStart(6)} ${String(s.refused).padStart(8)}`;
}

/** Per utility and overall: fields right, filled wrongly, left empty; bills refused. */
function table(title: string, results: Scored[]) {
  console.log(`\n== ${title}`);
  console.log(
    `  ${"utility".padEnd(14)} ${"bills".padStart(5)} ${"right".padStart(9)} ${"".padStart(7)} ${
      "wrong".padStart(6)
    } ${"".padStart(6)} ${"empty".padStart(6)} ${"".padStart(6)} ${"refused".padStart(8)}`,
  );
  for (const u of [...new Set(results.map((r) => r.utility))].sort()) {
    console.log(line(u, results.filter((r) => r.utility === u)));
  }
  console.log(line("ALL", results));
  // a document whose text was not read within its limits (DOCUMENT_TEXT_TIMEOUT_SECONDS) is scored as read
  // with nothing: its fields are in the empty column above
  for (const r of results.filter((r) => r.timedOut !== undefined)) {
    console.log(`  timed out: ${r.id} (${r.timedOut}); every field counted empty`);
  }
  if (verbose) {
    for (const r of results) {
      for (const w of r.wrong) {
        console.log(
          `    ${r.id.padEnd(40)} ${w.field.padEnd(28)} want ${JSON.stringify(w.want)} got ${
            JSON.stringify(w.got)
          }`,
        );
      }
    }
  }
}

function fields(results: Scored[]) {
  const byField = new Map<string, { right: number; total: number }>();
  for (const r of results) {
    for (const c of r.checked) {
      const f = byField.get(family(c.field)) ?? { right: 0, total: 0 };
      f.total++;
      if (c.ok) f.right++;
      byField.set(family(c.field), f);
    }
  }
  for (const [k, v] of [...byField.entries()].sort()) {
    console.log(`    ${k.padEnd(28)} ${pct(v.right, v.total).padStart(7)}  (${v.right}/${v.total})`);
  }
}

function times(all: Scored[]) {
  const results = all.filter((r) => r.timedOut === undefined);
  const pdf = results.filter((r) => r.kind === "pdf" && r.ocrPages === 0);
  const img = results.filter((r) => r.kind === "image");
  if (pdf.length) {
    const ms = pdf.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `  time per text PDF bill (${pdf.length}): mean ${
        (ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(0)
      } ms, median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, max ${ms[ms.length - 1].toFixed(0)} ms`,
    );
  }
  for (const r of results.filter((r) => r.kind === "pdf" && r.ocrPages > 0)) {
    console.log(`  ${r.id}: ${r.pages} pages of which ${r.ocrPages} OCR: ${r.ms.toFixed(0)} ms`);
  }
  if (img.length) {
    const perPage = img.map((r) => r.ms / r.pages).sort((a, b) => a - b);
    const s = sums(img);
    console.log(
      `  time per image page: mean ${
        (perPage.reduce((a, b) => a + b, 0) / perPage.length / 1000).toFixed(2)
      } s, max ${(perPage[perPage.length - 1] / 1000).toFixed(2)} s; image-only: right ${
        pct(s.right, s.total)
      }, wrong ${pct(s.wrong, s.total)}`,
    );
    const t = sums(pdf);
    if (pdf.length) {
      console.log(`  text-PDF-only: right ${pct(t.right, t.total)}, wrong ${pct(t.wrong, t.total)}`);
    }
  }
}

// the service's check of read addresses against the gazetteer, on a throwaway migrated database
// (without a reachable PostgreSQL the bench still runs, unchecked, and says so)
const placesDb = Deno.args.includes("--no-places") ? undefined : await createTestDatabase().catch((e) => {
  console.log(`addresses not checked: no database for the gazetteer (${errorText(e)})`);
  return undefined;
});
const places = placesDb && gazetteerPlaces(placesDb.sql);
if (places) console.log("addresses checked against the gazetteer");
else if (Deno.args.includes("--no-places")) console.log("addresses not checked (--no-places)");

// each document is read (text layer, OCR) once; the leave-one-out runs reuse the text
const texts = new Map<string, Promise<DocumentText>>();

async function run(cases: Case[], model: BillModel = embedded ? new EmbeddedBillModel() : chosen.model) {
  const out: Scored[] = [];
  for (const c of cases) out.push(await runCase(model, c, texts, places));
  return out;
}

/**
 * Each utility's bills read by a reader with the rules that utility's bills shaped turned off; `strict`: also the
 * general rules its bills prompted (shared/bills/embedded/rules.ts `promptedBy`).
 */
async function leaveOneUtilityOut(cases: Case[], strict = false) {
  const out: Scored[] = [];
  for (const u of [...new Set(cases.map((c) => c.utility))]) {
    out.push(
      ...await run(
        cases.filter((c) => c.utility === u),
        new EmbeddedBillModel({ withoutRulesShapedBy: [u], strictLeaveOut: strict }),
      ),
    );
  }
  return out;
}

/** The strict leave-one-out's totals only (rules a utility's bill prompted off too). */
async function strictLine(cases: Case[]) {
  console.log(line("strict ALL", await leaveOneUtilityOut(cases, true)));
  console.log(
    "  (strict: the general rules each utility's bills prompted, rules.ts promptedBy, off as well)",
  );
}

/** The synthetic phone-photo set on its own (--phone-photos). */
async function phonePhotos(dir: string) {
  const p = await run(await syntheticCases(dir));
  table(`synthetic phone photos (${dir})`, p);
  fields(p);
  times(p);
}

const phoneAt = Deno.args.indexOf("--phone-photos");
try {
  if (phoneAt >= 0) {
    const dir = Deno.args[phoneAt + 1];
    await phonePhotos(dir && !dir.startsWith("--") ? dir : "tests/fixtures/bills/photos_synthetic");
  } else {
    // warm-up (module loading, pdf.js) is not billed to the first bill
    const realAll = await realCases("tests/fixtures/bills/real");
    const skipReal = Deno.args.includes("--synthetic-only");
    const real = skipReal ? [] : realAll.filter((c) => c.kind === "pdf");
    const photos = skipReal ? [] : realAll.filter((c) => c.kind === "image");
    await runCase(embedded ? new EmbeddedBillModel() : chosen.model, realAll[0]);
    texts.clear();
    if (real.length) {
      const r = await run(real);
      table("real bills (text-layer PDFs), all rules", r);
      times(r);
      if (embedded) {
        const loo = await leaveOneUtilityOut(real);
        table("real bills, leave-one-utility-out (rules shaped by the bill's own utility off)", loo);
        await strictLine(real);
      }
    }
    if (photos.length) {
      const p = await run(photos);
      table("real bills as photos/scans (OCR), all rules", p);
      times(p);
      if (embedded) {
        table("real bills as photos/scans, leave-one-utility-out", await leaveOneUtilityOut(photos));
        await strictLine(photos);
      }
    }
    if (!realOnly && embedded) {
      const at = Deno.args.indexOf("--synthetic");
      const synthDir = at >= 0 ? Deno.args[at + 1] : "tests/fixtures/bills/synthetic";
      const only = Deno.args.includes("--only")
        ? Deno.args[Deno.args.indexOf("--only") + 1].split(",")
        : undefined;
      const imagesOnly = Deno.args.includes("--images-only");
      const devOnly = Deno.args.includes("--dev-only");
      const s = await run(
        (await syntheticCases(synthDir)).filter((c) =>
          (!only || only.includes(c.utility)) && (!imagesOnly || c.kind === "image") &&
          (!devOnly || !SEALED_LAYOUTS.includes(c.utility))
        ),
      );
      table(`synthetic corpus (${synthDir})`, s);
      // the layouts written from other utilities' public bill guides after the reader (layouts_heldout.ts);
      // the sealed ones were never looked at while the reader was changed
      const held = Object.keys(HELD_OUT_LAYOUTS);
      const dev = held.filter((l) => !SEALED_LAYOUTS.includes(l));
      const groups: [string, Scored[]][] = [
        ["original", s.filter((r) => !held.includes(r.utility))],
        [`held-out ${held.length}`, s.filter((r) => held.includes(r.utility))],
        [`  dev ${dev.length}`, s.filter((r) => dev.includes(r.utility))],
        [
          `  sealed ${SEALED_LAYOUTS.length - SEALED_AFTER_LAST_CHANGE.length}`,
          s.filter((r) =>
            SEALED_LAYOUTS.includes(r.utility) && !SEALED_AFTER_LAST_CHANGE.includes(r.utility)
          ),
        ],
        [
          `  sealed last ${SEALED_AFTER_LAST_CHANGE.length}`,
          s.filter((r) => SEALED_AFTER_LAST_CHANGE.includes(r.utility)),
        ],
      ];
      for (const [label, rs] of groups) if (rs.length) console.log(line(label, rs));
      fields(s);
      times(s);
    }
  }
} finally {
  await closeOcr();
  await placesDb?.drop();
}
