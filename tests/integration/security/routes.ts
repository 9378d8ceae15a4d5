// Route discovery for the security sweeps: every route of every service as registered in its Hono app (so a
// route added later is swept without touching the tests), joined with its OpenAPI operation (body fields,
// query and path parameters) when it has one.
import type { Platform } from "../../../shared/platform.ts";
import { serviceFactories, serviceNames } from "../../../shared/stack/services.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { loadPartnerConfig } from "../../../shared/partner/config.ts";
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { serveApp, type Served } from "../../support/http.ts";

/** A fresh platform and the whole local stack over HTTP, with every rate limit off (the sweeps send thousands
 * of requests from one address; the limits have their own tests in tests/integration/resilience/). */
export async function sweepStack(): Promise<{ p: TestPlatform; stack: Served }> {
  const p = await testPlatform();
  // Every RATE_LIMIT_* limit 0 (off), through the seam so the process environment stays untouched.
  const noLimits = {
    get: (k: string) => k.startsWith("RATE_LIMIT_") && !k.endsWith("WINDOW_SECONDS") ? "0" : undefined,
  };
  override(p, "rateLimitPolicy", rateLimitPolicyFromEnv(noLimits));
  // So are a partner's bounds on webhooks and invitations (security pass 13): every variant reaches the handler.
  override(p, "partnerConfig", { ...loadPartnerConfig(), webhooksMax: 1e9, invitationsPerDay: 1e9 });
  return { p, stack: serveApp(createStackHandler(p, [])) };
}

// deno-lint-ignore no-explicit-any
export type Schema = Record<string, any>;

export interface SweepRoute {
  service: string;
  method: string;
  /** Hono path without the service prefix, e.g. `/leads/:id`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Request headers the operation declares (e.g. Idempotency-Key). */
  headerParams: string[];
  /** The query parameters' schemas and whether they are required. */
  query: Record<string, { required: boolean; schema: Schema }>;
  /** The request body's media type and (resolved) schema, when the OpenAPI document declares one. */
  bodyType?: string;
  body?: Schema;
  /** The media types the OpenAPI document declares per response status (e.g. an HTML unsubscribe page). */
  responseTypes: Record<string, string[]>;
}

const PLATFORM_PATHS = ["/health", "/health/ready", "/openapi.json"];

