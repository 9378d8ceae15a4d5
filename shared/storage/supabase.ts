// Supabase Storage's object API (storage-api) over the shared JSON client, with the service role key (the
// functions act for the platform): POST /storage/v1/object/{bucket}/{path} (raw body, x-upsert), GET the same,
// DELETE /storage/v1/object/{bucket} {prefixes}. Storage answers a missing object with 400 {statusCode:"404"}.
import { SeamUnavailableError } from "../errors.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import { assertSafePath, type ObjectStore, type StoredObject } from "./types.ts";

const objectPath = (bucket: string, path: string) =>
  `/storage/v1/object/${encodeURIComponent(bucket)}/${path.split("/").map(encodeURIComponent).join("/")}`;

/** A missing object: 404, or Storage's 400 whose body says 404 / not found. */
function isNotFound(status: number, data: unknown): boolean {
  const d = data as { statusCode?: unknown; error?: unknown; message?: unknown } | undefined;
  return status === 404 ||
    (status === 400 && (String(d?.statusCode) === "404" || /not.?found/i.test(`${d?.error} ${d?.message}`)));
}

export class SupabaseObjectStore implements ObjectStore {
  private readonly http: HttpJsonClient;

  constructor(url: string, serviceKey: string) {
    this.http = new HttpJsonClient({
      seam: "storage",
      provider: "Supabase Storage",
      baseUrl: url,
      headers: { authorization: `Bearer ${serviceKey}`, apikey: serviceKey },
      timeoutMs: 30_000,
      maxResponseBytes: 100 * 1024 * 1024,
      secrets: [serviceKey],
    });
  }

  async put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafePath(`${bucket}/${path}`);
    await this.http.request(objectPath(bucket, path), {
      method: "POST",
      body: bytes as BodyInit,
      headers: { "content-type": contentType, "x-upsert": "true" },
    });
  }

  async get(bucket: string, path: string): Promise<StoredObject | null> {
    assertSafePath(`${bucket}/${path}`);
    const r = await this.http.request<Uint8Array>(objectPath(bucket, path), {
      as: "bytes",
      headers: { accept: "*/*" },
      accept: (status) => status === 400 || status === 404,
    });
    if (r.status === 400 || r.status === 404) {
      let data: unknown;
      try {
        data = JSON.parse(new TextDecoder().decode(r.data));
      } catch { /* not JSON */ }
      if (isNotFound(r.status, data)) return null;
      throw new SeamUnavailableError("storage", `Supabase Storage download of ${bucket}/${path} refused`, {
        status: r.status,
        retryable: false,
      });
    }
    return { bytes: r.data, contentType: r.headers.get("content-type") || "application/octet-stream" };
  }

  async remove(bucket: string, path: string): Promise<void> {
    assertSafePath(`${bucket}/${path}`);
    await this.http.request(`/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: "DELETE",
      json: { prefixes: [path] },
    });
  }
}
