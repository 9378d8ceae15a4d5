import { join } from "node:path";
import { env, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { FileObjectStore } from "./embedded.ts";
import { SupabaseObjectStore } from "./supabase.ts";
import type { ObjectStore } from "./types.ts";

/** STORAGE_PROVIDER=supabase (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY) or files (default, under DATA_DIR/storage). */
export function objectStore(p: Platform): ObjectStore {
  return provide(p, "storage", () => {
    const c = loadStorageConfig();
    return c.provider === "supabase"
      ? new SupabaseObjectStore(c.url, c.serviceKey)
      : new FileObjectStore(join(p.config.dataDir, "storage"));
  });
}

export type StorageConfig = { provider: "files" } | { provider: "supabase"; url: string; serviceKey: string };

/** The object store's settings, read once when the seam is provided. */
export function loadStorageConfig(source: EnvSource = Deno.env): StorageConfig {
  const both = envOptional("SUPABASE_URL", source) && envOptional("SUPABASE_SERVICE_ROLE_KEY", source);
  const kind = env("STORAGE_PROVIDER", both ? "supabase" : "files", source);
  if (kind !== "supabase") return { provider: "files" };
  return {
    provider: "supabase",
    url: env("SUPABASE_URL", undefined, source),
    serviceKey: env("SUPABASE_SERVICE_ROLE_KEY", undefined, source),
  };
}
export type { ObjectStore } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    storage: ObjectStore;
  }
}
