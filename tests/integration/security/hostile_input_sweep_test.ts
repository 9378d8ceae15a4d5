// Hostile input sweep (docs/security.md "Sweeps"): every route of every service, discovered from the registered
// Hono apps and their OpenAPI documents (a route added later is swept without touching this file), called with a
// VALID token of a role that may call it and a bounded, deterministic set of hostile variants. Every answer must
// be < 500 (503 only for a seam that says it is not configured), a 4xx must be the platform's JSON error body, no
// body may carry a stack trace, a file path or SQL text, and every service must still answer /health afterwards.
import assert from "node:assert/strict";
import { tokensFor } from "../../support/auth.ts";
import { serviceNames } from "../../../shared/stack/services.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";
import { plausibleBases, sample, type Schema, type SweepRoute, sweepRoutes, sweepStack } from "./routes.ts";

interface Variant {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Another HTTP method than the route's (an unknown verb). */
  method?: string;
  query?: string;
  body?: BodyInit;
  contentType?: string;
}

const LONG = "x".repeat(100_000);
// Raw JSON texts (so NUL and an unpaired surrogate reach the server as escapes JSON.stringify would not write).
const NUL = '"a\\u0000b"';
const SURROGATE = '"a\\ud800b"';
/** Values each known body field is set to, one field at a time, the others plausible. */
const FIELD_VALUES: [string, string][] = [
  ["object", "{}"],
  ["array", "[]"],
  ["array of junk", '[{"a":1},null,"x"]'],
  ["number", "42"],
  ["bool", "true"],
  ["null", "null"],
  ["100 KB string", JSON.stringify(LONG)],
  ["NUL", NUL],
  ["unpaired surrogate", SURROGATE],
  ["1e308", "1e308"],
  ["-1", "-1"],
  ["NaN as string", '"NaN"'],
  ["date 0000-00-00", '"0000-00-00"'],
  ["date 2024-13-45", '"2024-13-45"'],
  ["sql", JSON.stringify("' or 1=1--")],
  // JSON.parse reads 1e999 as Infinity (z.number() alone takes it); 30 digits lose precision as a double.
  ["1e999", "1e999"],
  ["30-digit integer", "123456789012345678901234567890"],
  ["CRLF header text", JSON.stringify("a\r\nBcc: x@evil.example\r\n\r\n<b>x</b>")],
  ["non-Latin-1 text", JSON.stringify("請求書 \u202e fdp.exe")],
  // Texts that make backtracking regexes quadratic (numbers and addresses, emails, CSS-like braces).
  ["ReDoS digits and spaces", JSON.stringify("1 ".repeat(25_000) + "x")],
  ["ReDoS at-signs", JSON.stringify("a@".repeat(20_000))],
  ["ReDoS braces", JSON.stringify("a{".repeat(20_000))],
];
/** One request slower than this is a finding (a hang or a quadratic parser; the machine may be loaded). */
const SLOW_MS = 10_000;
/** Path parameter values that are not UUIDs (each already URL-encoded as it goes on the wire). */
const PATH_VALUES: [string, string][] = [
  ["traversal", encodeURIComponent("../../etc/passwd")],
  ["sql", encodeURIComponent("' or 1=1--")],
  ["%00", "%00"],
  ["300 chars", "a".repeat(300)],
  ["-1", "-1"],
  ["1e308", "1e308"],
  ["date", "0000-00-00"],
  ["unpaired surrogate", "%ED%A0%80"],
];
const QUERY_VALUES: [string, string][] = [
  ["sql", encodeURIComponent("' or 1=1--")],
  ["%00", "%00"],
  ["4 KB", "q".repeat(4000)],
  ["-1", "-1"],
  ["1e308", "1e308"],
  ["NaN", "NaN"],
  ["0000-00-00", "0000-00-00"],
  ["2024-13-45", "2024-13-45"],
  ["unpaired surrogate", "%ED%A0%80"],
  ["empty", ""],
];

/** Values of declared request headers (a header is a byte string: no NUL, no lone surrogate). */
const HEADER_VALUES: [string, string][] = [
  ["sql", "' or 1=1--"],
  ["300 chars", "k".repeat(300)],
  ["8 KB", "k".repeat(8000)],
  ["latin-1", "caf\u00e9"],
  ["-1", "-1"],
  ["empty", ""],
];

