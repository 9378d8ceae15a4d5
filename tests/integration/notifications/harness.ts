// A notification service on a fresh test database, served over real HTTP, with a seeded partner (contact,
// billing contact, technician), a job and an invoice, and helpers to push signed bus messages at it.
import { Buffer } from "node:buffer";
import { ulid } from "ulid";
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { serveApp, type Served } from "../../support/http.ts";
import { override } from "../../../shared/platform.ts";
import { createApp } from "../../../supabase/functions/notification-service/app.ts";
import { loadNotificationConfig, type NotificationConfig } from "../../../shared/notifications/config.ts";
import { LOCAL_PUSH_IDENTITY, signPushToken } from "../../../shared/bus/push_token.ts";

export interface Person {
  id: string;
  email: string;
  name: string;
}

export interface Harness {
  p: TestPlatform;
  server: Served;
  serviceUrl: string;
  cfg: NotificationConfig;
  org: { id: string; name: string };
  technician: Person;
  contact: Person;
  billing: Person;
  jobId: string;
  invoiceId: string;
  token(audience?: string): Promise<string>;
  envelope(eventType: string, payload?: Record<string, unknown>): Record<string, unknown>;
  /** POSTs a push body; `envelope` may be an object (encoded) or a ready body. */
  push(
    envelope: Record<string, unknown>,
    opts?: { messageId?: string },
  ): Promise<{ status: number; body: any; messageId: string }>;
  pushRaw(body: unknown, headers?: Record<string, string>): Promise<Response>;
  emails(to?: string): Promise<Record<string, unknown>[]>;
  logRows(): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export const SECRETS = {
  webhookSecret: "whsec_" + Buffer.from("integration-test-webhook-secret!").toString("base64"),
  internalToken: "internal-test-token",
  unsubscribeSecret: "unsubscribe-test-secret",
};

export async function notificationHarness(
  opts: { configure?: (p: TestPlatform) => void } = {},
): Promise<Harness> {
  const p = await testPlatform();
  const app = createApp(p);
  const server = serveApp(app.fetch);
  const serviceUrl = `${server.url}/notification-service`;
  const cfg: NotificationConfig = {
    ...loadNotificationConfig(p),
    ...SECRETS,
    serviceUrl,
    push: {
      issuers: [p.config.jwtIssuer],
      audiences: [serviceUrl, `${serviceUrl}/events/push`],
      allowedEmails: [LOCAL_PUSH_IDENTITY],
    },
  };
  override(p, "notificationConfig", cfg);
  opts.configure?.(p);

  const slug = `org-${crypto.randomUUID().slice(0, 8)}`;
  const [org] = await p
    .sql`insert into public.organizations (name, slug) values ('Sunny Installers', ${slug}) returning id, name`;
  const person = async (name: string, role: string): Promise<Person> => {
    const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${
      crypto.randomUUID().slice(0, 6)
    }@example.test`;
    const [u] = await p
      .sql`insert into public.users (email, full_name, organization_id, role) values (${email}, ${name}, ${org.id}, ${role}) returning id`;
    return { id: u.id as string, email, name };
  };
  const technician = await person("Tess Technician", "technician");
  const contact = await person("Paula Partner", "partner_admin");
  const billing = await person("Bill Billing", "partner_user");
  await p
    .sql`insert into public.partner_contacts (organization_id, contact_user_id, billing_contact_user_id) values (${org.id}, ${contact.id}, ${billing.id})`;
  const [job] = await p
    .sql`insert into public.jobs (organization_id, address, status, technician_id, completed_at, cancelled_at)
    values (${org.id}, '12 Elm St, Springfield, IL 62701', 'Assigned', ${technician.id}, '2026-11-20T15:30:00Z', '2026-11-21T09:00:00Z') returning id`;
  const [inv] = await p
    .sql`insert into public.invoices (organization_id, job_id, amount, due_date, customer_name, paid_at, sent_at)
    values (${org.id}, ${job.id}, 1234.5, '2026-12-15', 'Homer Owner', '2026-11-21T10:00:00Z', '2026-11-20T10:00:00Z') returning id`;

  const token = (audience = `${serviceUrl}/events/push`) => signPushToken(p, audience, LOCAL_PUSH_IDENTITY);
  const pushRaw = async (body: unknown, headers: Record<string, string> = {}) =>
    await fetch(`${serviceUrl}/events/push`, {
      method: "POST",
      headers: { authorization: `Bearer ${await token()}`, "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    p,
    server,
    serviceUrl,
    cfg,
    org: { id: org.id as string, name: org.name as string },
    technician,
    contact,
    billing,
    jobId: job.id as string,
    invoiceId: inv.id as string,
    token,
    envelope: (eventType, payload = {}) => ({
      event_id: ulid(),
      event_type: eventType,
      source: "test-suite",
      created_at: new Date().toISOString(),
      payload,
    }),
    async push(envelope, o = {}) {
      const messageId = o.messageId ?? ulid();
      const res = await pushRaw(pushBody(envelope, messageId));
      return { status: res.status, body: await res.json(), messageId };
    },
    pushRaw,
    emails: async (to) => {
      const rows = await p.sql`select * from mail.outbox where ${to ?? null}::text is null or ${
        to ?? ""
      } = any(to_addresses) order by created_at`;
      return rows as unknown as Record<string, unknown>[];
    },
    logRows: async () =>
      await p
        .sql`select * from public.notification_log order by created_at, idempotency_key` as unknown as Record<
          string,
          unknown
        >[],
    async close() {
      await server.close();
      await p.close();
    },
  };
}

export function pushBody(envelope: Record<string, unknown>, messageId: string) {
  return {
    message: {
      data: Buffer.from(JSON.stringify(envelope)).toString("base64"),
      messageId,
      publishTime: new Date().toISOString(),
      attributes: { event_type: String(envelope.event_type) },
    },
    subscription: "projects/local/subscriptions/notification-service.test",
    deliveryAttempt: 1,
  };
}

/** Polls `check` every 20 ms until it is truthy; throws after `ms`. */
export async function until<T>(what: string, check: () => Promise<T>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}
