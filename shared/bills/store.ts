import { type Db, jsonb, type Sql } from "../db/client.ts";
import { conflict } from "../errors.ts";
import type { AttemptRecord } from "./retry.ts";
import type { Envelope } from "./schema.ts";

export type JobStatus = "IN_PROGRESS" | "COMPLETED" | "FAILED";

export const MILESTONES = { initiated: 0, validated: 10, processing: 20, extracted: 50, done: 100 } as const;

export interface NewExtraction {
  orgId: string;
  transactionId: string;
  transactionGroupId: string;
  externalId?: string | null;
  userId?: string | null;
  mode: "sync" | "upload" | "async";
  objectPaths: string[];
  filenames: string[];
  /** The widget's homeowner session that uploaded it (shared/auth/widget_session.ts); null for staff. */
  widgetSession?: string | null;
}

export interface ExtractionRow {
  id: string;
  organization_id: string;
  transaction_id: string;
  transaction_group_id: string;
  external_id: string | null;
  status: JobStatus;
  percentage: number;
  message: string;
  result: Envelope | null;
  error_code: string | null;
  error_message: string | null;
  object_paths: string[];
  filenames: string[];
  model: string | null;
}

export async function createExtraction(sql: Db, e: NewExtraction): Promise<string> {
  const rows = await sql`insert into public.bill_extractions
      (organization_id, transaction_id, transaction_group_id, external_id, requested_by, mode, object_paths, filenames,
       widget_session)
    values (${e.orgId}, ${e.transactionId}, ${e.transactionGroupId}, ${e.externalId ?? null}, ${
    e.userId ?? null
  },
      ${e.mode}, ${e.objectPaths}, ${e.filenames}, ${e.widgetSession ?? null})
    on conflict (organization_id, transaction_id) do nothing returning id`;
  if (!rows.length) {
    throw conflict(
      "transaction_exists",
      `transactionId ${e.transactionId} was already used for a bill extraction`,
    );
  }
  return rows[0].id as string;
}

export async function setProgress(sql: Sql, id: string, percentage: number, message: string): Promise<void> {
  await sql`update public.bill_extractions set percentage = ${percentage}, message = ${message}, updated_at = now()
    where id = ${id} and status = 'IN_PROGRESS'`;
}

export interface Outcome {
  result?: Envelope;
  errorCode?: string;
  errorMessage?: string;
  model?: string;
  attempts?: AttemptRecord[];
  timings?: Record<string, number>;
}

export async function finishExtraction(sql: Sql, id: string, o: Outcome): Promise<void> {
  const ok = Boolean(o.result);
  await sql`update public.bill_extractions set
      status = ${ok ? "COMPLETED" : "FAILED"}, percentage = 100,
      message = ${ok ? "completed" : `failed: ${o.errorMessage ?? "unknown error"}`},
      result = ${o.result ? jsonb(sql, o.result) : null},
      error_code = ${o.errorCode ?? null}, error_message = ${o.errorMessage ?? null},
      model = ${o.model ?? null}, attempts = ${jsonb(sql, o.attempts ?? [])},
      timings = ${jsonb(sql, o.timings ?? {})}, completed_at = now(), updated_at = now()
    where id = ${id}`;
}

export async function extractionById(sql: Sql, id: string): Promise<ExtractionRow | undefined> {
  const [row] = await sql`select * from public.bill_extractions where id = ${id}`;
  return row as unknown as ExtractionRow | undefined;
}

/** The caller's own extraction (`sql` runs under RLS as the caller), or undefined. */
export async function extractionByTransaction(
  sql: Db,
  orgId: string,
  transactionId: string,
): Promise<ExtractionRow | undefined> {
  const [row] =
    await sql`select * from public.bill_extractions where organization_id = ${orgId} and transaction_id = ${transactionId}`;
  return row as unknown as ExtractionRow | undefined;
}
