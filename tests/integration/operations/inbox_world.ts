// One partner's world for the email-agent tests: a platform, the embedded SMTP inbox and the email-agent over HTTP.
import nodemailer from "nodemailer";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/email-agent/app.ts";
import { startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";
import { upsertSubscription } from "../../../shared/bills/subscription.ts";
import { orgSlug } from "./helpers.ts";

type Mail = Parameters<ReturnType<typeof nodemailer.createTransport>["sendMail"]>[0];

export interface InboxWorld {
  p: Awaited<ReturnType<typeof testPlatform>>;
  url: string;
  admin: Awaited<ReturnType<typeof tokensFor>>;
  slug: string;
  send: (mail: Mail) => Promise<void>;
}

/** A platform, the embedded SMTP inbox and the email-agent over HTTP, for one partner (with a bill subscription unless told). */
export async function withInbox(opts: { subscription: boolean }, run: (w: InboxWorld) => Promise<void>) {
  const p = await testPlatform();
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p);
    if (opts.subscription) await upsertSubscription(p.sql, admin.orgId);
    const slug = await orgSlug(p, admin.orgId);
    const send = async (mail: Mail) => {
      const mailer = nodemailer.createTransport({
        host: "127.0.0.1",
        port: smtp.port,
        secure: false,
        ignoreTLS: true,
      });
      await mailer.sendMail(mail);
      mailer.close();
    };
    await run({ p, url: s.url, admin, slug, send });
  } finally {
    await s.close();
    await smtp.close();
    await p.close();
  }
}