function pathWith(route: SweepRoute, override?: [string, string]): string {
  return route.path.replace(
    /:([A-Za-z_]+)(\{[^}]*\})?/g,
    (_m, name: string) => override && override[0] === name ? override[1] : crypto.randomUUID(),
  );
}

function baseQuery(route: SweepRoute): URLSearchParams {
  const q = new URLSearchParams();
  for (const name of route.queryParams) q.set(name, name === "zip" ? "94103" : name === "state" ? "CA" : "1");
  return q;
}

/** Paths of an object's leaf fields (objects one level deep), so nested fields get wrong types too. */
function fieldPaths(s: Schema | undefined): string[][] {
  const out: string[][] = [];
  for (const [k, v] of Object.entries(s?.properties ?? {})) {
    out.push([k]);
    for (const inner of Object.keys((v as Schema)?.properties ?? {})) out.push([k, inner]);
  }
  return out;
}

/** JSON text of `base` with the field at `path` replaced by the raw JSON text `raw`. */
function withField(base: unknown, path: string[], raw: string): string {
  const marker = `__SWEEP_${crypto.randomUUID()}__`;
  const copy = structuredClone(base) as Record<string, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) {
    if (typeof at[k] !== "object" || at[k] === null || Array.isArray(at[k])) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[path[path.length - 1]] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), raw);
}

function variantsOf(route: SweepRoute, known?: Record<string, unknown>): Variant[] {
  const path = pathWith(route);
  const q = baseQuery(route).toString();
  const v: Variant[] = [
    { name: "plain", path, query: q },
    { name: "method PROPFIND", path, query: q, method: "PROPFIND" },
    {
      name: "method PURGE with a body",
      path,
      query: q,
      method: "PURGE",
      body: "{}",
      contentType: "application/json",
    },
  ];
  for (const param of route.pathParams) {
    for (const [name, value] of PATH_VALUES) {
      v.push({ name: `path ${param}=${name}`, path: pathWith(route, [param, value]), query: q });
    }
  }
  for (const param of route.queryParams) {
    for (const [name, value] of QUERY_VALUES) {
      const qs = baseQuery(route);
      qs.delete(param);
      v.push({ name: `query ${param}=${name}`, path, query: `${qs}&${param}=${value}` });
    }
    v.push({ name: `query ${param} repeated`, path, query: `${q}&${param}=1&${param}=2&${param}=x` });
    v.push({ name: `query ${param}[] array`, path, query: `${q}&${param}[]=1&${param}[]=2` });
  }
  for (const header of route.headerParams) {
    for (const [name, value] of HEADER_VALUES) {
      const body = route.bodyType === "application/json"
        ? JSON.stringify(known ?? sample(route.body))
        : undefined;
      v.push({
        name: `header ${header}=${name}`,
        path,
        query: q,
        headers: { [header]: value },
        body,
        contentType: body ? "application/json" : undefined,
      });
    }
  }
  if (route.method === "GET" || route.method === "DELETE") return v;
  const json = "application/json";
  v.push(
    { name: "no body", path, query: q },
    { name: "empty text as JSON", path, query: q, body: "", contentType: json },
    { name: "empty JSON", path, query: q, body: "{}", contentType: json },
    { name: "JSON array", path, query: q, body: "[]", contentType: json },
    { name: "JSON number", path, query: q, body: "42", contentType: json },
    { name: "JSON string", path, query: q, body: '"x"', contentType: json },
    { name: "JSON null", path, query: q, body: "null", contentType: json },
    { name: "broken JSON", path, query: q, body: '{"a":', contentType: json },
    { name: "text/plain", path, query: q, body: "{}", contentType: "text/plain" },
    { name: "urlencoded", path, query: q, body: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
    {
      name: "multipart junk",
      path,
      query: q,
      body: "--x\r\n\r\n",
      contentType: "multipart/form-data; boundary=x",
    },
    { name: "bogus content type", path, query: q, body: "{}", contentType: "application/x-evil" },
    // Bytes that are not UTF-8 (Latin-1 "é", a lone continuation byte, an overlong NUL).
    {
      name: "JSON that is not UTF-8",
      path,
      query: q,
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x80, 0xc0, 0x80, 0x22, 0x7d]),
      contentType: json,
    },
  );
  if (route.bodyType === "multipart/form-data") {
    for (const field of Object.keys(route.body?.properties ?? {})) {
      for (const [name, raw] of FIELD_VALUES) {
        const form = new FormData();
        form.set(field, name === "100 KB string" ? LONG : raw);
        v.push({ name: `form ${field}=${name}`, path, query: q, body: form });
      }
      const empty = new FormData();
      empty.set(
        field,
        new File([new Uint8Array(0)], "../../etc/passwd\u0000.pdf", { type: "application/pdf" }),
      );
      v.push({ name: `form ${field}=empty file with a hostile name`, path, query: q, body: empty });
    }
  } else if (route.body) {
    const base = known ?? sample(route.body);
    v.push({ name: "plausible body", path, query: q, body: JSON.stringify(base), contentType: json });
    // Prototype pollution: keys a naive merge would copy onto Object.prototype (checked after the sweep).
    const text = JSON.stringify(base);
    const inner = text.length > 2 ? text.slice(1, -1) + "," : "";
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const payload = key === "constructor"
        ? '{"prototype":{"sweepPolluted":true}}'
        : '{"sweepPolluted":true}';
      v.push({
        name: `body with ${key}`,
        path,
        query: q,
        body: `{${inner}"${key}":${payload}}`,
        contentType: json,
      });
    }
    // Duplicate keys: the first plausible, the second hostile (JSON.parse keeps the last).
    if (inner) {
      v.push({
        name: "body with duplicate keys",
        path,
        query: q,
        body: `{${inner}${
          Object.keys(base as Record<string, unknown>).map((k) => `${JSON.stringify(k)}:{"dup":[1e999]}`)
            .join(",")
        }}`,
        contentType: json,
      });
    }
    for (const field of fieldPaths(route.body)) {
      for (const [name, raw] of FIELD_VALUES) {
        v.push({
          name: `body ${field.join(".")}=${name}`,
          path,
          query: q,
          body: withField(base, field, raw),
          contentType: json,
        });
      }
    }
  }
  return v;
}

