import assert from "node:assert/strict";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { FileObjectStore } from "../../../shared/storage/embedded.ts";
import { SupabaseObjectStore } from "../../../shared/storage/supabase.ts";
import type { ObjectStore } from "../../../shared/storage/types.ts";
import { startStorageDouble } from "../../doubles/supabase_storage.ts";

async function contract(store: ObjectStore) {
  const bytes = new TextEncoder().encode("%PDF-1.7 a bill");
  assert.equal(await store.get("bills", "org-1/none.pdf"), null);
  await store.put("bills", "org-1/2026/bill.pdf", bytes, "application/pdf");
  const got = await store.get("bills", "org-1/2026/bill.pdf");
  assert.deepEqual(got?.bytes, bytes);
  assert.equal(got?.contentType, "application/pdf");
  await store.put("bills", "org-1/2026/bill.pdf", new Uint8Array([1, 2, 3]), "image/png");
  assert.deepEqual(
    (await store.get("bills", "org-1/2026/bill.pdf"))?.bytes,
    new Uint8Array([1, 2, 3]),
    "put overwrites",
  );
  await store.remove("bills", "org-1/2026/bill.pdf");
  assert.equal(await store.get("bills", "org-1/2026/bill.pdf"), null);
  for (const bad of ["../etc/passwd", "/abs", "a//b", "a/./b", "a\u0000b"]) {
    await assert.rejects(store.put("bills", bad, bytes, "text/plain"), /Invalid object path/, bad);
  }
}

Deno.test("object store: the embedded file store keeps, overwrites and removes objects and refuses unsafe paths", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await contract(new FileObjectStore(dir));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("object store: the Supabase Storage adapter does the same against Storage's wire format", async () => {
  const storage = startStorageDouble("service-key", ["bills"]);
  try {
    await contract(new SupabaseObjectStore(storage.url, "service-key"));
    await assert.rejects(
      new SupabaseObjectStore(storage.url, "wrong-key").put(
        "bills",
        "x.pdf",
        new Uint8Array([1]),
        "application/pdf",
      ),
      (e) =>
        e instanceof SeamUnavailableError && e.seam === "storage" && !e.retryable &&
        /bills\/x\.pdf/.test(e.message),
    );
  } finally {
    await storage.close();
  }
});
