import assert from "node:assert/strict";
import { ulid } from "ulid";
import { notificationHarness } from "./harness.ts";

Deno.test("job.assigned: one email to the technician with unsubscribe headers, one sent row", async () => {
  const h = await notificationHarness();
  try {
    const r = await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    assert.equal(r.status, 200);
    assert.equal(r.body.status, "ok");
    const emails = await h.emails();
    assert.equal(emails.length, 1);
    const e = emails[0] as any;
    assert.deepEqual(e.to_addresses, [h.technician.email]);
    assert.equal(e.subject, "New job assigned");
    assert.match(e.html, /Tess Technician/);
    assert.match(e.html, /12 Elm St/);
    assert.match(
      e.headers["List-Unsubscribe"],
      /^<http:\/\/127\.0\.0\.1:\d+\/notification-service\/unsubscribe\?user_id=[^>]+>, <mailto:[^>]+>$/,
    );
    assert.equal(e.headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert.match(e.html, /Unsubscribe from these emails/);
    assert.match(e.html, /Manage notification preferences/);
    assert.match(e.text_body, /Unsubscribe from "New job assignments" emails: http/);
    const rows = await h.logRows();
    assert.equal(rows.length, 1);
    const row = rows[0] as any;
    assert.equal(row.status, "sent");
    assert.equal(row.idempotency_key, r.messageId, "one recipient: the key is the push message id");
    assert.equal(row.provider_email_id, e.id);
    assert.equal(row.recipient_email, h.technician.email);
    assert.equal(row.channel, "email");
    assert.ok(row.sent_at instanceof Date);
  } finally {
    await h.close();
  }
});

Deno.test("push auth: 401 without bearer, forged, wrong audience, wrong issuer, identity not allowed", async () => {
  const h = await notificationHarness();
  try {
    const url = `${h.serviceUrl}/events/push`;
    const body = JSON.stringify({ message: { messageId: "1", data: "e30=" } });
    const post = (auth?: string) =>
      fetch(url, { method: "POST", body, headers: auth ? { authorization: auth } : {} });
    const statuses: number[] = [];
    const collect = async (r: Response) => {
      statuses.push(r.status);
      await r.body?.cancel();
    };
    await collect(await post());
    await collect(await post("Basic abc"));
    await collect(await post("Bearer not.a.jwt"));
    await collect(await post(`Bearer ${await h.token("https://someone-else.example/push")}`));
    const good = await h.token();
    const [hdr, payload] = good.split(".");
    await collect(await post(`Bearer ${hdr}.${payload}.${"A".repeat(86)}`));
    // Right key and audience but another issuer / another identity.
    const { SignJWT } = await import("jose");
    const { signingKey } = await import("../../../shared/auth/keys.ts");
    const key = await signingKey(h.p.sql);
    const sign = (iss: string, email: string) =>
      new SignJWT({ email }).setProtectedHeader({ alg: "ES256", kid: key.kid })
        .setIssuer(iss).setAudience(`${h.serviceUrl}/events/push`).setIssuedAt().setExpirationTime("5m").sign(
          key.privateKey,
        );
    await collect(
      await post(`Bearer ${await sign("https://evil.example", "bus-push@solar-platform.local")}`),
    );
    await collect(await post(`Bearer ${await sign(h.p.config.jwtIssuer, "intruder@example.test")}`));
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 401, 401]);
    assert.equal((await h.logRows()).length, 0);
  } finally {
    await h.close();
  }
});

Deno.test("duplicate push: answered duplicate, one email, one row", async () => {
  const h = await notificationHarness();
  try {
    const env = h.envelope("job.assigned", { job_id: h.jobId });
    const messageId = ulid();
    const a = await h.push(env, { messageId });
    const b = await h.push(env, { messageId });
    assert.equal(a.body.status, "ok");
    assert.equal(b.status, 200);
    assert.equal(b.body.status, "duplicate");
    assert.equal((await h.emails()).length, 1);
    assert.equal((await h.logRows()).length, 1);
  } finally {
    await h.close();
  }
});

