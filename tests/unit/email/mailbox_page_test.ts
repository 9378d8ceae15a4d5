// The dev mailbox shows the headers a partner's email is judged by: the sender name and the reply-to address.
import assert from "node:assert/strict";
import { mailboxEmailPage } from "../../../shared/email/mailbox_page.ts";

const email = {
  id: "01TEST",
  from: `"Demo Solar Co" <notifications@mail.solar-platform.local>`,
  to: ["jane@example.com"],
  subject: "Your solar savings report from Demo Solar Co",
  html: "<p>Hi</p>",
  text: "Hi",
  headers: {},
  replyTo: "admin@demo-solar.test",
  lastEvent: null,
  createdAt: new Date("2026-11-24T04:21:03Z"),
  attachments: [],
};

Deno.test("dev mailbox: an email's page shows its sender name and its Reply-To", () => {
  const page = mailboxEmailPage(email, "tok");
  assert.match(page, /<dt>From<\/dt><dd>&quot;Demo Solar Co&quot; &lt;notifications@/);
  assert.match(page, /<dt>Reply-To<\/dt><dd>admin@demo-solar\.test<\/dd>/);
});

Deno.test("dev mailbox: an email without a reply-to says so", () => {
  assert.match(mailboxEmailPage({ ...email, replyTo: null }, "tok"), /<dt>Reply-To<\/dt><dd>—<\/dd>/);
});

Deno.test("dev mailbox list: an email with no log status and no delivery event (a savings report) reads 'sent', not an empty status", async () => {
  const { mailboxListPage } = await import("../../../shared/email/mailbox_page.ts");
  const cell = (row: Parameters<typeof mailboxListPage>[0][number]) =>
    mailboxListPage([row], {}).match(/<td>(?:(?!<td>)[\s\S])*<\/td>\s*<\/tr>/)![0].replace(/<[^>]+>/g, "")
      .trim();
  assert.equal(cell(email), "sent");
  assert.equal(cell({ ...email, lastEvent: "delivered" }), "delivered");
  assert.equal(cell({ ...email, logStatus: "sent" }), "sent");
});

Deno.test("dev mailbox: each delivery-webhook button's form carries the stack's token (security pass 10)", () => {
  const forms = mailboxEmailPage(email, "t&k").match(/<form class="inline"[\s\S]*?<\/form>/g) ?? [];
  assert.equal(forms.length, 4);
  for (const f of forms) assert.match(f, /<input type="hidden" name="dev_token" value="t&amp;k">/);
});
