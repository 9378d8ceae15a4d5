// The partner's leads: list with search and filters, CSV export, detail, status changes, report and bill files.
// Everything runs under RLS as the caller (withAuth); another partner's lead is 403, an unknown one 404.
import { z } from "@hono/zod-openapi";
import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import type { Tx } from "../db/client.ts";
import { notFound } from "../errors.ts";
import { shownFileName } from "../validation/one_line.ts";
import { assertOwned } from "../auth/ownership.ts";
import { objectStore } from "../storage/index.ts";
import { CRM_LEAD_QUEUE } from "../crm/sync.ts";
import { enqueue } from "../queue/queue.ts";
import {
  correctionRows,
  type LeadSummary,
  leadSummary,
  otherServiceAddress,
  readingRows,
} from "./lead_view.ts";
import { LEAD_STATUSES } from "../leads/statuses.ts";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD").refine(
  (s) =>
    !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
    new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
  "must be a real date",
);

/** An IANA time zone the runtime knows ("America/New_York"). */
const timeZone = z.string().trim().max(64).refine((tz) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(tz);
  } catch {
    return false;
  }
}, "must be a time zone such as America/New_York");

export const LeadFilters = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  state: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "must be a two-letter state").optional(),
  area: z.enum(["in", "out"]).optional(),
  from: day.optional().describe("created on or after (a day in `tz`)"),
  to: day.optional().describe("created on or before (a day in `tz`)"),
  // QA pass 18: the console lists times in the partner's zone; its From/To were UTC days, so a lead of 9 PM EST on
  // Nov 25 was found under Nov 26. The console sends the browser's zone.
  tz: timeZone.default("UTC").describe("the time zone of `from` and `to` (IANA name; default UTC)"),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type LeadFiltersT = z.infer<typeof LeadFilters>;

