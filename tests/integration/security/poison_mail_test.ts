// Anyone can email the bill inbox. A message with a NUL character in its subject, sender name, body or an attachment's
// name (PostgreSQL text refuses NUL), an attachment name decoding to an unpaired surrogate (jsonb refuses it) or a Date
// header in the year 275760 (past PostgreSQL's range) made POST /email-agent/check-inbox answer 400 invalid_value, and
// since the message stayed unread, at every later check: one stranger's email stopped the inbox for good, the bills
// behind it were never read (docs/security.md "Fourth pass"). Over real SMTP and HTTP: the hostile messages are
// recorded with those characters dropped and the Date left out, and the bill sent after them is read.
import assert from "node:assert/strict";
import { inboxEnv } from "./inbox_env.ts";

const enc = new TextEncoder();
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((x) => typeof x === "string" ? [...enc.encode(x)] : x));

Deno.test("check-inbox: a stranger's email with NUL, broken Unicode or an impossible date does not stop the inbox", async () => {
  const { p, to, mailer, check, close } = await inboxEnv();
  try {
    const send = (raw: Uint8Array) =>
      mailer.sendMail({ envelope: { from: "x@example.com", to }, raw: raw as unknown as string });
    const NUL = [0];
    await send(bytes(
      'From: "Ev',
      NUL,
      'il" <evil@example.com>\r\nTo: ',
      to,
      "\r\nSubject: Your bill",
      NUL,
      " is due ",
      [0xff, 0xfe],
      "\r\nMessage-ID: <poison-1@example.com>\r\nDate: Sat, 13 Sep 275760 00:00:00 +0000\r\n",
      "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=XX\r\n\r\n",
      "--XX\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nAmount due",
      NUL,
      " $12.00\r\n",
      '--XX\r\nContent-Type: application/pdf\r\nContent-Disposition: attachment; filename="bi',
      NUL,
      'll.pdf"\r\n',
      "Content-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--XX--\r\n",
    ));
    await send(bytes(
      "From: evil@example.com\r\nTo: ",
      to,
      "\r\nSubject: Electric bill\r\nMessage-ID: <poison-2@example.com>\r\n",
      "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=XX\r\n\r\n--XX\r\nContent-Type: text/plain\r\n\r\nbill\r\n",
      // UTF-16BE: an unpaired high surrogate, then "a.pdf"
      '--XX\r\nContent-Type: application/pdf; name="=?UTF-16BE?B?2AAAYQAuAHAAZABm?="\r\n',
      "Content-Disposition: attachment\r\nContent-Transfer-Encoding: base64\r\n\r\nJVBERi0xLjQK\r\n--XX--\r\n",
    ));
    await mailer.sendMail({
      from: "billing@utility.example",
      to,
      subject: "Thank you for your payment",
      text: "We received your payment of $88.10.",
      messageId: "<after-poison@utility.example>",
    });

    const res = await check();
    const body = await res.text();
    assert.equal(res.status, 200, body);
    const r = JSON.parse(body);
    assert.equal(r.fetched, 3, body);
    assert.equal(r.recorded, 3, body);
    const rows = await p.sql`select message_id, from_name, subject, sent_at, body_excerpt, attachments, status
      from public.email_messages order by created_at`;
    const byId = new Map(rows.map((row) => [row.message_id as string, row]));
    const one = byId.get("<poison-1@example.com>")!;
    assert.equal(one.from_name, "Evil");
    assert.match(one.subject as string, /^Your bill is due /);
    assert.equal(one.sent_at, null);
    assert.match(one.body_excerpt as string, /^Amount due \$12\.00/);
    assert.equal((one.attachments as { filename: string }[])[0].filename, "bill.pdf");
    const two = byId.get("<poison-2@example.com>")!;
    assert.equal((two.attachments as { filename: string }[])[0].filename, "\ufffda.pdf");
    assert.equal(byId.get("<after-poison@utility.example>")?.subject, "Thank you for your payment");
    assert.equal((await (await check()).json()).fetched, 0, "nothing left behind");
  } finally {
    await close();
  }
});
