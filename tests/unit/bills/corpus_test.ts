// The embedded engine on the fixed corpus: the accuracy targets hold on the text PDFs, one scanned image
// is read through OCR, and the real bills stay above 90% (all truths are fixed files, never computed here).
import assert from "node:assert/strict";
import { EmbeddedBillModel } from "../../../shared/bills/embedded_model.ts";
import { closeOcr } from "../../../shared/documents/ocr.ts";
import { type Case, realCases, runCase, syntheticCases } from "../../../scripts/bills/accuracy.ts";
import { HELD_OUT_LAYOUTS } from "../../../scripts/bills/layouts_heldout.ts";
import { R12_SEALED } from "../../../scripts/bills/layouts_r12.ts";
import { R13_SEALED } from "../../../scripts/bills/layouts_r13.ts";
import { R14_SEALED } from "../../../scripts/bills/layouts_r14.ts";
import { R15_SEALED } from "../../../scripts/bills/layouts_r15.ts";
import { R17_SEALED } from "../../../scripts/bills/layouts_r17.ts";
import { R18_SEALED } from "../../../scripts/bills/layouts_r18.ts";
import { R19_SEALED } from "../../../scripts/bills/layouts_r19.ts";
import { R20_SEALED } from "../../../scripts/bills/layouts_r20.ts";
import { R21_SEALED } from "../../../scripts/bills/layouts_r21.ts";
import { R22_SEALED } from "../../../scripts/bills/layouts_r22.ts";
import { R11_SEALED } from "../../../scripts/bills/layouts_r11.ts";

const dir = new URL("../../fixtures/bills/", import.meta.url).pathname;
const model = new EmbeddedBillModel();

const HELD_OUT = ["dominion", "sce", "eversource", "ameren", "entergy", "teco", "dte", "psegli"];
/** Rounds 3–5: each scored once, then the reader was changed on their failures. */
const LATER_DEV = ["ppl", "aesohio", "consumers", "reliant", "sdge", "pepco", "nvenergy"];
/** Round 6: scored once (the reader as delivered then), then dev layouts of round 7. */
const ROUND6 = ["txu", "easton"];
/** Round 7 (scored once, then dev in round 8) and round 8's dev layouts (scored once before any change). */
const ROUND8_DEV = ["pse", "paloalto", "kmpud", "rockcoop", "shell", "aelp"];
const ALL_HELD_OUT = Object.keys(HELD_OUT_LAYOUTS);

/** Fields right / total / filled wrongly over the cases (each case read by `reader(case)`); none refused. */
async function tally(cases: Case[], reader: (c: Case) => EmbeddedBillModel = () => model) {
  let right = 0, total = 0, wrong = 0;
  for (const c of cases) {
    const r = await runCase(reader(c), c);
    assert.equal(r.refused, false, `${c.id} refused`);
    right += r.right;
    total += r.total;
    wrong += r.filledWrong;
  }
  return { right, total, wrong };
}

