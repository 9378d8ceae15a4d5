/** The object store seam: Supabase Storage in production, files under DATA_DIR/storage locally. */
export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
}

export interface ObjectStore {
  /** Stores bytes at bucket/path (overwrites). */
  put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Returns the object, or null when there is none. */
  get(bucket: string, path: string): Promise<StoredObject | null>;
  remove(bucket: string, path: string): Promise<void>;
}

/** Object paths are relative, made of safe segments: no "..", no leading slash, no control characters. */
export function assertSafePath(path: string): void {
  // deno-lint-ignore no-control-regex -- control characters are exactly what is refused here
  const unsafeChars = /[\x00-\x1f\\]/;
  if (
    !path || path.length > 512 || path.startsWith("/") ||
    path.split("/").some((s) => s === "" || s === "." || s === "..") || unsafeChars.test(path)
  ) {
    throw new Error(`Invalid object path "${path}"`);
  }
}
