// Security pass 10: the local stack's development pages. Before: /, /docs and the dev mailbox could be framed by any
// site, the mailbox's "Fire email.…" buttons were plain POST forms that any page the developer opened could send
// (CSRF: a bounce recorded for any email id), and /dev/* answered any Host (a name of an attacker's rebinding to
// 127.0.0.1 could read /dev/mailbox.json: every password-reset and invitation link). Real HTTP on 127.0.0.1.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { extension as notifications } from "../../../shared/stack/extensions/notifications.ts";
import { emailProvider } from "../../../shared/email/index.ts";
import { getOutboxEmail } from "../../../shared/email/outbox.ts";

/** A GET with the `Host` header as given (fetch always sends the URL's): one HTTP/1.1 exchange over TCP. */
async function rawGet(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    await conn.write(
      new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    const buf = new Uint8Array(8192);
    while (true) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    return {
      status: Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1]),
      body: text.split("\r\n\r\n").slice(1).join(),
    };
  } finally {
    conn.close();
  }
}

async function withStack(
  run: (s: { url: string; port: number; emailId: string; event(): Promise<string | null> }) => Promise<void>,
) {
  const p = await testPlatform();
  const stack = serveApp(createStackHandler(p, [notifications], "development"));
  // The mailbox's buttons post to the notification service at PORT (this stack).
  const port = Deno.env.get("PORT");
  Deno.env.set("PORT", String(stack.port));
  try {
    const { id } = await emailProvider(p).send({
      from: "reports@example.test",
      to: ["dev-pages@example.test"],
      subject: "Reset your password",
      html: "<p>https://example.test/reset?token=secret</p>",
      text: "https://example.test/reset?token=secret",
    }, { idempotencyKey: `dev-pages-${crypto.randomUUID()}` });
    await run({
      url: stack.url,
      port: stack.port,
      emailId: id,
      event: async () => (await getOutboxEmail(p.sql, id))!.lastEvent,
    });
  } finally {
    if (port === undefined) Deno.env.delete("PORT");
    else Deno.env.set("PORT", port);
    await stack.close();
    await p.close();
  }
}

Deno.test("the stack's pages may not be framed by another site", async () => {
  await withStack(async ({ url, emailId }) => {
    for (const path of ["/", "/docs", "/dev/mailbox", `/dev/mailbox/${emailId}`]) {
      const r = await fetch(`${url}${path}`);
      assert.equal(r.status, 200, path);
      assert.match(r.headers.get("content-type") ?? "", /^text\/html/, path);
      assert.match(r.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/, path);
      assert.equal(r.headers.get("x-frame-options"), "DENY", path);
      await r.body?.cancel();
    }
    // JSON is not a page.
    const json = await fetch(`${url}/dev/mailbox.json`);
    assert.equal(json.headers.get("x-frame-options"), null);
    await json.body?.cancel();
  });
});

Deno.test("the dev mailbox's buttons: another site's form (no token, a guessed one, a foreign Origin) changes nothing; the page's own form works", async () => {
  await withStack(async ({ url, emailId, event }) => {
    const fire = (type: string, body: string | null, headers: Record<string, string> = {}) =>
      fetch(`${url}/dev/mailbox/${emailId}/events/${type}`, {
        method: "POST",
        redirect: "manual",
        headers: body === null
          ? headers
          : { "content-type": "application/x-www-form-urlencoded", ...headers },
        body,
      });
    const page = await (await fetch(`${url}/dev/mailbox/${emailId}`)).text();
    const token = page.match(/name="dev_token" value="([^"]+)"/)?.[1];
    assert.ok(token, "the buttons' forms carry the stack's token");
    const attacks: [string, Response][] = [
      ["a cross-site form without a body", await fire("bounced", null, { origin: "https://evil.example" })],
      ["no token (a plain form post, no Origin: an old browser)", await fire("bounced", "")],
      ["a guessed token", await fire("complained", "dev_token=guess")],
      [
        "the token in a query string",
        await fetch(`${url}/dev/mailbox/${emailId}/events/bounced?dev_token=${token}`, { method: "POST" }),
      ],
      [
        "the right token from another Origin",
        await fire("bounced", `dev_token=${token}`, { origin: "https://evil.example" }),
      ],
      [
        "the right token, Origin null (a sandboxed frame)",
        await fire("bounced", `dev_token=${token}`, { origin: "null" }),
      ],
      [
        "the right token, Sec-Fetch-Site cross-site",
        await fire("bounced", `dev_token=${token}`, { "sec-fetch-site": "cross-site" }),
      ],
      [
        "the right token, Sec-Fetch-Site same-site (another port)",
        await fire("bounced", `dev_token=${token}`, { "sec-fetch-site": "same-site" }),
      ],
    ];
    for (const [what, r] of attacks) {
      assert.equal(r.status, 403, what);
      assert.equal((await r.json()).error.code, "csrf_failed", what);
    }
    assert.equal(await event(), null, "no delivery event fired");
    // The page's own button: same origin, its token.
    const ok = await fire("delivered", `dev_token=${encodeURIComponent(token)}`, {
      origin: url,
      "sec-fetch-site": "same-origin",
    });
    assert.equal(ok.status, 303);
    await ok.body?.cancel();
    assert.equal(await event(), "delivered");
    // A script of the stack's own (the header) works as well.
    const scripted = await fire("opened", null, { "x-dev-token": token });
    assert.equal(scripted.status, 303);
    await scripted.body?.cancel();
  });
});

Deno.test("the dev pages answer only the stack's own host names (DNS rebinding reads nothing)", async () => {
  await withStack(async ({ port }) => {
    for (
      const host of ["evil.example", "evil.example:" + port, "127.0.0.1.evil.example", "[::2]", "10.0.0.5"]
    ) {
      for (const path of ["/dev/mailbox.json", "/dev/mailbox"]) {
        const r = await rawGet(port, path, host);
        assert.equal(r.status, 403, `${host} ${path}`);
        assert.match(r.body, /forbidden_host/);
        assert.doesNotMatch(r.body, /reset\?token=secret/, host);
      }
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, "LOCALHOST."]) {
      const r = await rawGet(port, "/dev/mailbox.json", host);
      assert.equal(r.status, 200, host);
      assert.match(r.body, /Reset your password/, host);
    }
  });
});
