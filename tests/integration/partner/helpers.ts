import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { type TestIdentity, tokensFor } from "../../support/auth.ts";
import { serveApp, type Served } from "../../support/http.ts";
import { createApp as partnerApp } from "../../../supabase/functions/partner-service/app.ts";
import { createApp as widgetApp } from "../../../supabase/functions/widget-service/app.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";

/** Who makes a call: only the request headers it sends (a signed-in identity, a session token, or nobody). */
export type Caller = Pick<TestIdentity, "headers">;
/** A caller without credentials. */
export const anonymous: Caller = { headers: {} };
/** A caller presenting `idToken` as its bearer token. */
export const bearer = (idToken: string): Caller => ({ headers: { Authorization: `Bearer ${idToken}` } });

export interface PartnerEnv {
  p: TestPlatform;
  admin: TestIdentity;
  user: TestIdentity;
  widget: TestIdentity;
  other: TestIdentity;
  /** Calls /<service><path> on the real HTTP server (partner-service or widget-service). */
  call(
    who: Caller,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: any; text: string; headers: Headers }>;
  lead(first: string, address: Record<string, string>, extra?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/** Both services on one port, a partner (admin, user, widget) serving CA and NY, and a second partner. */
export async function partnerEnv(): Promise<PartnerEnv> {
  const p = await testPlatform();
  const partner = partnerApp(p), widget = widgetApp(p);
  const s: Served = serveApp((req) =>
    (new URL(req.url).pathname.startsWith("/partner-service") ? partner : widget).fetch(req)
  );
  const admin = await tokensFor(p, { role: "partner_admin", orgName: "Sunny Roofs LLC" });
  const user = await tokensFor(p, { role: "partner_user", orgId: admin.orgId });
  const w = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  const other = await tokensFor(p, { role: "partner_admin" });
  await saveWidgetConfig(p, admin.orgId, {
    serving_states: ["CA", "NY"],
    roof_types: ["Shingle"],
    widget_info: "",
    theme: { primary: "#1d4ed8" },
  });
  const call = async (who: Caller, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${s.url}${path}`, {
      method,
      headers: { ...who.headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // deno-lint-ignore no-explicit-any
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch { /* CSV, PDF */ }
    return { status: res.status, json, text, headers: res.headers };
  };
  const lead = async (
    first: string,
    address: Record<string, string>,
    extra: Record<string, unknown> = {},
  ) => {
    const r = await call(w, "POST", "/widget-service/create-lead", {
      idempotency_key: crypto.randomUUID(),
      contact: {
        first_name: first,
        last_name: "Doe",
        email: `${first.toLowerCase().replace(/[^a-z]/g, "") || "x"}@example.com`,
        phone: "+1 415 555 0100",
      },
      address,
      consent: true,
      ...extra,
    });
    if (r.status !== 201) throw new Error(`create-lead ${r.status} ${r.text}`);
    return r.json.data.id as string;
  };
  return {
    p,
    admin,
    user,
    widget: w,
    other,
    call,
    lead,
    close: async () => {
      await s.close();
      await p.close();
    },
  };
}

export const SF = { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
export const MIAMI = { line1: "200 Biscayne Blvd", city: "Miami", state: "FL", zip: "33131" };
