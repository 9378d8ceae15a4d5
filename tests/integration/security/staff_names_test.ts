// Security pass 6: a staff member's name (set when accepting an invitation, or by an admin creating the user) is shown
// in the partner's user list and written into the invitations that user sends ("<name> invited you…"). It took CR/LF,
// right-to-left overrides and zero-width characters as typed. Over real HTTP: one clean line, like the widget's names.
import assert from "node:assert/strict";
import { anonymous, partnerEnv } from "../partner/helpers.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";

Deno.test("staff names: accepting an invitation or adding a user stores the name as one clean line", async () => {
  const e = await partnerEnv();
  try {
    assert.equal(
      (await e.call(e.admin, "POST", "/partner-service/invitations", { email: "rep@example.com" })).status,
      201,
    );
    const [mail] = await listOutbox(e.p.sql, { to: "rep@example.com" });
    const token = mail.text.match(/#\/invitation\/(inv_[A-Za-z0-9_-]{43})/)![1];
    const accepted = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      full_name: "Ann\r\nSupport\u202E Team\u200B", // a phone number is refused since pass 16 (staff_name_links_test.ts)
      password: "correct horse battery",
    });
    assert.equal(accepted.status, 201, accepted.text);
    const [u] = await e.p.sql`select full_name from public.users where email = 'rep@example.com'`;
    assert.equal(u.full_name, "Ann Support Team");

    const added = await e.call(e.admin, "POST", "/partner-service/users", {
      email: "second@example.com",
      full_name: "Bob\t\u2066Admin\u2069",
      password: "correct horse battery",
    });
    assert.equal(added.status, 201, added.text);
    const [v] = await e.p.sql`select full_name from public.users where email = 'second@example.com'`;
    assert.equal(v.full_name, "Bob Admin");
  } finally {
    await e.close();
  }
});
