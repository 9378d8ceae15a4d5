import { join } from "node:path";
import { env, envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { FileObjectStore } from "./embedded.ts";
import { SupabaseObjectStore } from "./supabase.ts";
import type { ObjectStore } from "./types.ts";

/** STORAGE_PROVIDER=supabase (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY) or files (default, under DATA_DIR/storage). */
export function objectStore(p: Platform): ObjectStore {
  return provide(p, "storage", () => {
    const kind = env(
      "STORAGE_PROVIDER",
      envOptional("SUPABASE_URL") && envOptional("SUPABASE_SERVICE_ROLE_KEY") ? "supabase" : "files",
    );
    if (kind === "supabase") {
      return new SupabaseObjectStore(env("SUPABASE_URL"), env("SUPABASE_SERVICE_ROLE_KEY"));
    }
    return new FileObjectStore(join(p.config.dataDir, "storage"));
  });
}
export type { ObjectStore } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    storage: ObjectStore;
  }
}
