// Validates supabase/config.toml against the Supabase CLI's config schema: the sections and keys (with their
// value types) the CLI decodes. Provenance: supabase/cli `pkg/config/config.go` (the `toml:"..."` tags, e.g.
// the `function` struct: enabled, verify_jwt, import_map, entrypoint, static_files; `edge_runtime`: enabled,
// policy, inspector_port, secrets, deno_version) and `pkg/config/templates/config.toml`. The CLI reports an
// unknown key as an error/warning ("Unknown config field"); so does this check. Only the sections this
// repository may use are listed; add one here (from the CLI source) before using it.
type Kind = "string" | "number" | "boolean" | "string[]";

const SCHEMA: Record<string, Record<string, Kind>> = {
  "": { project_id: "string" },
  api: {
    enabled: "boolean",
    port: "number",
    schemas: "string[]",
    extra_search_path: "string[]",
    max_rows: "number",
  },
  "api.tls": { enabled: "boolean", cert_path: "string", key_path: "string" },
  db: { port: "number", shadow_port: "number", major_version: "number" },
  "db.pooler": {
    enabled: "boolean",
    port: "number",
    pool_mode: "string",
    default_pool_size: "number",
    max_client_conn: "number",
  },
  "db.migrations": { enabled: "boolean", schema_paths: "string[]" },
  "db.seed": { enabled: "boolean", sql_paths: "string[]" },
  realtime: { enabled: "boolean" },
  studio: { enabled: "boolean", port: "number", api_url: "string" },
  inbucket: { enabled: "boolean", port: "number" },
  storage: { enabled: "boolean", file_size_limit: "string" },
  "storage.buckets.*": {
    public: "boolean",
    file_size_limit: "string",
    allowed_mime_types: "string[]",
    objects_path: "string",
  },
  auth: {
    enabled: "boolean",
    site_url: "string",
    additional_redirect_urls: "string[]",
    jwt_expiry: "number",
    enable_refresh_token_rotation: "boolean",
    refresh_token_reuse_interval: "number",
    enable_signup: "boolean",
    minimum_password_length: "number",
  },
  edge_runtime: { enabled: "boolean", policy: "string", inspector_port: "number", deno_version: "number" },
  "edge_runtime.secrets": {},
  "functions.*": {
    enabled: "boolean",
    verify_jwt: "boolean",
    import_map: "string",
    entrypoint: "string",
    static_files: "string[]",
  },
  analytics: { enabled: "boolean", port: "number", backend: "string" },
};
const ENUMS: Record<string, string[]> = {
  "edge_runtime.policy": ["oneshot", "per_worker"],
  "db.pooler.pool_mode": ["transaction", "session"],
  "analytics.backend": ["postgres", "bigquery"],
};

export type TomlValue = string | number | boolean | string[];
export type Toml = Map<string, Map<string, TomlValue>>;

function parseValue(raw: string, where: string): TomlValue {
  const v = raw.trim();
  if (v === "true" || v === "false") return v === "true";
  if (/^-?\d+$/.test(v)) return Number(v);
  if (/^"(?:[^"\\]|\\.)*"$/.test(v)) return JSON.parse(v);
  if (v.startsWith("[") && v.endsWith("]")) {
    const inner = v.slice(1, -1).trim();
    if (!inner) return [];
    return inner.split(",").map((x) => x.trim()).filter(Boolean).map((x) => {
      const s = parseValue(x, where);
      if (typeof s !== "string") throw new Error(`${where}: arrays of strings only`);
      return s;
    });
  }
  throw new Error(`${where}: unsupported value ${v}`);
}

/** The subset of TOML config.toml uses: [sections], key = "string" | number | bool | ["strings"], # comments. */
export function parseToml(text: string): Toml {
  const out: Toml = new Map([["", new Map()]]);
  let section = "";
  for (const [i, line] of text.split("\n").entries()) {
    const l = line.replace(/\s+#.*$/, "").trim();
    if (!l || l.startsWith("#")) continue;
    const header = l.match(/^\[([A-Za-z0-9_.-]+)\]$/);
    if (header) {
      section = header[1];
      if (out.has(section)) throw new Error(`line ${i + 1}: duplicate section [${section}]`);
      out.set(section, new Map());
      continue;
    }
    const kv = l.match(/^([A-Za-z0-9_]+)\s*=\s*(.+)$/);
    if (!kv) throw new Error(`line ${i + 1}: not a key = value line: ${l}`);
    const keys = out.get(section)!;
    if (keys.has(kv[1])) throw new Error(`line ${i + 1}: duplicate key ${kv[1]}`);
    keys.set(kv[1], parseValue(kv[2], `line ${i + 1}`));
  }
  return out;
}

function schemaFor(section: string): [string, Record<string, Kind>] | undefined {
  if (SCHEMA[section]) return [section, SCHEMA[section]];
  const parts = section.split(".");
  for (let i = parts.length - 1; i > 0; i--) {
    const pattern = [...parts.slice(0, i), "*"].join(".");
    if (parts.length === i + 1 && SCHEMA[pattern]) return [pattern, SCHEMA[pattern]];
  }
  return undefined;
}

/** Problems of config.toml against the CLI schema (empty when valid). */
export function validateConfig(toml: Toml): string[] {
  const problems: string[] = [];
  for (const [section, keys] of toml) {
    const found = schemaFor(section);
    if (!found) {
      problems.push(`unknown section [${section}]`);
      continue;
    }
    const [pattern, schema] = found;
    const secrets = pattern === "edge_runtime.secrets";
    for (const [key, value] of keys) {
      const kind = secrets ? "string" : schema[key];
      const name = section ? `${section}.${key}` : key;
      if (!kind) {
        problems.push(`unknown key ${name}`);
        continue;
      }
      const actual = Array.isArray(value) ? "string[]" : typeof value;
      if (actual !== kind) problems.push(`${name} must be ${kind}, is ${actual}`);
      const allowed = ENUMS[`${pattern}.${key}`];
      if (allowed && !allowed.includes(String(value))) {
        problems.push(`${name} must be one of ${allowed.join(", ")}`);
      }
    }
  }
  return problems;
}
