// Security pass 13: each invitation is an email in the partner's name ("Dana invited you to Demo Solar Co's partner
// console") from the platform's own sender, to any address the admin types. There was no bound: on the local stack 25
// invitations to 25 strangers were 25 × 201 and 25 emails, so one partner's admin could mail any number of strangers
// through the sending domain every partner shares. Now at most PARTNER_INVITATIONS_PER_DAY (50; 5 here) in 24 hours
// per organization, counted under a lock. Over real HTTP (partner-service).
import assert from "node:assert/strict";
import { partnerEnv } from "../partner/helpers.ts";
import { override } from "../../../shared/platform.ts";
import { loadPartnerConfig } from "../../../shared/partner/config.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";

Deno.test("invitations: at most PARTNER_INVITATIONS_PER_DAY per organization in 24 hours, also at once", async () => {
  const e = await partnerEnv();
  try {
    override(e.p, "partnerConfig", { ...loadPartnerConfig(new Map()), invitationsPerDay: 5 });
    const invite = (who: typeof e.admin, email: string) =>
      e.call(who, "POST", "/partner-service/invitations", { email, role: "partner_user" });
    const tag = crypto.randomUUID().slice(0, 8);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => invite(e.admin, `stranger${i}-${tag}@victims.example`)),
    );
    assert.deepEqual(answers.map((r) => r.status).toSorted(), [201, 201, 201, 201, 201, 429, 429, 429]);
    for (const r of answers.filter((r) => r.status === 429)) {
      assert.equal(r.json.error.code, "invitation_limit");
      const retry = Number(r.headers.get("retry-after"));
      assert.ok(retry > 86_000 && retry <= 86_400, `Retry-After ${retry}`);
    }
    let sent = 0;
    for (let i = 0; i < 8; i++) {
      sent += (await listOutbox(e.p.sql, { to: `stranger${i}-${tag}@victims.example` })).length;
    }
    assert.equal(sent, 5, "one email per accepted invitation, none for the refused");

    // Inviting an invited address again is another email: it counts too. Another partner has its own bound.
    const again = answers.findIndex((r) => r.status === 201);
    assert.equal((await invite(e.admin, `stranger${again}-${tag}@victims.example`)).status, 429);
    assert.equal((await invite(e.other, `stranger0-${tag}@victims.example`)).status, 201);

    // Invitations older than 24 hours no longer count.
    await e.p.sql`update public.partner_invitations set created_at = now() - interval '25 hours'
      where organization_id = ${e.admin.orgId}`;
    assert.equal((await invite(e.admin, `later-${tag}@victims.example`)).status, 201);
  } finally {
    await e.close();
  }
});
