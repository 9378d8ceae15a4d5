import type { AuthContext } from "../db/scoped.ts";
import { withAuth } from "../db/scoped.ts";
import { DomainError } from "../errors.ts";
import type { Platform } from "../platform.ts";
import { enqueue } from "../queue/queue.ts";
import { objectStore } from "../storage/index.ts";
import type { BillItem } from "../bills/schema.ts";
import type { ApprovalStatus, ContractSummary, Reason } from "./schema.ts";
import { billExtractionStatus } from "../bills/jobs.ts";
import { checkFiles, contractLimits } from "./document.ts";
import { contractAnalyser } from "./models.ts";
import { billModel } from "../bills/models.ts";
import { jsonb } from "../db/client.ts";

export const CONTRACT_BUCKET = "contracts";
export const CONTRACT_QUEUE = "contracts.analyze";

export interface StartAnalysis {
  mode: "contract" | "contract_bill";
  files: { filename: string; bytes: Uint8Array }[];
  billFiles?: { filename: string; bytes: Uint8Array }[];
  bill?: BillItem;
  /** A bill extraction of the utility-bill-service (same organisation, COMPLETED). */
  billTransactionId?: string;
  propertyId?: string;
  transactionId?: string;
  externalId?: string;
}

export interface AnalysisStatus {
  transactionId: string;
  status: "IN_PROGRESS" | "COMPLETED" | "FAILED";
  percentage: string;
  message: string;
  result?: AnalysisResult;
}

/** The judged analysis, once COMPLETED. */
export interface AnalysisResult {
  approvalStatus: ApprovalStatus;
  reasons: Reason[];
  summary: ContractSummary;
  billCheck?: unknown;
  propertyUuid: string | null;
  model: string;
  completedAt: string | null;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "").slice(0, 100) || "file";
}

/**
 * Validates the upload (file types by their bytes, sizes, the property's organisation), stores the files,
 * records the analysis at 0% "initiated" and queues it in one transaction. The same transactionId sent
 * again by the same organisation returns the existing analysis.
 */
export async function startAnalysis(
  p: Platform,
  auth: AuthContext,
  a: StartAnalysis,
): Promise<AnalysisStatus> {
  const orgId = auth.orgId;
  if (!orgId) throw new DomainError("forbidden", "forbidden", "The caller belongs to no organization");
  if (a.transactionId) {
    const [prev] = await p.sql`select * from public.contract_analyses where id = ${a.transactionId}`;
    if (prev && prev.organization_id !== orgId) {
      throw new DomainError(
        "conflict",
        "transaction_exists",
        `transactionId ${a.transactionId} is already in use`,
      );
    }
    if (prev) return statusOf(prev);
  }
  // A model the server cannot build (CONTRACT_MODEL=gemini without GEMINI_API_KEY) is 503 now, not a job
  // that fails minutes later.
  contractAnalyser(p);
  const limits = contractLimits(p);
  const files = checkFiles(a.files, limits);
  const billFiles = a.billFiles?.length ? checkFiles(a.billFiles, limits, "billFiles") : [];
  const bill = a.bill ??
    (a.billTransactionId ? await completedBill(p, orgId, a.billTransactionId) : undefined);
  if (billFiles.length) billModel(p);
  if (a.mode === "contract_bill" && !billFiles.length && !bill) {
    throw new DomainError(
      "invalid",
      "missing_bill",
      "analyze-contract-bill needs the customer's bill: `billTransactionId` (a bill extraction), `billFiles` (PDF/PNG/JPEG) or `bill` (bill extraction JSON)",
    );
  }
  if (a.propertyId) {
    const [prop] = await p.sql`select organization_id from public.properties where id = ${a.propertyId}`;
    if (!prop) throw new DomainError("not_found", "property_not_found", `No property ${a.propertyId}`);
    if (prop.organization_id !== orgId) {
      throw new DomainError("forbidden", "forbidden", "This property belongs to another organization");
    }
  }
  const id = a.transactionId ?? crypto.randomUUID();
  const store = objectStore(p);
  const stored = async (list: typeof files, kind: string) => {
    const out = [];
    for (const [i, f] of list.entries()) {
      const path = `${orgId}/${id}/${kind}-${i + 1}-${safeName(f.filename)}`;
      await store.put(CONTRACT_BUCKET, path, f.bytes, f.mimeType);
      out.push({ filename: f.filename, mimeType: f.mimeType, size: f.bytes.length, path, kind });
    }
    return out;
  };
  const all = [...await stored(files, "contract"), ...await stored(billFiles, "bill")];
  const row = await p.sql.begin(async (tx) => {
    const [r] =
      await tx`insert into public.contract_analyses (id, organization_id, property_id, mode, files, bill, external_id, created_by)
      values (${id}, ${orgId}, ${a.propertyId ?? null}, ${a.mode}, ${jsonb(tx, all)}, ${
        bill ? jsonb(tx, bill) : null
      },
              ${a.externalId ?? null}, ${auth.role === "service" ? null : auth.userId})
      on conflict (id) do nothing returning *`;
    if (!r) throw new DomainError("conflict", "transaction_exists", `transactionId ${id} is already in use`);
    await enqueue(tx, CONTRACT_QUEUE, { analysisId: id }, {
      maxAttempts: 3,
      dedupeKey: `contract:${id}`,
    });
    return r;
  });
  return statusOf(row);
}

