import { assertSafePath, type ObjectStore, type StoredObject } from "./types.ts";

/** Supabase Storage through its REST API (/storage/v1/object/<bucket>/<path>) with the service role key. */
export class SupabaseObjectStore implements ObjectStore {
  constructor(private readonly url: string, private readonly serviceKey: string) {}

  private endpoint(bucket: string, path: string): string {
    assertSafePath(`${bucket}/${path}`);
    return `${this.url.replace(/\/$/, "")}/storage/v1/object/${bucket}/${path.split("/").map(encodeURIComponent).join("/")}`;
  }

  private headers(extra: Record<string, string> = {}) {
    return { Authorization: `Bearer ${this.serviceKey}`, apikey: this.serviceKey, ...extra };
  }

  async put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const res = await fetch(this.endpoint(bucket, path), {
      method: "POST",
      headers: this.headers({ "Content-Type": contentType, "x-upsert": "true" }),
      body: bytes as BodyInit,
    });
    if (!res.ok) throw new Error(`Supabase Storage upload failed: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
  }

  async get(bucket: string, path: string): Promise<StoredObject | null> {
    const res = await fetch(this.endpoint(bucket, path), { headers: this.headers() });
    if (res.status === 404 || res.status === 400) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw new Error(`Supabase Storage download failed: ${res.status}`);
    return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get("content-type") ?? "application/octet-stream" };
  }

  async remove(bucket: string, path: string): Promise<void> {
    const res = await fetch(`${this.url.replace(/\/$/, "")}/storage/v1/object/${bucket}`, {
      method: "DELETE",
      headers: this.headers({ "Content-Type": "application/json" }),
      body: JSON.stringify({ prefixes: [path] }),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`Supabase Storage delete failed: ${res.status}`);
  }
}
