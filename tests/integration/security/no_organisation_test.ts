// Security pass 11: an ID token naming no role was taken for a partner_user (the gateway's default; the database's
// own `app.current_app_role()` says no role), and a partner role naming no organisation acted for "none": an external
// issuer's token of someone who signed themselves up (Supabase Auth gives one to anyone unless sign-ups are off; its
// `app_metadata` is empty), or an account of the embedded identity that belongs to no organisation yet, rendered PDFs
// and ran the platform's inbox check; partner-service's preview token was a 500. Over the local stack's HTTP.
import assert from "node:assert/strict";
import { sweepStack } from "./routes.ts";
import { issueIdToken } from "../../../shared/auth/tokens.ts";
import { tokensFor } from "../../support/auth.ts";

const CALLS: [string, string, unknown][] = [
  ["GET", "/partner-service/me", undefined],
  ["GET", "/partner-service/leads", undefined],
  ["POST", "/partner-service/preview-token", {}],
  ["POST", "/pdf-generator-service/generate-pdf-from-html", {
    html: "<h1>Sunrise Solar Co.</h1><p>Pay here</p>",
  }],
  ["GET", "/pdf-generator-service/templates", undefined],
  ["POST", "/email-agent/check-inbox", {}],
  ["POST", "/contract-approval-service/poll-contract-approval-status", {
    transactionId: crypto.randomUUID(),
  }],
  ["POST", "/utility-bill-service/poll-utility-bill-status", { transactionId: crypto.randomUUID() }],
];

Deno.test("no organisation: a token naming no role, or a partner role without an organisation, reaches no route; nor does an organisation that does not exist", async () => {
  const { p, stack } = await sweepStack();
  try {
    const [{ id }] = await p.sql`insert into public.users (email, full_name, organization_id, role)
      values ('signed-up@example.test', 'Self Signed', null, 'partner_user') returning id`;
    const subject = {
      userId: id as string,
      email: "signed-up@example.test",
      orgId: null as unknown as string,
    };
    const tokens = {
      "no role claim": (await issueIdToken(p, { ...subject, role: undefined as unknown as string })).token,
      "partner_user, no org": (await issueIdToken(p, { ...subject, role: "partner_user" })).token,
      "partner_admin, no org": (await issueIdToken(p, { ...subject, role: "partner_admin" })).token,
    };
    const call = (token: string, method: string, path: string, body: unknown) =>
      fetch(`${stack.url}/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    for (const [who, token] of Object.entries(tokens)) {
      for (const [method, path, body] of CALLS) {
        const r = await call(token, method, path, body);
        const text = await r.text();
        assert.equal(r.status, 403, `${who}: ${method} ${path}: ${r.status} ${text.slice(0, 200)}`);
        assert.equal(JSON.parse(text).error.code, "forbidden");
      }
    }
    // A token naming an organisation that does not exist (an external issuer's claim): the preview token was a 500.
    const ghost = await issueIdToken(p, {
      userId: id as string,
      email: "x@example.test",
      orgId: crypto.randomUUID(),
      role: "partner_user",
    });
    const preview = await call(ghost.token, "POST", "/partner-service/preview-token", {});
    assert.equal(preview.status, 403, await preview.text());
    // A user of an organisation still gets through.
    const staff = await tokensFor(p, { role: "partner_user" });
    const ok = await call(
      staff.idToken,
      "POST",
      "/pdf-generator-service/generate-pdf-from-html",
      CALLS[3][2],
    );
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
    assert.equal((await call(staff.idToken, "GET", "/partner-service/me", undefined)).status, 200);
  } finally {
    await stack.close();
    await p.close();
  }
});