Deno.test("one event under two message ids (a replay): one email, one row; another event with the same content is emailed", async () => {
  const h = await notificationHarness();
  try {
    // The job's context is read once by the first push, so the later ones take the one-statement path too.
    const env = h.envelope("job.assigned", { job_id: h.jobId });
    const a = await h.push(env);
    const b = await h.push(env); // a new message id, the same event
    const c = await h.push(env); // and once more, while both are logged
    assert.equal(a.body.status, "ok");
    for (const replay of [b, c]) {
      assert.equal(replay.status, 200);
      assert.equal(replay.body.status, "duplicate", JSON.stringify(replay.body));
      assert.equal(replay.body.results?.[0]?.email_id, a.body.results[0].email_id);
    }
    assert.equal((await h.emails()).length, 1);
    assert.deepEqual((await h.logRows()).map((r) => [r.idempotency_key, r.status]), [[a.messageId, "sent"]]);

    // The same content as another event (a new event id): its own email.
    const d = await h.push({ ...env, event_id: ulid() });
    assert.equal(d.body.status, "ok");
    assert.equal((await h.emails()).length, 2);

    // Several recipients (per-recipient keys): the replay sends to nobody already emailed for the event.
    const many = h.envelope("job.status_changed", {
      job_id: h.jobId,
      recipient_ids: [h.technician.id, h.contact.id],
      old_status: "Assigned",
      new_status: "In Progress",
    });
    assert.equal((await h.push(many)).body.status, "ok");
    const replayMany = await h.push(many);
    assert.equal(replayMany.body.status, "duplicate", JSON.stringify(replayMany.body));
    assert.equal((await h.emails()).length, 4);
    assert.equal((await h.logRows()).length, 4);

    // The same event replayed under several new ids at once: still no second email.
    const e = h.envelope("job.assigned", { job_id: h.jobId });
    const raced = await Promise.all(Array.from({ length: 6 }, () => h.push(e)));
    assert.deepEqual(raced.map((r) => r.status), [200, 200, 200, 200, 200, 200]);
    assert.equal(
      raced.filter((r) => r.body.status === "ok").length,
      1,
      JSON.stringify(raced.map((r) => r.body)),
    );
    assert.equal((await h.emails()).length, 5);
    assert.equal((await h.logRows()).length, 5);
  } finally {
    await h.close();
  }
});

Deno.test("two concurrent deliveries of one message: one email, one sent row, the other duplicate", async () => {
  const h = await notificationHarness();
  try {
    const env = h.envelope("job.assigned", { job_id: h.jobId });
    const messageId = ulid();
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.push(env, { messageId })));
    assert.deepEqual(answers.map((a) => a.status), [200, 200, 200, 200, 200, 200]);
    assert.equal(
      answers.filter((a) => a.body.status === "ok").length,
      1,
      JSON.stringify(answers.map((a) => a.body)),
    );
    assert.equal(answers.filter((a) => a.body.status === "duplicate").length, 5);
    assert.equal((await h.emails()).length, 1);
    const rows = await h.logRows();
    assert.deepEqual(rows.map((r) => r.status), ["sent"]);
  } finally {
    await h.close();
  }
});

Deno.test("failure in the log write: 500, nothing stored, then the redelivery sends one email", async () => {
  const h = await notificationHarness();
  try {
    // A real database failure in the log write path only: inserts into notification_log are refused.
    await h.p.sql.unsafe(`create function pg_temp_fail() returns trigger language plpgsql as $$
      begin raise exception 'disk full (injected)' using errcode = '53100'; end $$;
      create trigger inject_log_failure before insert on public.notification_log for each row execute function pg_temp_fail();`);
    const env = h.envelope("job.assigned", { job_id: h.jobId });
    const messageId = ulid();
    const first = await h.push(env, { messageId });
    assert.equal(first.status, 500);
    assert.equal(first.body.error.code, "transient_failure");
    assert.doesNotMatch(JSON.stringify(first.body), /disk full|at .*\.ts/);
    // With the outbox the email and its row are one transaction: the failed write stored neither (with a
    // remote provider the email is out before the row; resend_test.ts covers that crash window).
    assert.equal((await h.emails()).length, 0, "no email without its row");
    assert.equal((await h.logRows()).length, 0);
    await h.p.sql.unsafe(
      `drop trigger inject_log_failure on public.notification_log; drop function pg_temp_fail()`,
    );
    const again = await h.push(env, { messageId });
    assert.equal(again.status, 200);
    assert.equal(again.body.status, "ok");
    const emails = await h.emails();
    assert.equal(emails.length, 1, "the redelivery sent the email once");
    const rows = await h.logRows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].provider_email_id, emails[0].id, "the log row holds the original email id");
  } finally {
    await h.close();
  }
});

