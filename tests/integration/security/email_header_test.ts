// Values that become email headers came from partners and homeowners (a homeowner's name in the staff's "New lead: …"
// subject, a partner's name in the sender and in "Confirm your appointment with …") and were cleaned only of CR and
// LF (templates' subjects) or not at all (the hold email's subject, the extra headers, attachment names): a vertical
// tab, NEL (U+0085), the Unicode line and paragraph separators (which some mail programs and gateways break lines
// at) and bidi overrides reached the providers. Security pass 9: both providers send every header value as one
// clean line (shared/email/header_line.ts), and the widget's one-line fields turn U+2028/U+2029 into spaces.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { startResendDouble } from "../../doubles/resend.ts";
import { listOutbox, OutboxEmailProvider } from "../../../shared/email/outbox.ts";
import { ResendEmailProvider } from "../../../shared/email/resend.ts";
import type { EmailMessage } from "../../../shared/email/types.ts";
import { oneLine } from "../../../shared/validation/one_line.ts";

const BREAKS = "\r\n\u000b\f\u0085\u2028\u2029\t";
const hostile: EmailMessage = {
  from: `"Acme${BREAKS}Bcc: victim@evil.test" <notifications@mail.example>`,
  to: ["ann@example.test"],
  subject: `New lead: Ann${BREAKS}Bcc: victim@evil.test \u202Etxt.exe`,
  html: "<p>Hi</p>",
  text: "Hi\nthere",
  replyTo: `owner@partner.test\u2028Bcc: victim@evil.test`,
  headers: { "List-Unsubscribe": `<https://x.test/u>\u2029X-Evil: 1` },
  attachments: [{
    filename: `report\u2028X-Evil: 1\u202Efdp.pdf`,
    contentType: "application/pdf",
    content: new Uint8Array([37]),
  }],
};

function assertOneLine(v: string, what: string) {
  assert.doesNotMatch(v, /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u, `${what}: ${JSON.stringify(v)}`);
  assert.doesNotMatch(v, /\s{2}/, `${what}: ${JSON.stringify(v)}`);
}

Deno.test("the outbox provider stores every header value as one clean line", async () => {
  const p = await testPlatform();
  try {
    await new OutboxEmailProvider(p.sql).send(hostile, { idempotencyKey: "hdr-1" });
    const [m] = await listOutbox(p.sql, { to: "ann@example.test" });
    assertOneLine(m.subject, "subject");
    assert.equal(m.subject, "New lead: Ann Bcc: victim@evil.test txt.exe");
    assertOneLine(m.from, "from");
    assert.match(m.from, /<notifications@mail\.example>$/);
    assertOneLine(m.replyTo!, "reply-to");
    assertOneLine(m.headers["List-Unsubscribe"], "List-Unsubscribe");
    assertOneLine(m.attachments[0].filename, "attachment name");
    assert.equal(m.text, "Hi\nthere", "bodies are not headers: unchanged");
  } finally {
    await p.close();
  }
});

Deno.test("the Resend provider sends every header value as one clean line", async () => {
  const d = startResendDouble();
  try {
    await new ResendEmailProvider({ apiKey: d.apiKey, baseUrl: d.url, timeoutMs: 2000 }).send(hostile, {
      idempotencyKey: "hdr-2",
    });
    const body = d.sent[0].body;
    for (
      const [what, v] of [
        ["subject", body.subject],
        ["from", body.from],
        ["reply_to", body.reply_to],
        ["List-Unsubscribe", body.headers["List-Unsubscribe"]],
        ["attachment name", body.attachments[0].filename],
        ["to", body.to[0]],
      ]
    ) assertOneLine(v, what);
  } finally {
    await d.close();
  }
});

Deno.test("a homeowner's one-line field turns the Unicode line and paragraph separators into spaces", () => {
  assert.equal(oneLine("Ann\u2028Subject: you won\u2029x"), "Ann Subject: you won x");
});
