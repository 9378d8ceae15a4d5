// `npm run bench:contracts`: accuracy and speed of the embedded contract reader on the generated corpus
// (tests/fixtures/contracts, regenerate with scripts/contracts/generate.ts). Prints field accuracy,
// approval-status accuracy against the expected decisions (default rules, contract at its own property),
// and time per contract, for text PDFs, scanned JPEGs, and a fourth layout added after the reader was written
// (untuned it scored 33.8 % of fields and 50 % of approvals: the estimate for unseen wordings).
// `-- --rescan SEED` also scans every text-PDF contract anew (scan.ts, seed SEED + its index) and reads
// those through OCR: held-out scans the reader was not tuned on (the six fixture scans were).
import { compareSummary } from "../../shared/contracts/compare.ts";
import { contractDocument, loadContractLimits } from "../../shared/contracts/document.ts";
import { EmbeddedContractAnalyser } from "../../shared/contracts/embedded_model.ts";
import { mimeTypes, sniffFileType } from "../../shared/documents/sniff.ts";
import { judge } from "../../shared/contracts/rules.ts";
import { scanContract } from "../../shared/contracts/scan.ts";
import { DEFAULT_RULES } from "../../shared/contracts/schema.ts";

const dir = new URL("../../tests/fixtures/contracts/", import.meta.url);
const { contracts } = JSON.parse(await Deno.readTextFile(new URL("expected.json", dir)));
const analyser = new EmbeddedContractAnalyser();
type Tally = { n: number; fields: number; correct: number; approvals: number; ms: number[] };
const groups: Record<string, Tally> = {};
const misses: string[] = [];

const at = Deno.args.indexOf("--rescan");
const rescanSeed = at >= 0 ? Number(Deno.args[at + 1]) : undefined;
type Run = { c: any; kind: string; files: { filename: string; bytes: Uint8Array; mimeType: string }[] };
const runs: Run[] = [];
for (const [i, c] of contracts.entries()) {
  const files = await Promise.all(c.files.map(async (f: string) => {
    const bytes = await Deno.readFile(new URL(f, dir));
    return { filename: f, bytes, mimeType: mimeTypes[sniffFileType(bytes)!] };
  }));
  runs.push({
    c,
    files,
    kind: c.addedLater ? "4th layout (late)" : c.files[0].endsWith(".pdf") ? "text PDF" : "scanned JPEG",
  });
  if (rescanSeed !== undefined && c.files[0].endsWith(".pdf")) {
    const pages = await scanContract(files[0].bytes, rescanSeed + i);
    const rescanned = pages.map((bytes, k) => ({
      filename: `${c.id}-rescan-p${k + 1}.jpg`,
      bytes,
      mimeType: "image/jpeg",
    }));
    runs.push({
      c: { ...c, id: `${c.id}-rescan` },
      files: rescanned,
      kind: c.addedLater ? "rescan 4th" : "rescan JPEG",
    });
  }
}

for (const { c, files, kind } of runs) {
  const started = performance.now();
  const out = await analyser.analyse(contractDocument(files, loadContractLimits()));
  const ms = performance.now() - started;
  const g = groups[kind] ??= { n: 0, fields: 0, correct: 0, approvals: 0, ms: [] };
  g.n++;
  g.ms.push(ms);
  if (!out.ok) {
    misses.push(`${c.id}: ${out.detail}`);
    continue;
  }
  const cmp = compareSummary(c.summary, out.summary);
  g.fields += cmp.fields;
  g.correct += cmp.correct;
  const verdict = judge(out.summary, DEFAULT_RULES, c.summary.propertyAddress);
  if (verdict.status === c.approvalStatus) g.approvals++;
  else {misses.push(
      `${c.id}: approval ${verdict.status}, expected ${c.approvalStatus} (${
        verdict.reasons.map((r) => r.code).join(", ")
      })`,
    );}
  for (const m of cmp.mismatches) misses.push(`${c.id}: ${m}`);
}

const pct = (a: number, b: number) => b ? `${(100 * a / b).toFixed(1)}%` : "n/a";
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log("contract corpus: embedded reader");
console.log("kind            contracts  field accuracy      approval accuracy  median ms  max ms");
let all = { n: 0, fields: 0, correct: 0, approvals: 0 };
for (const [kind, g] of Object.entries(groups)) {
  console.log(
    `${kind.padEnd(16)}${String(g.n).padStart(9)}  ${
      `${pct(g.correct, g.fields)} (${g.correct}/${g.fields})`.padEnd(20)
    }${`${pct(g.approvals, g.n)} (${g.approvals}/${g.n})`.padEnd(19)}${
      median(g.ms).toFixed(0).padStart(9)
    }  ${Math.max(...g.ms).toFixed(0).padStart(6)}`,
  );
  all = {
    n: all.n + g.n,
    fields: all.fields + g.fields,
    correct: all.correct + g.correct,
    approvals: all.approvals + g.approvals,
  };
}
console.log(
  `all             ${String(all.n).padStart(9)}  ${pct(all.correct, all.fields).padEnd(20)}${
    pct(all.approvals, all.n)
  }`,
);
if (misses.length) {
  console.log(`\n${misses.length} mismatch(es):`);
  for (const m of misses) console.log(`  ${m}`);
}
Deno.exit(0);