Deno.test("opted-out recipient: skipped row, no email; auth event to the same user is still sent", async () => {
  const h = await notificationHarness();
  try {
    for (const t of ["job.assigned", "auth.account_locked"]) {
      await h.p
        .sql`insert into public.user_notification_preference (user_id, event_type, email_enabled) values (${h.technician.id}, ${t}, false)`;
    }
    const a = await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    assert.equal(a.status, 200);
    assert.equal(a.body.results[0].status, "skipped");
    assert.equal((await h.emails()).length, 0);
    const b = await h.push(h.envelope("auth.account_locked", { actor_id: h.technician.id }));
    assert.equal(b.body.status, "ok");
    const emails = await h.emails();
    assert.equal(emails.length, 1);
    assert.equal(emails[0].subject, "Account locked");
    assert.equal(
      (emails[0].headers as any)["List-Unsubscribe"],
      undefined,
      "auth emails carry no unsubscribe header",
    );
    assert.doesNotMatch(String(emails[0].html), /unsubscribe/i);
    const rows = await h.logRows();
    assert.deepEqual(rows.map((r) => [r.event_type, r.status]).sort(), [["auth.account_locked", "sent"], [
      "job.assigned",
      "skipped",
    ]]);
    const skipped = rows.find((r) => r.status === "skipped")!;
    assert.equal(skipped.provider_email_id, null);
    assert.equal(skipped.sent_at, null);
  } finally {
    await h.close();
  }
});

Deno.test("permanent errors: a failed row and 200 {status: failed, reason}, never 500", async () => {
  const h = await notificationHarness();
  try {
    const cases: [string, unknown, RegExp][] = [];
    const enc = (v: unknown) => btoa(typeof v === "string" ? v : JSON.stringify(v));
    const msg = (data: string) => ({ message: { messageId: ulid(), data } });
    cases.push([
      "unknown event type",
      msg(enc(h.envelope("job.exploded", { job_id: h.jobId }))),
      /unknown event type job\.exploded/,
    ]);
    cases.push([
      "malformed envelope",
      msg(enc({ event_type: "job.assigned", payload: {} })),
      /malformed envelope/,
    ]);
    cases.push(["bad base64", msg("%%%not-base64%%%"), /not valid base64/]);
    cases.push(["bad JSON", msg(enc("{not json")), /not valid JSON/]);
    cases.push([
      "unknown recipient",
      msg(enc(h.envelope("job.assigned", { job_id: h.jobId, recipient_ids: [crypto.randomUUID()] }))),
      /unknown recipient/,
    ]);
    cases.push([
      "unknown job",
      msg(enc(h.envelope("job.assigned", { job_id: "JOB-404404" }))),
      /job JOB-404404 not found/,
    ]);
    cases.push([
      "personal data",
      msg(enc(h.envelope("job.assigned", { job_id: h.jobId, note: "mail bob@example.com" }))),
      /personal data/,
    ]);
    cases.push([
      "deferred event type",
      msg(enc(h.envelope("invoice.overdue", { invoice_id: h.invoiceId }))),
      /template|handler/,
    ]);
    for (const [name, body, reason] of cases) {
      const res = await h.pushRaw(body);
      assert.equal(res.status, 200, name);
      const json = await res.json();
      assert.equal(json.status, "failed", name);
      assert.match(json.reason, reason, name);
    }
    const rows = await h.logRows();
    assert.equal(rows.length, cases.length);
    assert.ok(
      rows.every((r) =>
        r.status === "failed" && typeof r.error_message === "string" && r.error_message.length > 0
      ),
    );
    assert.equal((await h.emails()).length, 0);
    // No messageId at all: nothing to key a row on, still acknowledged.
    const noId = await h.pushRaw("this is not json");
    assert.equal(noId.status, 200);
    assert.equal((await noId.json()).status, "failed");
  } finally {
    await h.close();
  }
});