function where(tx: Tx, f: LeadFiltersT) {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => "\\" + c)}%` : null;
  return tx`true
    ${f.status ? tx`and status = ${f.status}` : tx``}
    ${f.state ? tx`and address->>'state' = ${f.state}` : tx``}
    ${f.area ? tx`and out_of_area = ${f.area === "out"}` : tx``}
    ${f.from ? tx`and created_at >= (${f.from}::date)::timestamp at time zone ${f.tz}` : tx``}
    ${f.to ? tx`and created_at < (${f.to}::date + 1)::timestamp at time zone ${f.tz}` : tx``}
    ${
    like
      ? tx`and (first_name || ' ' || last_name ilike ${like} or email ilike ${like} or coalesce(phone, '') ilike ${like}
      or (coalesce(address->>'line1', '') || ' ' || coalesce(address->>'line2', '') || ' ' || coalesce(address->>'city', '') || ' ' || coalesce(address->>'zip', '')) ilike ${like})`
      : tx``
  }`;
}

export async function listLeads(
  p: Platform,
  auth: AuthContext,
  f: LeadFiltersT,
): Promise<{ items: LeadSummary[]; total: number }> {
  return await withAuth(p.sql, auth, async (tx) => {
    const rows = await tx`select *, count(*) over () as total from public.leads where ${where(tx, f)}
      order by created_at desc, id limit ${f.limit} offset ${f.offset}`;
    const total = rows.length
      ? Number(rows[0].total)
      : Number((await tx`select count(*)::int as n from public.leads where ${where(tx, f)}`)[0].n);
    return { items: rows.map(leadSummary), total };
  });
}

const CSV_COLUMNS = [
  "id",
  "created_at",
  "status",
  "out_of_area",
  "first_name",
  "last_name",
  "email",
  "phone",
  "line1",
  "line2",
  "city",
  "state",
  "zip",
  "utility_provider",
  "consent",
  "system_kw",
  "annual_savings",
  "has_report",
] as const;

/** One CSV cell. Exported for its tests. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? "" : String(v);
  // A cell a spreadsheet would run as a formula is prefixed with a quote (CSV injection), also after leading
  // spaces or controls (a spreadsheet that trims on import, LibreOffice's "trim spaces", reads " =cmd" as "=cmd";
  // security pass 9: only the first character was checked, and values staff wrote on the Data API are not trimmed).
  if (/^[\s\p{Cc}]*[=+\-@]|^[\t\r\n]/u.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Every lead matching the filters (no paging, at most 50,000) as CSV with a header row. */
export async function leadsCsv(p: Platform, auth: AuthContext, f: LeadFiltersT): Promise<string> {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) => tx`select * from public.leads where ${where(tx, f)} order by created_at desc, id limit 50000`,
  );
  const lines = [CSV_COLUMNS.join(",")];
  for (const r of rows.map(leadSummary)) {
    const flat: Record<string, unknown> = { ...r, ...r.address };
    lines.push(CSV_COLUMNS.map((c) => csvCell(flat[c])).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}

async function leadRow(p: Platform, auth: AuthContext, id: string): Promise<Record<string, unknown>> {
  await assertOwned(p, auth, "leads", id);
  const [row] = await withAuth(p.sql, auth, (tx) => tx`select * from public.leads where id = ${id}`);
  if (!row) throw notFound("not_found", `No lead ${id}`);
  return row;
}

async function billOf(p: Platform, auth: AuthContext, lead: Record<string, unknown>) {
  const tid = (lead.savings as Record<string, unknown> | null)?.billTransactionId ??
    (lead.bill_reading as { transactionId?: string } | null)?.transactionId;
  if (typeof tid !== "string") return null;
  const [b] = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`select transaction_id, status, result, filenames, object_paths, created_at
    from public.bill_extractions where transaction_id = ${tid} order by created_at desc limit 1`,
  );
  return b ?? null;
}

export async function leadDetail(p: Platform, auth: AuthContext, id: string) {
  const lead = await leadRow(p, auth, id);
  const bill = await billOf(p, auth, lead);
  const result = bill?.result as { data?: { items?: unknown[] } } | null;
  const item = (result?.data?.items?.[0] ?? null) as Parameters<typeof readingRows>[0];
  const docs = lead.property_id
    ? await withAuth(
      p.sql,
      auth,
      (tx) =>
        tx`select id, kind, filename, content_type, size_bytes, created_at from public.property_documents
        where property_id = ${lead.property_id as string} order by created_at`,
    )
    : [];
  const base = `/leads/${id}`;
  return {
    ...leadSummary(lead),
    consent_text: lead.consent_text ?? null,
    consent_at: lead.consent_at ?? null,
    savings: lead.savings ?? null,
    monthly_kwh: lead.monthly_kwh ?? null,
    reading: {
      transaction_id: bill?.transaction_id ?? null,
      status: bill?.status ?? null,
      rows: readingRows(item),
      // The bill's service address when it is not the home's (another ZIP or city); null when they agree.
      other_service_address: otherServiceAddress(lead, item),
      usage_by_month: item?.electricityUsage?.usageByMonth ?? [],
      // The widget's own record (leads.bill_reading): the plausibility checks that flagged and what was confirmed.
      checks:
        ((lead.bill_reading as { checks?: { field?: string; message?: string }[] } | null)?.checks ?? [])
          .map((c) => ({ field: c.field ?? null, message: c.message ?? "" })),
      confirmed: (lead.bill_reading as { confirmed?: string[] } | null)?.confirmed ?? [],
    },
    corrections: correctionRows(lead, item),
    report: lead.report_path ? { url: `${base}/report`, filename: "solar-savings-report.pdf" } : null,
    bill_files: ((bill?.filenames as string[] | undefined) ?? []).map((name, i) => ({
      // The homeowner's own file name (the widget's upload): no controls or bidi overrides on the staff's screen.
      name: shownFileName(name) || `bill-${i + 1}`,
      url: `${base}/bill/${i}`,
    })),
    documents: docs.map((d) => ({
      id: d.id,
      kind: d.kind,
      filename: shownFileName(d.filename as string) || "file",
      content_type: d.content_type,
      size_bytes: d.size_bytes,
      url: `${base}/documents/${d.id}`,
    })),
    crm: {
      provider: lead.crm_provider,
      id: lead.crm_id ?? null,
      synced_at: lead.crm_synced_at ?? null,
      error: lead.crm_error ?? null,
    },
  };
}

/** The partner sets a status; the CRM learns it through a queued sync. */
export async function setLeadStatus(
  p: Platform,
  auth: AuthContext,
  id: string,
  status: (typeof LEAD_STATUSES)[number],
) {
  await assertOwned(p, auth, "leads", id);
  const row = await withAuth(p.sql, auth, async (tx) => {
    const [r] =
      await tx`update public.leads set status = ${status}, status_changed_at = now(), status_changed_by = ${auth.userId},
      updated_at = now() where id = ${id} returning *`;
    await tx`reset role`;
    await enqueue(tx, CRM_LEAD_QUEUE, { leadId: id }, {
      dedupeKey: `${CRM_LEAD_QUEUE}:${id}:${Date.now()}`,
      maxAttempts: 8,
    });
    await tx`set local role authenticated`;
    return r;
  });
  return leadSummary(row);
}

export interface FileOut {
  bytes: Uint8Array;
  contentType: string;
  filename: string;
}

export async function leadReport(p: Platform, auth: AuthContext, id: string): Promise<FileOut> {
  const lead = await leadRow(p, auth, id);
  if (!lead.report_path) throw notFound("not_found", "This lead has no report yet");
  const obj = await objectStore(p).get(lead.report_bucket as string, lead.report_path as string);
  if (!obj) throw notFound("not_found", "The report file is missing from the store");
  return { bytes: obj.bytes, contentType: "application/pdf", filename: "solar-savings-report.pdf" };
}

export async function leadBillFile(
  p: Platform,
  auth: AuthContext,
  id: string,
  index: number,
): Promise<FileOut> {
  const bill = await billOf(p, auth, await leadRow(p, auth, id));
  const objectPath = (bill?.object_paths as string[] | undefined)?.[index];
  if (!objectPath) throw notFound("not_found", "No such bill file");
  const cut = objectPath.indexOf("/");
  const obj = await objectStore(p).get(objectPath.slice(0, cut), objectPath.slice(cut + 1));
  if (!obj) throw notFound("not_found", "The bill file is missing from the store");
  const filename = (bill!.filenames as string[])[index] ?? `bill-${index + 1}`;
  return { bytes: obj.bytes, contentType: obj.contentType || "application/octet-stream", filename };
}

export async function leadDocument(
  p: Platform,
  auth: AuthContext,
  id: string,
  docId: string,
): Promise<FileOut> {
  const lead = await leadRow(p, auth, id);
  const [d] = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`select * from public.property_documents where id = ${docId} and property_id = ${lead
        .property_id as string}`,
  );
  if (!d) throw notFound("not_found", "No such document on this lead");
  const obj = await objectStore(p).get(d.bucket as string, d.path as string);
  if (!obj) throw notFound("not_found", "The document is missing from the store");
  return { bytes: obj.bytes, contentType: d.content_type as string, filename: d.filename as string };
}
