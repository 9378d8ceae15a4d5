// Notifications on the local stack: the dev mailbox (/dev/mailbox), the embedded bus's push loop with the
// notification service's push subscriptions, and demo portal data (a technician, a job, an invoice).
import type { Hono } from "hono";
import { ulid } from "ulid";
import type { StackExtension } from "../extension.ts";
import type { Platform } from "../../platform.ts";
import { envInt } from "../../config.ts";
import { errorText, log } from "../../log.ts";
import { getOutboxAttachment, getOutboxEmail, listOutbox, markOutboxEvent } from "../../email/outbox.ts";
import {
  DELIVERY_EVENTS,
  mailboxEmailPage,
  mailboxListPage,
  type MailboxRow,
} from "../../email/mailbox_page.ts";
import { notificationConfig } from "../../notifications/config.ts";
import { templates } from "../../notifications/templates.ts";
import { signWebhook } from "../../notifications/webhook.ts";
import { ensureNotificationSubscriptions } from "../../bus/subscriptions.ts";
import { startPusher } from "../../bus/pusher.ts";
import { pruneBus } from "../../bus/retention.ts";
import { errorBody } from "../../http/errors.ts";
import { contentDisposition, servedFileType } from "../../http/headers.ts";
import { devToken } from "../dev_guard.ts";

/** Where this process itself serves the notification service (the push loop and mailbox call it). */
const localServiceUrl = () => `http://127.0.0.1:${envInt("PORT", 54321)}/functions/v1/notification-service`;

async function withLogStatus(
  p: Platform,
  emails: Awaited<ReturnType<typeof listOutbox>>,
): Promise<MailboxRow[]> {
  if (!emails.length) return [];
  const rows = await p
    .sql`select provider_email_id, status from public.notification_log where provider_email_id = any(${
    emails.map((e) => e.id)
  })`;
  const status = new Map(rows.map((r) => [r.provider_email_id as string, r.status as string]));
  return emails.map((e) => ({ ...e, logStatus: status.get(e.id) ?? null }));
}