// A stack trace frame, a source or install path, or SQL / driver text in a body.
const LEAKS: [string, RegExp][] = [
  ["stack frame", /\bat (?:async )?[\w$.<>\[\] ]*\(?(?:file|https?|node|ext):/],
  ["stack frame", /\n\s+at /],
  ["file path", /file:\/\/|\/work\/|\/home\/|node_modules|\.ts:\d+/],
  ["SQL text", /\b(?:select|insert|update|delete)\b[^"]{0,80}\b(?:from|into|set|where)\b/i],
  [
    "driver text",
    /PostgresError|syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|relation "|column "|invalid input syntax/i,
  ],
];

Deno.test("hostile input sweep: every route, valid tokens, hostile bodies/params/queries: never 5xx, JSON errors, no leaks", async () => {
  const { p, stack } = await sweepStack();
  const started = performance.now();
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
    const technician = await tokensFor(p, { role: "technician", orgId: admin.orgId });
    const internal = {
      headers: {
        Authorization: `Bearer ${Deno.env.get("INTERNAL_SERVICE_TOKEN") ?? "dev-internal-service-token"}`,
      },
    };
    await saveWidgetConfig(p, admin.orgId, {
      serving_states: ["CA", "NY", "TX"],
      roof_types: ["Shingle", "Tile"],
      widget_info: "<p>Hi</p>",
      theme: {},
    });
    const routes = await sweepRoutes(p);
    const bases = plausibleBases(admin.orgId);
    const findings: string[] = [];
    let sent = 0;
    const send = async (route: SweepRoute, v: Variant, headers: Record<string, string>) => {
      const url = `${stack.url}/v1/${route.service}${v.path}${v.query ? `?${v.query}` : ""}`;
      const h: Record<string, string> = { ...headers, ...v.headers };
      if (v.contentType) h["content-type"] = v.contentType;
      const res = await fetch(url, { method: v.method ?? route.method, headers: h, body: v.body });
      sent++;
      return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
    };
    const slowest: [number, string][] = [];
    for (const route of routes) {
      const routeStarted = performance.now();
      // The role that may call it: a partner admin, else the partner's widget token (widget routes), else a
      // technician, else the platform's internal service token (notification-service): the first not refused.
      let headers = admin.headers;
      for (const who of [admin, widget, technician, internal]) {
        headers = who.headers;
        const probe = await send(route, {
          name: "probe",
          path: pathWith(route),
          query: baseQuery(route).toString(),
        }, headers);
        if (probe.status !== 403 && probe.status !== 401) break;
      }
      for (const v of variantsOf(route, bases[`${route.method} /${route.service}${route.path}`]?.body)) {
        const label = `${route.method} /${route.service}${route.path} [${v.name}]`;
        const t0 = performance.now();
        const r = await send(route, v, headers);
        const ms = performance.now() - t0;
        if (ms > SLOW_MS) findings.push(`${label}: ${r.status} after ${Math.round(ms)} ms`);
        if (Deno.env.get("SWEEP_TRACE")) {
          console.log(`TRACE ${Math.round(performance.now() - t0)} ms ${r.status} ${label}`);
        }
        const body = r.text.slice(0, 300);
        if (r.status >= 500) {
          let code = "";
          try {
            code = JSON.parse(r.text).error?.code ?? "";
          } catch { /* not JSON: reported below */ }
          if (!(r.status === 503 && /not_configured$/.test(code))) {
            findings.push(`${label}: ${r.status} ${body}`);
          }
        }
        if (r.status >= 400 && r.status < 500) {
          let ok = false;
          try {
            const e = JSON.parse(r.text).error;
            ok = typeof e?.code === "string" && /^[a-z0-9_]+$/.test(e.code) && typeof e.message === "string";
          } catch { /* not JSON */ }
          // A page meant for a browser (the unsubscribe link) may answer its declared HTML instead.
          const declared = route.responseTypes[String(r.status)] ?? [];
          const html = declared.length > 0 && declared.every((t) => t === "text/html") &&
            r.type.startsWith("text/html");
          if (!html && (!ok || !r.type.includes("application/json"))) {
            findings.push(`${label}: ${r.status} is not the JSON error shape: ${r.type} ${body}`);
          }
        }
        const text = r.type.includes("json") || r.type.startsWith("text/") ? r.text : "";
        for (const [what, re] of LEAKS) {
          // SQL-looking words are only suspicious in an error body (a lead's note may say "select from").
          if (what === "SQL text" && r.status < 400) continue;
          const m = text.match(re);
          if (m) findings.push(`${label}: ${r.status} body leaks ${what} (${JSON.stringify(m[0])}): ${body}`);
        }
      }
      // Races: the plausible request six times at once (one idempotency key): the domains' "does it exist?" checks
      // cannot see each other's inserts, so a unique violation must not surface as a 5xx. A fresh email (the
      // sample's is taken by the variants above), so the six race to create the same record.
      if (route.method !== "GET" && route.method !== "DELETE" && route.bodyType === "application/json") {
        const body = JSON.stringify(
          bases[`${route.method} /${route.service}${route.path}`]?.body ?? sample(route.body),
        ).replaceAll("attacker@example.com", `race-${crypto.randomUUID().slice(0, 8)}@example.com`);
        const key = crypto.randomUUID();
        const race = { name: "six at once", path: pathWith(route), query: baseQuery(route).toString(), body };
        const answers = await Promise.all(
          Array.from(
            { length: 6 },
            () =>
              send(route, { ...race, contentType: "application/json" }, {
                ...headers,
                "Idempotency-Key": key,
              }),
          ),
        );
        for (const r of answers) {
          if (r.status >= 500 && !(r.status === 503 && /not_configured"/.test(r.text))) {
            findings.push(
              `${route.method} /${route.service}${route.path} [six at once]: ${r.status} ${
                r.text.slice(0, 200)
              }`,
            );
          }
        }
      }
      slowest.push([performance.now() - routeStarted, `${route.method} /${route.service}${route.path}`]);
    }
    assert.equal(
      (Object.prototype as Record<string, unknown>).sweepPolluted,
      undefined,
      "no body polluted Object.prototype",
    );
    for (const svc of serviceNames) {
      const health = await fetch(`${stack.url}/v1/${svc}/health`);
      assert.equal(health.status, 200, `${svc} still answers /health`);
      await health.body?.cancel();
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `hostile sweep: ${routes.length} routes, ${sent} requests in ${seconds.toFixed(1)} s; slowest: ${
        slowest.sort((x, y) => y[0] - x[0]).slice(0, 5).map(([ms, r]) => `${r} ${(ms / 1000).toFixed(1)} s`)
          .join(", ")
      }`,
    );
    assert.ok(routes.length >= 60, `expected the services' routes, found ${routes.length}`);
    assert.deepEqual(findings, [], `${findings.length} findings:\n${findings.join("\n")}`);
  } finally {
    await stack.close();
    await p.close();
  }
});
