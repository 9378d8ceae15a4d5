// Anyone can email the bill inbox. An attachment is kept when its bytes are a PDF or an image ("%PDF-" within the first
// KB counts), but was stored under the type the sender declared: HTML declared `text/html` with "%PDF-" in a comment
// was kept as the lead's bill and stored (and served to the partner's staff) as HTML. Security pass 9: it is stored
// under the type of its bytes. Over real SMTP and HTTP.
import assert from "node:assert/strict";
import { objectStore } from "../../../shared/storage/index.ts";
import { ATTACHMENT_BUCKET } from "../../../shared/email-agent/check.ts";
import { inboxEnv } from "./inbox_env.ts";

Deno.test("check-inbox: a kept attachment is stored under the type of its bytes, not the sender's", async () => {
  const { p, to, mailer, check, close } = await inboxEnv();
  try {
    const html = "<html><body><script>alert(document.domain)</script><!-- %PDF-1.4 --></body></html>";
    await mailer.sendMail({
      from: "billing@utility.example",
      to,
      subject: "Your electric bill is ready",
      text: "Your electricity bill statement is attached. Amount due $120.00",
      messageId: "<html-bill@example.com>",
      attachments: [{ filename: "bill.pdf", content: html, contentType: "text/html" }],
    });
    const res = await check();
    assert.equal(res.status, 200, await res.text());
    const [row] = await p
      .sql`select attachments from public.email_messages where message_id = '<html-bill@example.com>'`;
    const [a] = row.attachments as { storagePath: string | null; contentType: string }[];
    assert.ok(a.storagePath, "the attachment is kept (its bytes count as a PDF)");
    const stored = await objectStore(p).get(ATTACHMENT_BUCKET, a.storagePath!);
    assert.equal(stored?.contentType, "application/pdf");
  } finally {
    await close();
  }
});
