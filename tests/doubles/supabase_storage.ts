// A local double of Supabase Storage's object API (storage-api), in its wire format:
// POST /storage/v1/object/{bucket}/{path} (raw body, x-upsert), GET the same, DELETE /storage/v1/object/{bucket} {prefixes}.
import { serveApp, type Served } from "../support/http.ts";

export interface StorageDouble extends Served {
  objects: Map<string, { bytes: Uint8Array; contentType: string }>;
}

export function startStorageDouble(serviceKey: string, buckets: string[]): StorageDouble {
  const objects = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const err = (status: number, statusCode: string, error: string, message: string) =>
    Response.json({ statusCode, error, message }, { status });
  const served = serveApp(async (req) => {
    const url = new URL(req.url);
    if (
      req.headers.get("authorization") !== `Bearer ${serviceKey}` || req.headers.get("apikey") !== serviceKey
    ) {
      return err(400, "403", "Unauthorized", "Invalid Compact JWS");
    }
    const m = url.pathname.match(/^\/storage\/v1\/object\/([^/]+)(?:\/(.+))?$/);
    if (!m) return err(404, "404", "not_found", "Route not found");
    const bucket = m[1], path = m[2] ? decodeURIComponent(m[2]) : "";
    if (!buckets.includes(bucket)) return err(400, "404", "Bucket not found", "Bucket not found");
    const key = `${bucket}/${path}`;
    if (req.method === "POST" && path) {
      if (objects.has(key) && req.headers.get("x-upsert") !== "true") {
        return err(400, "409", "Duplicate", "The resource already exists");
      }
      objects.set(key, {
        bytes: new Uint8Array(await req.arrayBuffer()),
        contentType: req.headers.get("content-type") ?? "application/octet-stream",
      });
      return Response.json({ Key: key, Id: crypto.randomUUID() });
    }
    if (req.method === "GET" && path) {
      const o = objects.get(key);
      if (!o) return err(400, "404", "not_found", "Object not found");
      return new Response(o.bytes as BodyInit, { headers: { "content-type": o.contentType } });
    }
    if (req.method === "DELETE" && !path) {
      const { prefixes } = await req.json() as { prefixes: string[] };
      const removed = prefixes.filter((p) => objects.delete(`${bucket}/${p}`)).map((name) => ({
        name,
        bucket_id: bucket,
      }));
      return Response.json(removed);
    }
    return err(405, "405", "method_not_allowed", "Method not allowed");
  });
  return Object.assign(served, { objects });
}