Deno.test("synthetic text PDFs of the 8 layouts the reader was written with: >= 97% of fields exactly right", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && !ALL_HELD_OUT.includes(c.utility)
  );
  assert.ok(cases.length >= 40 && new Set(cases.map((c) => c.id.split("-")[0])).size === 8);
  const { right, total } = await tally(cases);
  assert.ok(right / total >= 0.97, `accuracy ${(100 * right / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of the 8 held-out layouts (written from other utilities' bill guides): >= 96% right, <= 1% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && HELD_OUT.includes(c.utility)
  );
  assert.equal(new Set(cases.map((c) => c.utility)).size, 8);
  const { right, total, wrong } = await tally(cases);
  // the first six before any change: 88.0% right, 2.0% filled wrongly; all eight after two rounds: 99.1%, 0.0%
  // (docs/bills.md "Layouts the reader was not written for")
  assert.ok(right / total >= 0.96, `held-out accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `held-out filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of the 7 layouts of rounds 3-5 (each scored once, then dev): >= 93% right, <= 1% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && LATER_DEV.includes(c.utility)
  );
  assert.equal(new Set(cases.map((c) => c.utility)).size, 7);
  const { right, total, wrong } = await tally(cases);
  // after round 6: 94.9% right, 0.4% filled wrongly (docs/bills.md)
  assert.ok(right / total >= 0.93, `rounds 3-5 accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `rounds 3-5 filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of the 2 round-6 layouts (txu, easton: scored once, then dev in round 7): >= 98% right, <= 1% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ROUND6.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once: 74.4% right, 2.4% filled wrongly (with two ground-truth errors fixed in round 7); after round 7:
  // 100.0%, 0.0% (docs/bills.md)
  assert.ok(right / total >= 0.98, `round-6 accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-6 filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 8's dev layouts (pse, paloalto, kmpud, rockcoop, shell, aelp): >= 98% right, <= 1% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ROUND8_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 36);
  const { right, total, wrong } = await tally(cases);
  // before round 8: 75.5% right, 2.0% filled wrongly (text PDFs); after: 98.6%, 0.4% (docs/bills.md)
  assert.ok(right / total >= 0.98, `round-8 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-8 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of the 4 layouts sealed before round 9 (concord, oge, seattle, kvremc; dev since): >= 90% right, <= 1% filled wrongly", async () => {
  const FORMER_SEALED = ["concord", "oge", "seattle", "kvremc"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && FORMER_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // scored once while sealed, with the merged reader (2026-11-24): text PDFs 91.1% right, 0.7% filled wrongly;
  // all their bills, scans included: 86.0% / 1.9% (docs/bills.md). Dev layouts of round 9 since
  assert.ok(right / total >= 0.9, `former sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `former sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 9's dev layouts (ladwp, evergy, gmp, pgeor): >= 98% right, <= 1% filled wrongly", async () => {
  const R9_DEV = ["ladwp", "evergy", "gmp", "pgeor"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R9_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of before round 9: 88.7% right, 10.0% filled wrongly (net metering read as delivered kWh);
  // after: 100.0%, 0.0% (docs/bills.md "Round 9")
  assert.ok(right / total >= 0.98, `round-9 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-9 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 10's dev layouts (psegnj, cenhud, and srp, duquesne sealed in round 9): >= 97% right, <= 1% filled wrongly", async () => {
  const R10_DEV = ["psegnj", "cenhud", "srp", "duquesne"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R10_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // srp and duquesne scored once while sealed (round 9): text PDFs 87.3% right, 1.6% filled wrongly; the four with
  // the reader of before round 10: 83.1% / 1.5%; after: 98.5% / 0.1% (docs/bills.md "Round 10")
  assert.ok(right / total >= 0.97, `round-10 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-10 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 11's dev layouts (aepohio, tep, and alpower, smud sealed in round 10): >= 88% right, <= 1% filled wrongly", async () => {
  const R11_DEV = ["aepohio", "tep", "alpower", "smud"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R11_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // alpower and smud scored once while sealed (round 10): text PDFs 84.3% right, 1.4% filled wrongly; the four
  // with the reader of before round 11: 79.1% / 1.2%; after: 89.6% / 0.6% (docs/bills.md "Round 11")
  assert.ok(right / total >= 0.88, `round-11 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-11 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 12's dev layouts (cleco, cps, pnm, wps, and avista, epe sealed in round 11): >= 95% right, <= 1.5% filled wrongly", async () => {
  const R12_DEV = ["cleco", "cps", "pnm", "wps", "avista", "epe"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R12_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 36);
  const { right, total, wrong } = await tally(cases);
  // with the reader of before round 12: 79.7% right, 3.8% filled wrongly (cps's and pnm's corrected truths); after:
  // 97.7% / 0.9% (docs/bills.md "Round 12")
  assert.ok(right / total >= 0.95, `round-12 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.015, `round-12 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 13's dev layouts (ku, midam, austin, nyseg, and jcpl, jea sealed in round 12): >= 96% right, <= 0.5% filled wrongly", async () => {
  const R13_DEV = ["ku", "midam", "austin", "nyseg", "jcpl", "jea"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R13_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 36);
  const { right, total, wrong } = await tally(cases);
  // with the reader of before round 13: 86.7% right, 2.7% filled wrongly (jcpl and jea 93.6% / 4.0%); after: 98.4% /
  // 0.0% (docs/bills.md "Round 13")
  assert.ok(right / total >= 0.96, `round-13 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-13 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 11's sealed pair (avista, epe; dev since round 12): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R11_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once after round 11's last reader change (2026-11-24): text PDFs 84.7% right, 1.2% filled wrongly, the
  // same as before round 11's changes; all their bills, scans included: 83.8% / 1.2% (docs/bills.md "Round 11")
  assert.ok(right / total >= 0.83, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.02, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 12's sealed pair (jcpl, jea; dev since round 13): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R12_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once after round 12's last reader change (2026-11-24): text PDFs 93.6% right, 4.0% filled wrongly, the
  // same as before round 12's changes; all their bills, scans included: 87.2% / 3.8% (docs/bills.md "Round 12")
  assert.ok(right / total >= 0.93, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.045, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 13's sealed pair (apco, peco): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R13_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once after round 13's last reader change (2026-11-24): text PDFs 73.6% right, 1.9% filled wrongly, the
  // same as before round 13's changes; all their bills, scans included: 73.6% / 1.6% (docs/bills.md "Round 13")
  assert.ok(right / total >= 0.7, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.03, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 14's dev layouts (oppd, nes, nipsco, wenergies, and apco, peco sealed in round 13): >= 87% right, <= 1% filled wrongly", async () => {
  const R14_DEV = ["oppd", "nes", "nipsco", "wenergies", "apco", "peco"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R14_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 36);
  const { right, total, wrong } = await tally(cases);
  // with the reader of before round 14: 78.2% right, 1.6% filled wrongly (apco and peco 73.6% / 1.9%); after: 88.0% /
  // 0.5% (nes's 7: its meter table and history overlap on the page, a quirk of the layout; docs/bills.md "Round 14")
  assert.ok(right / total >= 0.87, `round-14 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-14 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 14's sealed pair (delmarva, pacific): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R14_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once after round 14's last reader change (2026-11-24): text PDFs 90.8% right, 0.0% filled wrongly, the
  // same as before round 14's changes; all their bills, scans included: 90.1% / 0.5% (docs/bills.md "Round 14")
  assert.ok(right / total >= 0.9, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 15's dev layouts (bge, mspower, alliant, ottertail, and delmarva, pacific sealed in round 14): >= 93% right, <= 2.5% filled wrongly", async () => {
  const R15_DEV = ["bge", "mspower", "alliant", "ottertail", "delmarva", "pacific"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R15_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 36);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 14, unchanged in round 15 (docs/bills.md "Round 15"): the four new layouts' text PDFs
  // 96.5% right, 2.8% filled wrongly (a rate code before the rate, a utility's short or long name); delmarva and
  // pacific 90.8% / 0.0%
  assert.ok(right / total >= 0.93, `round-15 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.025, `round-15 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 15's sealed pair (cmp, blackhills): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R15_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored with the reader of round 14, which round 15 did not change (2026-11-24): text PDFs 95.8% right, 2.8%
  // filled wrongly; all their bills, scans included: 91.7% / 3.0% (docs/bills.md "Round 15")
  assert.ok(right / total >= 0.95, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.03, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 17's dev layouts (ace, indmich, oru, chugach, and northwestern, santee sealed in round 16): >= 95% right, <= 1% filled wrongly", async () => {
  const R17_DEV = ["ace", "indmich", "oru", "chugach", "northwestern", "santee"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R17_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 36);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 16 (docs/bills.md "Round 17"): 88.9% right, 0.7% filled wrongly; after round 17's
  // changes 97.3% / 0.1%
  assert.ok(right / total >= 0.95, `round-17 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `round-17 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 17's sealed pair (pso, mge): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R17_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once with round 17's last reader (2026-11-24): text PDFs 77.0% right, 4.7% filled wrongly; all their
  // bills, scans included: 75.5% / 4.7% (74.2% / 5.9% with the round-16 reader; docs/bills.md "Round 17")
  assert.ok(right / total >= 0.76, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.05, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 18's dev layouts (wcec, bentonrea, and pso, mge sealed in round 17): >= 95% right, <= 0.5% filled wrongly", async () => {
  const R18_DEV = ["wcec", "bentonrea", "pso", "mge"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R18_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 17 (docs/bills.md "Round 18"): 77.9% right, 2.6% filled wrongly; after round 18's
  // changes 96.0% / 0.0%
  assert.ok(right / total >= 0.95, `round-18 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-18 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 18's sealed pair (illuminating, marlboro): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R18_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once with round 18's last reader (2026-11-24): text PDFs 82.1% right, 4.5% filled wrongly, the same as
  // with the round-17 reader; all their bills, scans included: 77.6% / 4.6% (docs/bills.md "Round 18")
  assert.ok(right / total >= 0.81, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.05, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 19's dev layouts (norwood, ilec, and illuminating, marlboro sealed in round 18): >= 93% right, <= 0.5% filled wrongly", async () => {
  const R19_DEV = ["norwood", "ilec", "illuminating", "marlboro"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R19_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 18 (docs/bills.md "Round 19"): 78.6% right, 4.2% filled wrongly; after round 19's
  // changes 94.0% / 0.0% (marlboro's and illuminating's overlapping tables, layout defects, stay unread)
  assert.ok(right / total >= 0.93, `round-19 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-19 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 19's sealed pair (mitchellemc, salemva): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R19_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once with round 19's last reader (2026-11-24): text PDFs 87.8% right, 1.2% filled wrongly, the same as
  // with the round-18 reader; all their bills, scans included: 83.1% / 1.2% (docs/bills.md "Round 19")
  assert.ok(right / total >= 0.87, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.02, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 20's dev layouts (lanescott, runestone, and mitchellemc, salemva sealed in round 19): >= 98% right, <= 0.5% filled wrongly", async () => {
  const R20_DEV = ["lanescott", "runestone", "mitchellemc", "salemva"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R20_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 19 (docs/bills.md "Round 20"): 83.3% right, 4.8% filled wrongly; after round 20's
  // changes 100.0% / 0.0%
  assert.ok(right / total >= 0.98, `round-20 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-20 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 20's sealed pair (clarkremc, greystone): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R20_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once with round 20's last reader (2026-11-24): text PDFs 95.1% right, 2.4% filled wrongly (90.2% / 2.4%
  // with the round-19 reader); all their bills, scans included: 92.4% / 2.4% (docs/bills.md "Round 20")
  assert.ok(right / total >= 0.94, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.03, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 21's dev layouts (flathead, svec, and clarkremc, greystone sealed in round 20): >= 98% right, <= 0.5% filled wrongly", async () => {
  const R21_DEV = ["flathead", "svec", "clarkremc", "greystone"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R21_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 20 (docs/bills.md "Round 21"): 86.6% right, 1.8% filled wrongly; after round 21's
  // changes 99.4% / 0.0%
  assert.ok(right / total >= 0.98, `round-21 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-21 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 21's sealed pair (losalamos, pdemc): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R21_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once with round 21's last reader (2026-11-24): text PDFs 86.6% right, 1.8% filled wrongly, the same as
  // with the round-20 reader; all their bills, scans included: 83.5% / 2.4% (docs/bills.md "Round 21")
  assert.ok(right / total >= 0.86, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.025, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 22's dev layouts (meted, bluebonnet, and losalamos, pdemc sealed in round 21): >= 97% right, <= 0.5% filled wrongly", async () => {
  const R22_DEV = ["meted", "bluebonnet", "losalamos", "pdemc"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R22_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 21 (docs/bills.md "Round 22"): 90.5% right, 0.3% filled wrongly; after round 22's changes 98.5% / 0.3%
  // (the wrong ones: pdemc's North Carolina ZIPs printed with "SC", a layout defect)
  assert.ok(right / total >= 0.97, `round-22 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-22 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 22's sealed pair (goodland, gvea): a floor on a once-only score", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R22_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // scored once with round 22's last reader (2026-11-24): text PDFs 91.1% right, 5.8% filled wrongly, the same as
  // with the round-21 reader; all their bills, scans included: 89.3% / 5.6% (docs/bills.md "Round 22")
  assert.ok(right / total >= 0.9, `sealed accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.06, `sealed filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 23's dev layouts (goodland, gvea, sealed in round 22): >= 98% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && R22_SEALED.includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 22 (docs/bills.md "Round 23"): 91.1% right, 5.8% filled wrongly (its once-only sealed
  // figure); after round 23's changes 100.0% / 0.0%
  assert.ok(right / total >= 0.98, `round-23 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-23 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 24's dev layouts (ui, acec): >= 97% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ["ui", "acec"].includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 23 (docs/bills.md "Round 24", acec's corrected truths): ui's six net meters read as
  // the delivered register's kWh (6 wrong); after round 24's change none
  assert.ok(right / total >= 0.97, `round-24 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-24 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 26's dev layouts (penelec, seiec): >= 99% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ["penelec", "seiec"].includes(c.utility)
  );
  assert.equal(cases.length, 12);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 25 (docs/bills.md "Round 26", seiec's corrected truths): 98.8% right, 1.2% filled
  // wrongly (seiec's six rates run on into "Average kWh's Per Day …"); after round 26's changes 100.0% / 0.0%
  assert.ok(right / total >= 0.99, `round-26 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-26 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 28's dev layouts (centralpa, missoula, and cdelightband, yazoo sealed in round 26): >= 99% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ["centralpa", "missoula", "cdelightband", "yazoo"].includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 27 (docs/bills.md "Round 28", the corrected truths): 79 fields filled wrongly (missoula's
  // history moved a month, yazoo's "RATE: RESIDENTIAL", a centralpa amount); after round 28's changes none
  assert.ok(right / total >= 0.99, `round-28 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-28 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 30's dev layouts (nodak, avecc, and lebanon, nwrec sealed in round 29): >= 99% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ["nodak", "avecc", "lebanon", "nwrec"].includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 29 (docs/bills.md "Round 30", lebanon's corrected rate): 92.3% right, 0.7% filled
  // wrongly (nwrec's name cut at "Cooperative"); after round 30's changes 99.5% / 0.0%
  assert.ok(right / total >= 0.99, `round-30 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-30 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 32's dev layouts (baldwinemc, monpower, and rienergy, ripley sealed in round 30): >= 99% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ["baldwinemc", "monpower", "rienergy", "ripley"].includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 31 (docs/bills.md "Round 32"): 87.2% right, 0.7% filled wrongly (monpower's
  // issuer read as its holding company); after round 32's changes 100.0% / 0.0%
  assert.ok(right / total >= 0.99, `round-32 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-32 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of round 33's dev layouts (mdu, hged, and ricelake, sjce sealed in round 32): >= 97% right, <= 0.5% filled wrongly", async () => {
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && ["mdu", "hged", "ricelake", "sjce"].includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // with the reader of round 32 (docs/bills.md "Round 33"; sjce's service agreement ID as its service number):
  // 94.8% right, 1.3% filled wrongly (mdu's fuel adjustment read as the energy price); after round 33's changes
  // 97.4% / 0.0%
  assert.ok(right / total >= 0.97, `round-33 dev accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.005, `round-33 dev filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("synthetic text PDFs of the 4 history-round dev layouts (idaho, idahostmt, rockymtn, hawaiian): >= 85% right, <= 2% filled wrongly", async () => {
  const HIST_DEV = ["idaho", "idahostmt", "rockymtn", "hawaiian"];
  const cases = (await syntheticCases(`${dir}synthetic`)).filter((c) =>
    c.kind === "pdf" && HIST_DEV.includes(c.utility)
  );
  assert.equal(cases.length, 24);
  const { right, total, wrong } = await tally(cases);
  // text PDFs scored with the reader unchanged: 68.5% right, 2.5% wrong; after the history round:
  // 86.0% right, 1.8% wrong on the text PDFs, the wrong ones outside the history (docs/bills.md)
  assert.ok(right / total >= 0.85, `history-round accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.02, `history-round filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
});

Deno.test("a scanned-looking image is read through offline OCR", async () => {
  try {
    const c = (await syntheticCases(`${dir}synthetic`)).find((x) => x.id === "pge-08")!;
    assert.equal(c.kind, "image");
    const r = await runCase(model, c);
    const wrong = new Set(r.wrong.map((w) => w.field));
    for (
      const f of [
        "customerName",
        "accountNumber",
        "amountDue",
        "supplyRatePerKwh",
        "invoiceDate",
        "meters[0].usageKwh",
      ]
    ) assert.ok(!wrong.has(f), `${f}: ${JSON.stringify(r.wrong)}`);
    assert.ok(r.right / r.total >= 0.85, `image accuracy ${r.right}/${r.total}`);
  } finally {
    await closeOcr();
  }
});

Deno.test("real bills (text layer): >= 90% of fields right, <= 2% filled wrongly, none refused", async () => {
  const cases = (await realCases(`${dir}real`)).filter((c) =>
    c.kind === "pdf" && !c.id.startsWith("bge_Powercon")
  );
  assert.ok(new Set(cases.map((c) => c.utility)).size >= 4);
  const { right, total, wrong } = await tally(cases);
  assert.ok(right / total >= 0.9, `accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.02, `filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
  await closeOcr();
});

Deno.test("real bills, leave-one-utility-out (each utility's own rules off): >= 83% right, <= 1% filled wrongly", async () => {
  const cases = (await realCases(`${dir}real`)).filter((c) =>
    c.kind === "pdf" && !c.id.startsWith("bge_Powercon")
  );
  const { right, total, wrong } = await tally(
    cases,
    (c) => new EmbeddedBillModel({ withoutRulesShapedBy: [c.utility] }),
  );
  // 78.5% before the generic table reader (FPL's transposed table and BGE's chart were read only by their rules);
  // 83.3% on these 10 PDFs after the generic meter tables and unlabelled period (CMP read without its rules)
  assert.ok(right / total >= 0.83, `leave-one-out accuracy ${(100 * right / total).toFixed(2)}%`);
  assert.ok(wrong / total <= 0.01, `filled wrongly ${(100 * wrong / total).toFixed(2)}%`);
  await closeOcr();
});
