// A staff member's name reaches strangers: the invitations a partner admin sends to any address read "<name> invited
// you to <partner>'s partner console" in the subject and the greeting (docs/security.md, pass 16). A name holding a
// phone number or a web address ("Claim your $500 rebate: call +1 900 555 0100") made the platform's invitation a
// carrier for it, up to the daily invitation limit. Staff names are now held to the homeowner's name rule.
import assert from "node:assert/strict";
import { anonymous, partnerEnv } from "../partner/helpers.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";

const phishing = [
  "Claim your $500 rebate: call +1 900 555 0100",
  "Ann (https://evil.example/claim)",
  "www.evil.example rebates",
  "Bob bob@evil.example",
];

Deno.test("a staff name with a phone number or a web or email address is 400 where it is typed", async () => {
  const e = await partnerEnv();
  try {
    for (const full_name of phishing) {
      const r = await e.call(e.admin, "POST", "/partner-service/users", {
        email: `${crypto.randomUUID().slice(0, 8)}@sunny.example`,
        full_name,
        password: "a long password 1",
      });
      assert.equal(r.status, 400, `${full_name}: ${r.text}`);
      assert.match(r.json.error.message, /without a web or email address or a phone number/);
    }
    for (const full_name of ["Anne-Marie O'Brien", "J. R. Smith Jr.", "Zoë 3rd", "李小龙"]) {
      const r = await e.call(e.admin, "POST", "/partner-service/users", {
        email: `${crypto.randomUUID().slice(0, 8)}@sunny.example`,
        full_name,
        password: "a long password 1",
      });
      assert.equal(r.status, 201, `${full_name}: ${r.text}`);
    }
    // the invitation link's name, the same rule
    assert.equal(
      (await e.call(e.admin, "POST", "/partner-service/invitations", { email: "new@sunny.example" })).status,
      201,
    );
    const [mail] = await listOutbox(e.p.sql, { to: "new@sunny.example" });
    const token = mail.text.match(/#\/invitation\/(inv_[A-Za-z0-9_-]{43})/)![1];
    const bad = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      full_name: phishing[0],
      password: "a long password 1",
    });
    assert.equal(bad.status, 400, bad.text);
    const ok = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      full_name: "Dana Rivera",
      password: "a long password 1",
    });
    assert.equal(ok.status, 201, ok.text);
  } finally {
    await e.close();
  }
});

Deno.test("a name stored before the rule does not reach the stranger's invitation", async () => {
  const e = await partnerEnv();
  try {
    await e.p.sql`update public.users set full_name = ${phishing[0]} where id = ${e.admin.userId}`;
    const r = await e.call(e.admin, "POST", "/partner-service/invitations", {
      email: "stranger@victims.example",
    });
    assert.equal(r.status, 201, r.text);
    const [mail] = await listOutbox(e.p.sql, { to: "stranger@victims.example" });
    const [full] = await e.p.sql`select subject, html, text_body from mail.outbox where id = ${mail.id}`;
    for (const part of [full.subject, full.html, full.text_body] as string[]) {
      assert.ok(!part.includes("555 0100"), `no phone number in ${part.slice(0, 120)}`);
    }
    assert.ok(
      (full.subject as string).includes(e.admin.email.split("@")[0]),
      "the inviter named by their email instead",
    );
  } finally {
    await e.close();
  }
});
