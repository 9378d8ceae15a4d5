import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { objectStore } from "../storage/index.ts";
import { badRequest, conflict } from "../errors.ts";
import type { Tx } from "../db/client.ts";
import { assertOwned } from "../auth/ownership.ts";

export const DOCUMENTS_BUCKET = "property-documents";
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;
/**
 * What the public widget token may store on one property in all (a homeowner's bill, photos of the roof and the
 * meter): before the fifth pass, ten files of 10 MB a request at the widget's rate, without end (docs/security.md
 * "Pass 5"). Staff uploads are not counted.
 */
export const MAX_WIDGET_PROPERTY_FILES = 30;
export const MAX_WIDGET_PROPERTY_BYTES = 100 * 1024 * 1024;
const KINDS = ["document", "utility_bill", "photo", "report"] as const;

/** The real type of a file from its first bytes (the browser's declared type is not trusted). */
export function sniffType(bytes: Uint8Array): string | null {
  const b = (i: number) => bytes[i];
  if (b(0) === 0x25 && b(1) === 0x50 && b(2) === 0x44 && b(3) === 0x46) return "application/pdf";
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return "image/png";
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return "image/jpeg";
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45) {
    return "image/webp";
  }
  return null;
}

export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "file";
  return base.replace(/[^\w.\- ]+/g, "_").replace(/\s+/g, " ").trim().slice(0, 120) || "file";
}

export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
}

/** Stores the files in the object store and links them to the property. */
export async function attachDocuments(
  p: Platform,
  auth: AuthContext,
  propertyId: string,
  files: IncomingFile[],
  kind = "document",
) {
  await assertOwned(p, auth, "properties", propertyId);
  if (!files.length) throw badRequest("missing_file", "Attach at least one file in the 'files' field");
  if (files.length > MAX_DOCUMENTS) {
    throw badRequest("too_many_files", `At most ${MAX_DOCUMENTS} files per request`);
  }
  if (!(KINDS as readonly string[]).includes(kind)) {
    throw badRequest("invalid_request", `kind must be one of ${KINDS.join(", ")}`);
  }
  const checked = files.map((f) => {
    if (f.bytes.length === 0) throw badRequest("empty_file", `${safeFilename(f.name)} is empty`);
    if (f.bytes.length > MAX_DOCUMENT_BYTES) {
      throw badRequest("file_too_large", `${safeFilename(f.name)} is larger than 10 MB`);
    }
    const type = sniffType(f.bytes);
    if (!type) {
      throw badRequest("invalid_file_type", `${safeFilename(f.name)} is not a PDF, PNG, JPEG or WebP file`);
    }
    return { ...f, type, filename: safeFilename(f.name), id: crypto.randomUUID() };
  });
  // the widget's quota: checked before anything is stored, and again under a lock with the rows' insert (two
  // uploads at once cannot both pass it; the loser's files are removed)
  const widget = auth.role === "widget";
  if (widget) await withAuth(p.sql, auth, (tx) => assertWidgetQuota(tx, auth, propertyId, checked));
  const store = objectStore(p);
  for (const f of checked) {
    await store.put(DOCUMENTS_BUCKET, `${auth.orgId}/${propertyId}/${f.id}-${f.filename}`, f.bytes, f.type);
  }
  const rows = await withAuth(p.sql, auth, async (tx) => {
    if (widget) {
      await tx`select pg_advisory_xact_lock(hashtextextended(${`property-documents:${propertyId}`}, 0))`;
      await assertWidgetQuota(tx, auth, propertyId, checked).catch(async (e) => {
        for (const f of checked) {
          await store.remove(DOCUMENTS_BUCKET, `${auth.orgId}/${propertyId}/${f.id}-${f.filename}`).catch(
            () => {},
          );
        }
        throw e;
      });
    }
    const out = [];
    for (const f of checked) {
      const [r] =
        await tx`insert into public.property_documents (id, organization_id, property_id, kind, filename, content_type, size_bytes, bucket, path, created_by)
        values (${f.id}, ${auth.orgId}, ${propertyId}, ${kind}, ${f.filename}, ${f.type}, ${f.bytes.length}, ${DOCUMENTS_BUCKET},
          ${`${auth.orgId}/${propertyId}/${f.id}-${f.filename}`}, ${auth.userId}) returning id, kind, filename, content_type, size_bytes, created_at`;
      out.push(r);
    }
    return out;
  });
  return rows;
}

/** 409 document_quota_exceeded when the widget's files on the property, with these, pass its quota. */
async function assertWidgetQuota(
  tx: Tx,
  auth: AuthContext,
  propertyId: string,
  files: { bytes: Uint8Array }[],
) {
  const [had] = await tx`select count(*)::int as n, coalesce(sum(size_bytes), 0)::bigint as bytes
    from public.property_documents where property_id = ${propertyId} and created_by = ${auth.userId}`;
  const n = (had.n as number) + files.length;
  const bytes = Number(had.bytes) + files.reduce((sum, f) => sum + f.bytes.length, 0);
  if (n > MAX_WIDGET_PROPERTY_FILES || bytes > MAX_WIDGET_PROPERTY_BYTES) {
    throw conflict(
      "document_quota_exceeded",
      `A property takes at most ${MAX_WIDGET_PROPERTY_FILES} files and ${
        MAX_WIDGET_PROPERTY_BYTES / 1024 / 1024
      } MB from the widget (it has ${had.n} files)`,
    );
  }
}