/** Every route of every service (health and the OpenAPI document excluded), deduplicated. */
export async function sweepRoutes(p: Platform): Promise<SweepRoute[]> {
  const out: SweepRoute[] = [];
  for (const service of serviceNames) {
    const app = serviceFactories[service](p) as unknown as {
      routes: { method: string; path: string }[];
      fetch(r: Request): Promise<Response>;
    };
    const doc = await (await app.fetch(new Request(`http://local/${service}/openapi.json`))).json();
    const components = doc.components?.schemas ?? {};
    const resolve = (s: Schema | undefined, depth = 0): Schema | undefined => {
      if (!s || depth > 8) return s;
      if (s.$ref) return resolve(components[String(s.$ref).split("/").pop()!], depth + 1);
      const r: Schema = { ...s };
      if (r.properties) {
        r.properties = Object.fromEntries(
          Object.entries(r.properties).map(([k, v]) => [k, resolve(v as Schema, depth + 1)]),
        );
      }
      if (r.items) r.items = resolve(r.items, depth + 1);
      for (const k of ["anyOf", "oneOf", "allOf"]) {
        if (Array.isArray(r[k])) r[k] = r[k].map((x: Schema) => resolve(x, depth + 1));
      }
      return r;
    };
    const seen = new Set<string>();
    for (const r of app.routes) {
      if (r.method === "ALL" || r.path.includes("*")) continue;
      const path = r.path.slice(service.length + 1) || "/";
      if (PLATFORM_PATHS.includes(path) || seen.has(r.method + path)) continue;
      seen.add(r.method + path);
      const pathParams = [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      const oaPath = `/${service}${path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, "{$1}")}`;
      const op = doc.paths?.[oaPath]?.[r.method.toLowerCase()];
      const content = op?.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      out.push({
        service,
        method: r.method,
        path,
        pathParams,
        queryParams: (op?.parameters ?? []).filter((x: Schema) => x.in === "query").map((x: Schema) =>
          String(x.name)
        ),
        headerParams: (op?.parameters ?? []).filter((x: Schema) => x.in === "header").map((x: Schema) =>
          String(x.name)
        ),
        query: Object.fromEntries(
          (op?.parameters ?? []).filter((x: Schema) => x.in === "query").map((x: Schema) => [
            String(x.name),
            { required: x.required === true, schema: x.schema ?? {} },
          ]),
        ),
        bodyType,
        body: bodyType ? resolve(content[bodyType].schema) : undefined,
        responseTypes: Object.fromEntries(
          Object.entries(op?.responses ?? {}).map((
            [status, r],
          ) => [status, Object.keys((r as Schema).content ?? {})]),
        ),
      });
    }
  }
  return out;
}

/** A plausible value for a schema (the base every hostile variant changes one field of). */
export function sample(s: Schema | undefined, depth = 0, key = ""): unknown {
  if (!s || depth > 4) return "x";
  const known = byName(key, s);
  if (known !== undefined) return known;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.const !== undefined) return s.const;
  for (const k of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(s[k]) && s[k].length) {
      const pick = s[k].find((x: Schema) => x.type !== "null") ?? s[k][0];
      return sample(pick, depth + 1, key);
    }
  }
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      // Only the required fields: optional ones with formats of their own (logos, phones) stay out of the base.
      const o: Record<string, unknown> = {};
      const required: string[] = s.required ?? [];
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (required.includes(k)) o[k] = sample(v as Schema, depth + 1, k);
      }
      return o;
    }
    case "array":
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, depth + 1, key));
    case "integer":
      return s.minimum ?? 1;
    case "number":
      return s.minimum ?? 1;
    case "boolean":
      return false;
    case "string":
      if (s.format === "uuid") return crypto.randomUUID();
      if (s.format === "email") return "attacker@example.com";
      if (s.format === "date-time") return "2026-11-24T10:00:00Z";
      if (s.format === "date") return "2026-11-24";
      if (s.format === "uri" || s.format === "url") return "https://example.com/x";
      return "x".repeat(Math.max(1, s.minLength ?? 1));
    default:
      return "x";
  }
}

/** Values the platform's validators want for well-known field names (a US state, a ZIP code, a phone). */
function byName(key: string, s: Schema): unknown {
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== "null") : s.type;
  if (type !== "string" || s.enum || s.format === "uuid") return undefined;
  if (/(^|_)state$|State$/.test(key)) return "CA";
  if (/zip/i.test(key)) return "94105";
  if (/phone/i.test(key)) return "+1 415 555 0100";
  if (/email/i.test(key)) return "attacker@example.com";
  if (/url$/i.test(key)) return "https://example.com/x";
  if (key === "month") return "2026-01";
  if (key === "line1") return "1 Market St";
  if (key === "city") return "San Francisco";
  return undefined;
}

/** Plausible bodies and queries where a sample generated from the schema cannot meet a rule across fields (the
 * sweeps use them as the base their variants change; routes added later are swept with their generated sample). */
export function plausibleBases(
  orgId: string,
): Record<string, { body?: Record<string, unknown>; query?: string }> {
  const home = { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
  const contact = { first_name: "Alpha", email: "alpha2@alpha-tenant.example" };
  const year = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 600 }));
  return {
    "POST /utility-bill-service/process-utility-bill": {
      body: {
        objectPath: `bills/${orgId}/x.pdf`,
        transactionId: crypto.randomUUID(),
        transactionGroupId: crypto.randomUUID(),
      },
    },
    "POST /widget-service/create-lead": { body: { contact, address: home, consent: true } },
    "POST /widget-service/process-widget-savings-info": {
      body: { contact, address: home, usage_by_month: year },
    },
    "POST /savings-insight-service/savings-insight-report": {
      body: {
        customerName: "Alpha",
        email: "alpha3@alpha-tenant.example",
        address: "1 Market St, San Francisco, CA 94105",
        usageByMonth: year,
      },
    },
    "GET /widget-service/utility-providers": { query: "zip=94105" },
    "GET /widget-service/energy-providers": { query: "zip=94105" },
    "GET /widget-service/geocode": { query: "address=1%20Market%20St%2C%20San%20Francisco%2C%20CA" },
    "PUT /widget-service/widget-config": { body: { serving_states: ["CA"], roof_types: ["Shingle"] } },
  };
}
