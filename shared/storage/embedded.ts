import { dirname, join } from "node:path";
import { assertSafePath, type ObjectStore, type StoredObject } from "./types.ts";

/** Files under `root`/<bucket>/<path>, with the content type in a sidecar file. */
export class FileObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private file(bucket: string, path: string): string {
    assertSafePath(`${bucket}/${path}`);
    return join(this.root, bucket, path);
  }

  async put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const f = this.file(bucket, path);
    await Deno.mkdir(dirname(f), { recursive: true });
    const tmp = `${f}.${crypto.randomUUID()}.tmp`;
    await Deno.writeFile(tmp, bytes);
    await Deno.writeTextFile(`${f}.type`, contentType);
    await Deno.rename(tmp, f);
  }

  async get(bucket: string, path: string): Promise<StoredObject | null> {
    const f = this.file(bucket, path);
    try {
      const bytes = await Deno.readFile(f);
      const contentType = await Deno.readTextFile(`${f}.type`).catch(() => "application/octet-stream");
      return { bytes, contentType };
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return null;
      throw e;
    }
  }

  async remove(bucket: string, path: string): Promise<void> {
    const f = this.file(bucket, path);
    await Deno.remove(f).catch(() => {});
    await Deno.remove(`${f}.type`).catch(() => {});
  }
}
