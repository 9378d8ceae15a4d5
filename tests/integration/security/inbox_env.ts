// The bill inbox over real SMTP and HTTP, for the tests of what a stranger's email can do.
import nodemailer from "nodemailer";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/email-agent/app.ts";
import { startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";
import { orgSlug } from "../operations/helpers.ts";

export async function inboxEnv() {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  const to = `bills+${await orgSlug(p, admin.orgId)}@inbox.local`;
  const mailer = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  /** POST /email-agent/check-inbox as the partner's admin. */
  const check = () =>
    fetch(`${s.url}/email-agent/check-inbox`, {
      method: "POST",
      headers: { ...admin.headers, "Content-Type": "application/json" },
      body: "{}",
    });
  const close = async () => {
    mailer.close();
    await s.close();
    await smtp.close();
    await p.close();
  };
  return { p, to, mailer, check, close };
}
