import { jsonb } from "../../../shared/db/client.ts";
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { type TestIdentity, tokensFor } from "../../support/auth.ts";
import { serveApp, type Served } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/widget-service/app.ts";
import { saveWidgetConfig } from "../../../shared/widget/config.ts";

export interface WidgetEnv {
  p: TestPlatform;
  s: Served;
  admin: TestIdentity;
  widget: TestIdentity;
  other: TestIdentity;
  call(
    who: TestIdentity,
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: any }>;
  close(): Promise<void>;
}

/** A widget-service on a fresh database with a configured partner (admin + widget user) and a second partner. */
export async function widgetEnv(opts: { configure?: boolean } = {}): Promise<WidgetEnv> {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p, { role: "partner_admin" });
  const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  const other = await tokensFor(p, { role: "widget" });
  if (opts.configure !== false) {
    await saveWidgetConfig(p, admin.orgId, {
      serving_states: ["CA", "NY", "TX"],
      roof_types: ["Shingle", "Tile", "Metal"],
      widget_info: "<p>Hi</p>",
      theme: {},
    });
    await saveWidgetConfig(p, other.orgId, {
      serving_states: ["FL"],
      roof_types: ["Tile"],
      widget_info: "",
      theme: {},
    });
  }
  const call = async (
    who: TestIdentity,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${s.url}/widget-service${path}`, {
      method,
      headers: {
        ...who.headers,
        ...(body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  };
  return {
    p,
    s,
    admin,
    widget,
    other,
    call,
    close: async () => {
      await s.close();
      await p.close();
    },
  };
}

/**
 * Stores a bill extraction (one item) for the partner, as the bill reader would after an upload in `session` (the
 * widget's homeowner session, e.widget's by default); returns its transactionId.
 */
export async function storeExtraction(
  e: WidgetEnv,
  item: unknown,
  orgId = e.admin.orgId,
  session: string | null = e.widget.widgetSession,
): Promise<string> {
  const id = crypto.randomUUID();
  await e.p
    .sql`insert into public.bill_extractions (organization_id, transaction_id, transaction_group_id, mode, status, percentage, message, result,
      widget_session)
    values (${orgId}, ${id}, ${crypto.randomUUID()}, 'upload', 'COMPLETED', 100, 'done', ${
    jsonb(e.p.sql, { data: { items: [item] } })
  }, ${session})`;
  return id;
}

export const address = { line1: "1 Market St", city: "San Francisco", state: "CA", zip: "94105" };
export const contact = {
  first_name: "Jane",
  last_name: "Doe",
  email: "jane@example.com",
  phone: "+1 415 555 0100",
};

/**
 * A lead for `address` on `utility` (idempotency key and email from `key`), then its report from
 * /process-widget-savings-info with `body` (usage_by_month, bill, confirmed …): the stored report row and its text.
 */
export async function leadReport(
  e: WidgetEnv,
  key: string,
  home: Record<string, string>,
  utility: string,
  body: Record<string, unknown>,
): Promise<{ row: Record<string, any>; text: string }> {
  const lead = await e.call(e.widget, "POST", "/create-lead", {
    idempotency_key: `${key}-lead`,
    contact: { ...contact, email: `${key}@example.com` },
    address: home,
    utility_provider: utility,
    consent: true,
  });
  if (lead.status !== 201) throw new Error(`create-lead ${lead.status}: ${JSON.stringify(lead.json)}`);
  const r = await e.call(e.widget, "POST", "/process-widget-savings-info", {
    lead_id: lead.json.data.id,
    ...body,
  });
  if (r.status !== 200) throw new Error(`process-widget-savings-info ${r.status}: ${JSON.stringify(r.json)}`);
  const [row] = await e.p
    .sql`select figures, report, input from public.savings_reports where id = ${r.json.data.transactionId}`;
  return { row, text: (row.report.sections as { text: string }[]).map((s) => s.text).join("") };
}
