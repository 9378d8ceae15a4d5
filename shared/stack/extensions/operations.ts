// Operations on the local stack: the queue handlers of contract analysis and the email agent, the
// embedded inbox's SMTP listener, the scheduled inbox check, and demo scheduling data.
import type { StackExtension } from "../extension.ts";
import type { Platform } from "../../platform.ts";
import { env, envInt } from "../../config.ts";
import { errorText, log } from "../../log.ts";
import { scheduleInboxCheck } from "../../email-agent/jobs.ts";

async function start(p: Platform): Promise<() => Promise<void>> {
  const stops: (() => Promise<void>)[] = [];
  const smtpPort = envInt("INBOX_SMTP_PORT", 2525);
  if (env("INBOX_PROVIDER", "embedded") === "embedded" && smtpPort > 0) {
    const host = env("INBOX_SMTP_HOST", "127.0.0.1");
    try {
      // Loaded here, once the start is printed (the loops start then), not with the stack's modules beside initdb:
      // smtp-server and its dependencies are ≈30 ms of CPU (docs/operations.md, "Local stack: the start's
      // critical path (cold11)").
      const { startSmtpListener } = await import("../../inbox/smtp_listener.ts");
      const { smtpLimitsFromEnv } = await import("../../inbox/smtp_limits.ts");
      const smtp = await startSmtpListener(p.sql, { port: smtpPort, host, ...smtpLimitsFromEnv() });
      log("info", "embedded inbox listening", {
        smtp: `${host}:${smtp.port}`,
        hint: `swaks --server ${host}:${smtp.port} --to bills+demo-solar@inbox.local --attach @bill.pdf`,
      });
      stops.push(smtp.close);
    } catch (e) {
      log("error", "embedded inbox SMTP listener not started", { port: smtpPort, error: errorText(e) });
    }
  }
  const every = envInt("INBOX_CHECK_INTERVAL_SECONDS", 60);
  if (every > 0) {
    const tick = () =>
      scheduleInboxCheck(p, every).catch((e) =>
        log("warn", "inbox check not scheduled", { error: errorText(e) })
      );
    const timer = setInterval(tick, every * 1000);
    stops.push(() => Promise.resolve(clearInterval(timer)));
  }
  return async () => {
    for (const s of stops) await s();
  };
}

async function seed(p: Platform, demo: { orgId: string }): Promise<void> {
  await p
    .sql`insert into public.scheduling_settings (organization_id) values (${demo.orgId}) on conflict do nothing`;
  await p
    .sql`insert into public.contract_approval_rules (organization_id) values (${demo.orgId}) on conflict do nothing`;
  const [existing] = await p
    .sql`select 1 from public.technicians where organization_id = ${demo.orgId} limit 1`;
  if (existing) return;
  // The notifications area's demo technician (a login, so bookings email them) and a crew without one.
  const [tech] = await p
    .sql`select id, full_name, email from public.users where organization_id = ${demo.orgId} and role = 'technician' order by created_at limit 1`;
  if (tech) {
    await p
      .sql`insert into public.technicians (organization_id, user_id, name, email) values (${demo.orgId}, ${tech.id}, ${
      tech.full_name || "Technician"
    }, ${tech.email})`;
  }
  await p
    .sql`insert into public.technicians (organization_id, name) values (${demo.orgId}, 'Install Crew B')`;
}

export const extension: StackExtension = {
  name: "operations",
  start,
  seed,
};
