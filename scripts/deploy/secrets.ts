// The function secrets a deploy sets: the operator's env file, minus SUPABASE_* (Supabase sets SUPABASE_URL,
// SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL in every function, and `supabase secrets
// set` refuses names starting with SUPABASE_), plus the project's defaults for what the file leaves out.

import { DEVELOPMENT_SECRETS } from "../../shared/stack/mode.ts";

/** Secrets a deployed platform refuses to run without (README "Environment variables"): every secret that has a
 * public development value locally. */
export const REQUIRED_SECRETS: readonly string[] = DEVELOPMENT_SECRETS;

/** NAME=value lines; blank lines and # comments skipped; surrounding quotes removed. */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const line of (await Deno.readTextFile(path)).split("\n")) {
    const l = line.trim();
    if (!l || l.startsWith("#")) continue;
    const m = l.match(/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/);
    if (!m) throw new Error(`${path}: not a NAME=value line: ${l.slice(0, 40)}`);
    out[m[1]] = m[2].replace(/^(['"])(.*)\1$/, "$2");
  }
  return out;
}

export function plannedSecrets(file: Record<string, string>, projectUrl: string): {
  secrets: Record<string, string>;
  dropped: string[];
  missing: string[];
} {
  const defaults: Record<string, string> = {
    PUBLIC_URL: projectUrl,
    JWT_ISSUER: `${projectUrl}/auth/v1`,
    JWKS_URL: `${projectUrl}/auth/v1/.well-known/jwks.json`,
    IDENTITY_PROVIDER: "supabase",
    STORAGE_PROVIDER: "supabase",
  };
  const secrets: Record<string, string> = { ...defaults };
  const dropped: string[] = [];
  for (const [k, v] of Object.entries(file)) {
    if (k.startsWith("SUPABASE_")) dropped.push(k);
    else secrets[k] = v;
  }
  const missing = REQUIRED_SECRETS.filter((k) => !secrets[k]);
  return { secrets, dropped, missing };
}
