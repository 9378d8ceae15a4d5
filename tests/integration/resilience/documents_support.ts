// Shared pieces of the document resilience tests: the hostile fixtures, the whole stack on a test
// database, and a /health poller that records how long each answer took.
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { type TestIdentity, tokensFor } from "../../support/auth.ts";
import { serveApp, type Served } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";
import { closeDocumentEngine } from "../../../shared/documents/engine/index.ts";

export const bomb = (name: string) =>
  Deno.readFileSync(new URL(`../../fixtures/documents/${name}`, import.meta.url));
export const dataUri = (png: Uint8Array) =>
  `data:image/png;base64,${btoa(Array.from(png, (b) => String.fromCharCode(b)).join(""))}`;

export interface Stack {
  p: TestPlatform;
  s: Served;
  admin: TestIdentity;
  widget: TestIdentity;
  close(): Promise<void>;
}

/** Every service behind the stack's gateway, a configured partner with an active subscription. */
export async function stack(): Promise<Stack> {
  const p = await testPlatform();
  const s = serveApp(createStackHandler(p, []));
  const admin = await tokensFor(p, { role: "partner_admin" });
  const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  await upsertSubscription(p.sql, admin.orgId);
  await saveWidgetConfig(p, admin.orgId, {
    serving_states: ["CA", "NY"],
    roof_types: ["Shingle"],
    widget_info: "",
    theme: {},
  });
  return {
    p,
    s,
    admin,
    widget,
    close: async () => {
      await closeDocumentEngine();
      await s.close();
      await p.close();
    },
  };
}

/** Runs the engine with some limits changed (new workers see them), then restores them. */
export async function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, Deno.env.get(k)]));
  for (const [k, v] of Object.entries(vars)) Deno.env.set(k, v);
  await closeDocumentEngine();
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(before)) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
    await closeDocumentEngine();
  }
}

/** Polls GET /health every `everyMs` while `work` runs; returns work's result and each health latency (ms). */
export async function healthDuring<T>(
  base: string,
  work: Promise<T>,
  everyMs = 25,
): Promise<{ result: T; latencies: number[] }> {
  const latencies: number[] = [];
  let done = false;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      const r = await fetch(`${base}/v1/pdf-generator-service/health`);
      await r.body?.cancel();
      if (r.status !== 200) throw new Error(`health answered ${r.status}`);
      latencies.push(performance.now() - t0);
      await new Promise((res) => setTimeout(res, everyMs));
    }
  })();
  try {
    return { result: await work, latencies };
  } finally {
    done = true;
    await poll;
  }
}

export async function post(
  s: Served,
  who: TestIdentity,
  path: string,
  body: unknown,
): Promise<{ status: number; json: any; headers: Headers }> {
  const form = body instanceof FormData;
  const r = await fetch(`${s.url}/v1${path}`, {
    method: path.includes("widget-config") ? "PUT" : "POST",
    headers: { ...who.headers, ...(form ? {} : { "content-type": "application/json" }) },
    body: form ? body : JSON.stringify(body),
  });
  const type = r.headers.get("content-type") ?? "";
  return {
    status: r.status,
    json: type.includes("json") ? await r.json() : (await r.body?.cancel(), null),
    headers: r.headers,
  };
}

export function upload(name: string, bytes: Uint8Array): FormData {
  const form = new FormData();
  form.append("files", new File([bytes as BlobPart], name));
  return form;
}
