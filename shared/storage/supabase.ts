import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { assertSafePath, type ObjectStore, type StoredObject } from "./types.ts";

/** Supabase Storage through supabase-js (service role key: the functions act for the platform). */
export class SupabaseObjectStore implements ObjectStore {
  private readonly client: SupabaseClient;

  constructor(url: string, serviceKey: string) {
    this.client = createClient(url, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  async put(bucket: string, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafePath(`${bucket}/${path}`);
    const { error } = await this.client.storage.from(bucket).upload(path, bytes, {
      contentType,
      upsert: true,
    });
    if (error) throw new Error(`Supabase Storage upload of ${bucket}/${path} failed: ${error.message}`);
  }

  async get(bucket: string, path: string): Promise<StoredObject | null> {
    assertSafePath(`${bucket}/${path}`);
    const { data, error } = await this.client.storage.from(bucket).download(path);
    if (error) {
      const status = Number(
        (error as { status?: number; statusCode?: string }).status ??
          (error as { statusCode?: string }).statusCode,
      );
      const body = JSON.stringify((error as { originalError?: unknown }).originalError ?? "") + error.message;
      if (status === 404 || status === 400 && /not.?found/i.test(body) || /not.?found/i.test(error.message)) {
        return null;
      }
      throw new Error(`Supabase Storage download of ${bucket}/${path} failed: ${error.message}`);
    }
    return {
      bytes: new Uint8Array(await data.arrayBuffer()),
      contentType: data.type || "application/octet-stream",
    };
  }

  async remove(bucket: string, path: string): Promise<void> {
    assertSafePath(`${bucket}/${path}`);
    const { error } = await this.client.storage.from(bucket).remove([path]);
    if (error) throw new Error(`Supabase Storage delete of ${bucket}/${path} failed: ${error.message}`);
  }
}
