import { gazetteerPlaces } from "../geo/zip_places.ts";
import { billDocument } from "../bills/document.ts";
import { extractBill } from "../bills/extract.ts";
import { billLimits } from "../bills/limits.ts";
import { billModel } from "../bills/models.ts";
import type { BillItem } from "../bills/schema.ts";
import { ConfigError } from "../config.ts";
import { DomainError } from "../errors.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { type Job, PermanentJobError } from "../queue/queue.ts";
import { objectStore } from "../storage/index.ts";
import { CONTRACT_BUCKET } from "./analyses.ts";
import { checkAgainstBill } from "./bill_check.ts";
import { contractDocument, contractLimits } from "./document.ts";
import { contractAnalyser } from "./models.ts";
import { judge, loadRules, type PropertyAddress } from "./rules.ts";
import type { ApprovalStatus, Reason } from "./schema.ts";
import { jsonb } from "../db/client.ts";

// Progress milestones, as for bills: 0 initiated, 10 validated, 20 processing, 50 extracted, 75 judged, 100 done.
async function progress(p: Platform, id: string, percentage: number, message: string) {
  await p
    .sql`update public.contract_analyses set percentage = ${percentage}, message = ${message}, updated_at = now()
    where id = ${id} and status = 'IN_PROGRESS'`;
}

async function fail(p: Platform, id: string, message: string) {
  await p.sql`update public.contract_analyses set status = 'FAILED', percentage = 100, message = ${message},
    completed_at = now(), updated_at = now() where id = ${id} and status = 'IN_PROGRESS'`;
  log("warn", "contract analysis failed", { analysis: id, reason: message });
}

/** A failure that retrying will not fix: recorded as FAILED with this message. */
class AnalysisFailure extends Error {}

/** The queue handler of contracts.analyze. Transient failures are retried; the last attempt records FAILED. */
export async function runContractJob(p: Platform, job: Job): Promise<void> {
  const id = String(job.payload.analysisId ?? "");
  const [row] = await p.sql`select * from public.contract_analyses where id = ${id}`;
  if (!row || row.status !== "IN_PROGRESS") return;
  try {
    await analyse(p, row);
  } catch (e) {
    if (e instanceof AnalysisFailure) return await fail(p, id, e.message);
    if (e instanceof ConfigError) {
      // Retrying cannot fix the server's configuration: fail now and say so in the log.
      log("error", "contract model not configured", { analysis: id, variable: e.variable });
      return await fail(p, id, "Processing failed: the analysis model is not configured on the server");
    }
    // The error's own text (a model host, a path) goes to the log (the queue logs it); the caller polls a fixed one.
    if (job.attempts >= job.max_attempts) {
      await fail(p, id, "Processing failed (see the server log)");
      throw new PermanentJobError(errorText(e));
    }
    await p
      .sql`update public.contract_analyses set message = ${`retrying after attempt ${job.attempts} failed`},
      updated_at = now() where id = ${id}`;
    throw e;
  }
}

type StoredFile = { filename: string; mimeType: string; path: string; kind: "contract" | "bill" };

async function load(p: Platform, files: StoredFile[]) {
  const out = [];
  for (const f of files) {
    const obj = await objectStore(p).get(CONTRACT_BUCKET, f.path);
    if (!obj) throw new AnalysisFailure(`The uploaded file ${f.filename} is no longer stored`);
    out.push({ filename: f.filename, mimeType: f.mimeType, bytes: obj.bytes });
  }
  return out;
}

async function analyse(p: Platform, row: Record<string, unknown>): Promise<void> {
  const id = row.id as string;
  const stored = row.files as StoredFile[];
  const files = await load(p, stored.filter((f) => f.kind === "contract"));
  await progress(p, id, 10, "validated");
  const doc = contractDocument(files, contractLimits(p));
  await progress(p, id, 20, "processing");
  const analyser = contractAnalyser(p);
  const outcome = await analyser.analyse(doc);
  if (!outcome.ok) {
    if (outcome.error === "unavailable") throw new Error(`contract model unavailable: ${outcome.detail}`);
    throw new AnalysisFailure(`The contract could not be analyzed: ${outcome.detail}`);
  }
  await progress(p, id, 50, "extracted");

  const rules = await loadRules(p.sql, row.organization_id as string);
  const [property] = row.property_id
    ? await p.sql<PropertyAddress[]>`select line1, city, state, zip from public.properties where id = ${row
      .property_id as string}`
    : [];
  const verdict = judge(outcome.summary, rules, property ?? null);
  let reasons: Reason[] = verdict.reasons;
  let billCheck = null;
  if (row.mode === "contract_bill") {
    const bill = (row.bill as BillItem | null) ??
      await extractStoredBill(p, stored.filter((f) => f.kind === "bill"));
    billCheck = checkAgainstBill(outcome.summary, bill, {
      min: rules.minUsageOffset,
      max: rules.maxUsageOffset,
    });
    reasons = [...reasons, ...billCheck.reasons];
  }
  const status: ApprovalStatus = reasons.some((r) => r.severity === "reject")
    ? "REJECTED"
    : reasons.length
    ? "NEEDS_REVIEW"
    : "APPROVED";
  await progress(p, id, 75, "judged");
  await p
    .sql`update public.contract_analyses set status = 'COMPLETED', percentage = 100, message = 'complete',
      summary = ${jsonb(p.sql, outcome.summary)}, approval_status = ${status}, reasons = ${
    jsonb(p.sql, reasons)
  },
      bill_check = ${
    billCheck ? jsonb(p.sql, billCheck) : null
  }, model = ${outcome.model}, completed_at = now(), updated_at = now()
    where id = ${id} and status = 'IN_PROGRESS'`;
  log("info", "contract analyzed", { analysis: id, approval: status, reasons: reasons.map((r) => r.code) });
}

/** The bill sent with analyze-contract-bill, read by the utility-bill-service's extraction. */
async function extractStoredBill(p: Platform, files: StoredFile[]): Promise<BillItem> {
  const loaded = await load(p, files);
  try {
    const doc = await billDocument(
      loaded.map((f) => ({ filename: f.filename, bytes: f.bytes })),
      billLimits(p),
    );
    return (await extractBill(billModel(p), doc, { allowIncomplete: true, places: gazetteerPlaces(p.sql) }))
      .item;
  } catch (e) {
    // A bill's own problem (not a bill, unreadable, too complex) is the caller's to read; anything else is logged.
    if (!(e instanceof DomainError)) log("error", "contract bill extraction failed", { error: errorText(e) });
    throw new AnalysisFailure(
      `The bill could not be read: ${
        e instanceof DomainError ? e.message : "unexpected failure (see the server log)"
      }`,
    );
  }
}