Deno.test("missing template: failed row, 200", async () => {
  const dir = await Deno.makeTempDir();
  const { TemplateSet } = await import("../../../shared/notifications/templates.ts");
  const { override } = await import("../../../shared/platform.ts");
  const h = await notificationHarness({
    configure: (p) => override(p, "notificationTemplates", new TemplateSet(new URL(`file://${dir}/`))),
  });
  try {
    const r = await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    assert.equal(r.status, 200);
    assert.equal(r.body.status, "failed");
    assert.match(r.body.reason, /missing template for job\.assigned/);
    const rows = await h.logRows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].idempotency_key, r.messageId);
  } finally {
    await h.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("production push auth: Google-style RS256 tokens verified against a remote JWKS, issuer and allow-list", async () => {
  const { exportJWK, generateKeyPair, SignJWT } = await import("jose");
  const { serveApp } = await import("../../support/http.ts");
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "google-key-1", alg: "RS256", use: "sig" };
  const certs = serveApp(() => Response.json({ keys: [jwk] })); // speaks https://www.googleapis.com/oauth2/v3/certs
  const h = await notificationHarness();
  try {
    const sa = "pubsub-push@solar-prod.iam.gserviceaccount.com";
    h.cfg.push = {
      issuers: ["https://accounts.google.com", "accounts.google.com"],
      audiences: [h.serviceUrl],
      jwksUrl: `${certs.url}/oauth2/v3/certs`,
      allowedEmails: [sa],
    };
    const google = (
      claims: Record<string, unknown>,
      iss = "https://accounts.google.com",
      aud = h.serviceUrl,
    ) =>
      new SignJWT({ email_verified: true, azp: "1234567890", ...claims }).setProtectedHeader({
        alg: "RS256",
        kid: "google-key-1",
        typ: "JWT",
      })
        .setIssuer(iss).setAudience(aud).setSubject("1234567890").setIssuedAt().setExpirationTime("1h").sign(
          privateKey,
        );
    const push = async (token: string) => {
      const res = await fetch(`${h.serviceUrl}/events/push`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: JSON.stringify({
          message: {
            messageId: ulid(),
            data: btoa(JSON.stringify(h.envelope("job.assigned", { job_id: h.jobId }))),
          },
        }),
      });
      await res.body?.cancel();
      return res.status;
    };
    assert.equal(await push(await google({ email: sa })), 200);
    assert.equal(
      await push(await google({ email: sa }, "accounts.google.com")),
      200,
      "Google's short issuer spelling",
    );
    assert.equal(
      await push(await google({ email: "someone@gmail.com" })),
      401,
      "identity not on the allow-list",
    );
    assert.equal(await push(await google({ email: sa, email_verified: false })), 401);
    assert.equal(await push(await google({ email: sa }, "https://evil.example")), 401);
    assert.equal(await push(await google({ email: sa }, undefined, "https://other-service.example")), 401);
    assert.equal(await push(await h.token()), 401, "local bus tokens are not accepted in production mode");
  } finally {
    await h.close();
    await certs.close();
  }
});

Deno.test("the database connection is killed during the write: 500, nothing stored; the retry sends one email", async () => {
  const h = await notificationHarness();
  try {
    // The backend writing the log row terminates itself: the service sees its connection die mid-insert.
    await h.p.sql.unsafe(`create function pg_temp_kill() returns trigger language plpgsql as $$
      begin perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(1); return new; end $$;
      create trigger inject_kill before insert on public.notification_log for each row execute function pg_temp_kill();`);
    const env = h.envelope("job.assigned", { job_id: h.jobId });
    const messageId = ulid();
    const first = await h.push(env, { messageId });
    assert.equal(first.status, 500);
    await h.p.sql.unsafe(`drop trigger inject_kill on public.notification_log`);
    assert.equal((await h.logRows()).length, 0);
    assert.equal((await h.emails()).length, 0, "the killed transaction stored no email without its row");
    const again = await h.push(env, { messageId });
    assert.equal(again.body.status, "ok");
    assert.equal((await h.emails()).length, 1);
    const rows = await h.logRows();
    assert.equal(rows.length, 1);
    assert.equal(rows[0].provider_email_id, (await h.emails())[0].id);
  } finally {
    await h.close();
  }
});