function routes(app: Hono, p: Platform) {
  app.get("/dev/mailbox", async (c) => {
    const to = c.req.query("to") || undefined;
    return c.html(
      mailboxListPage(await withLogStatus(p, await listOutbox(p.sql, { to, limit: 200 })), { to }),
    );
  });
  app.get("/dev/mailbox.json", async (c) => {
    const to = c.req.query("to") || undefined;
    const limit = Math.min(500, Math.max(1, Number(c.req.query("limit")) || 100));
    return c.json({ emails: await withLogStatus(p, await listOutbox(p.sql, { to, limit })) });
  });
  app.get("/dev/mailbox/:id", async (c) => {
    const e = await getOutboxEmail(p.sql, c.req.param("id"));
    if (!e) return c.json(errorBody("not_found", "No such email in the outbox"), 404);
    const [row] = await withLogStatus(p, [e]);
    return c.html(mailboxEmailPage(row, devToken(p), c.req.query("fired")));
  });
  app.get("/dev/mailbox/:id/attachments/:position", async (c) => {
    const position = Number(c.req.param("position"));
    const a = Number.isInteger(position) && position >= 0 && position < 10_000
      ? await getOutboxAttachment(p.sql, c.req.param("id"), position)
      : null;
    if (!a) return c.json(errorBody("not_found", "No such attachment"), 404);
    const disposition = c.req.query("inline") ? "inline" : "attachment";
    // PDFs and raster images open as they are; anything else that a browser could run (HTML, SVG) opens
    // in a sandbox, not as the stack's origin.
    const safe = servedFileType(a.contentType) !== "application/octet-stream";
    return c.body(a.content as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": a.contentType,
      "Content-Disposition": contentDisposition(disposition, a.filename),
      "X-Content-Type-Options": "nosniff",
      ...(safe ? {} : { "Content-Security-Policy": "sandbox" }),
    });
  });
  app.post("/dev/mailbox/:id/events/:type", async (c) => {
    const id = c.req.param("id");
    const type = c.req.param("type");
    if (!(DELIVERY_EVENTS as readonly string[]).includes(type)) {
      return c.json(errorBody("invalid_request", "Unknown delivery event"), 400);
    }
    const e = await getOutboxEmail(p.sql, id);
    if (!e) return c.json(errorBody("not_found", "No such email in the outbox"), 404);
    const body = JSON.stringify({
      type: `email.${type}`,
      created_at: new Date().toISOString(),
      data: {
        email_id: id,
        from: e.from,
        to: e.to,
        subject: e.subject,
        created_at: e.createdAt.toISOString(),
        ...(type === "bounced"
          ? {
            bounce: {
              message: "The recipient's mailbox does not exist (dev mailbox)",
              type: "Permanent",
              subType: "General",
            },
          }
          : {}),
      },
    });
    let flash: string;
    try {
      const res = await fetch(`${localServiceUrl()}/events/webhook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...signWebhook(notificationConfig(p).webhookSecret, `msg_${ulid()}`, body),
        },
        body,
      });
      flash = `email.${type} → ${res.status} ${await res.text()}`;
      if (res.ok) await markOutboxEvent(p.sql, id, type);
    } catch (err) {
      flash = `email.${type} could not be delivered: ${errorText(err)}`;
    }
    return c.redirect(`/dev/mailbox/${encodeURIComponent(id)}?fired=${encodeURIComponent(flash)}`, 303);
  });
}

function prune(p: Platform): Promise<void> {
  return pruneBus(p.sql).then((n) => log("info", "bus retention", n)).catch((e) =>
    log("warn", "bus retention failed", { error: errorText(e) })
  );
}

async function start(p: Platform): Promise<() => Promise<void>> {
  const cfg = notificationConfig(p);
  await ensureNotificationSubscriptions(p.sql, `${localServiceUrl()}/events/push`, {
    oidcAudience: `${cfg.serviceUrl}/events/push`,
  });
  // Handlebars (≈25–40 ms of CPU) loads now, after the start was printed, not with the modules beside initdb; a push
  // that comes first waits for it (shared/notifications/push.ts).
  templates(p).load().catch((e) => log("warn", "email templates failed to load", { error: errorText(e) }));
  const pusher = startPusher(p);
  log("info", "event bus push loop started", { endpoint: `${localServiceUrl()}/events/push` });
  // The first prune runs after the start (afterHealthy), then hourly.
  const timer = setInterval(() => prune(p), 3600_000);
  return async () => {
    clearInterval(timer);
    await pusher.stop();
  };
}

async function seed(p: Platform, demo: { orgId: string; adminUserId: string }) {
  const [tech] = await p.sql`insert into public.users (email, full_name, organization_id, role)
    values ('tech@demo-solar.test', 'Terry Technician', ${demo.orgId}, 'technician')
    on conflict (lower(email)) do update set full_name = excluded.full_name returning id`;
  await p.sql`insert into public.partner_contacts (organization_id, contact_user_id, billing_contact_user_id)
    values (${demo.orgId}, ${demo.adminUserId}, ${demo.adminUserId}) on conflict (organization_id) do nothing`;
  await p
    .sql`insert into public.jobs (id, organization_id, address, status, technician_id, partner_contact_id)
    values ('JOB-DEMO-1', ${demo.orgId}, '1600 Amphitheatre Pkwy, Mountain View, CA 94043', 'Assigned', ${tech
    .id as string}, ${demo.adminUserId})
    on conflict (id) do nothing`;
  await p.sql`insert into public.invoices (id, organization_id, job_id, amount, due_date, customer_name)
    values ('INV-DEMO-1', ${demo.orgId}, 'JOB-DEMO-1', 18450.00, current_date + 30, 'Jamie Homeowner') on conflict (id) do nothing`;
  log("info", "notifications demo data", {
    technician: "tech@demo-solar.test",
    technicianId: tech.id,
    job: "JOB-DEMO-1",
    invoice: "INV-DEMO-1",
  });
}

export const extension: StackExtension = { name: "notifications", routes, start, seed, afterHealthy: prune };