/** The item of the organisation's completed bill extraction: 404 unknown, 409 not (successfully) finished. */
async function completedBill(p: Platform, orgId: string, transactionId: string): Promise<BillItem> {
  const s = await billExtractionStatus(p, orgId, transactionId);
  if (!s) {
    throw new DomainError(
      "not_found",
      "bill_not_found",
      `No bill extraction ${transactionId} in this organization`,
    );
  }
  const item = (s as { result?: { data: { items: BillItem[] } } }).result?.data.items[0];
  if (s.status !== "COMPLETED" || !item) {
    throw new DomainError(
      "conflict",
      "bill_not_ready",
      `Bill extraction ${transactionId} is ${s.status} (${s.percentage}); analyze the contract once it is COMPLETED`,
    );
  }
  return item;
}

/** POST /poll-contract-approval-status: 404 unknown, 403 another organisation's; the result once COMPLETED. */
export async function pollAnalysis(
  p: Platform,
  auth: AuthContext,
  transactionId: string,
): Promise<AnalysisStatus> {
  const [owner] = await p
    .sql`select organization_id from public.contract_analyses where id = ${transactionId}`;
  if (!owner) throw new DomainError("not_found", "not_found", `No contract analysis ${transactionId}`);
  if (owner.organization_id !== auth.orgId) {
    throw new DomainError("forbidden", "forbidden", "This analysis belongs to another organization");
  }
  const [row] = await withAuth(
    p.sql,
    auth,
    (tx) => tx`select * from public.contract_analyses where id = ${transactionId}`,
  );
  return statusOf(row);
}

export function statusOf(r: Record<string, unknown>): AnalysisStatus {
  const s: AnalysisStatus = {
    transactionId: r.id as string,
    status: r.status as AnalysisStatus["status"],
    percentage: `${r.percentage}%`,
    message: r.message as string,
  };
  if (r.status === "COMPLETED") {
    s.result = {
      approvalStatus: r.approval_status as ApprovalStatus,
      reasons: (r.reasons ?? []) as Reason[],
      summary: r.summary as ContractSummary,
      ...(r.bill_check ? { billCheck: r.bill_check } : {}),
      propertyUuid: (r.property_id ?? null) as string | null,
      model: r.model as string,
      completedAt: (r.completed_at as Date | null)?.toISOString() ?? null,
    };
  }
  return s;
}
