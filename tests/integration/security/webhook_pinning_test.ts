// Third pass: partner webhooks resolve the endpoint's host ONCE, refuse private answers (v4, v6, mapped), and
// connect to exactly the address that was checked, with the URL's host as TLS name and Host header. The DNS is a
// real UDP server double on 127.0.0.1 (dns_double.ts) read through Deno.resolveDns; the receiver a real TLS server.
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { partnerEnv } from "../partner/helpers.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { webhookJobHandlers } from "../../../shared/partner/webhooks.ts";
import { dnsResolver } from "../../../shared/partner/webhook_transport.ts";
import { loadPartnerConfig } from "../../../shared/partner/config.ts";
import { override } from "../../../shared/platform.ts";
import { type Answer, startDnsDouble } from "./dns_double.ts";

const NAME = "hooks.example.test";

/** A self-signed certificate for NAME (openssl, in a temporary directory). */
async function certificate(): Promise<{ cert: string; key: string }> {
  const dir = await Deno.makeTempDir();
  try {
    const out = await new Deno.Command("openssl", {
      args: [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-days",
        "1",
        "-subj",
        `/CN=${NAME}`,
        "-addext",
        `subjectAltName=DNS:${NAME}`,
        "-addext",
        "basicConstraints=critical,CA:FALSE",
        "-keyout",
        `${dir}/key.pem`,
        "-out",
        `${dir}/cert.pem`,
      ],
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    return {
      cert: await Deno.readTextFile(`${dir}/cert.pem`),
      key: await Deno.readTextFile(`${dir}/key.pem`),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

interface Received {
  host: string | null;
  body: string;
  headers: Headers;
}

/** `ports`: PARTNER_WEBHOOK_PORTS (default: 443 and the two local receivers' ports). */
async function setting(allowPrivate: boolean, answer: Answer, timeoutMs = 5000, ports?: string) {
  const e = await partnerEnv();
  const dns = await startDnsDouble(answer);
  const { cert, key } = await certificate();
  const received: Received[] = [];
  const record = async (req: Request) => {
    received.push({ host: req.headers.get("host"), body: await req.text(), headers: req.headers });
    return new Response("ok");
  };
  const tls = Deno.serve({ hostname: "127.0.0.1", port: 0, cert, key, onListen() {} }, record);
  const plain = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, record);
  override(
    e.p,
    "partnerConfig",
    loadPartnerConfig(
      new Map([
        ["PARTNER_WEBHOOK_ALLOW_PRIVATE", String(allowPrivate)],
        ["PARTNER_WEBHOOK_PORTS", ports ?? `443,${tls.addr.port},${plain.addr.port}`],
      ]),
    ),
  );
  override(e.p, "webhookTransport", {
    resolve: dnsResolver({ ipAddr: "127.0.0.1", port: dns.port }),
    caCerts: [cert],
    timeoutMs,
  });
  return {
    e,
    dns,
    received,
    tlsPort: tls.addr.port,
    plainPort: plain.addr.port,
    /** A webhook row for `url` (SQL: a URL saved while private addresses were allowed, or a name that changed). */
    async hook(url: string) {
      const [h] = await e.p.sql`insert into public.partner_webhooks (organization_id, url, secret, enabled)
        values (${e.admin.orgId}, ${url}, ${
        "whsec_" + btoa("a webhook secret of 32 bytes....")
      }, true) returning id, secret`;
      return h as { id: string; secret: string };
    },
    async deliver(hookId: string) {
      const r = await e.call(e.admin, "POST", `/partner-service/webhooks/${hookId}/test`);
      assert.equal(r.status, 202, r.text);
      await runReadyJobs(e.p.sql, webhookJobHandlers(e.p));
      const [d] = await e.p
        .sql`select status, last_error, response_status from public.partner_webhook_deliveries
        where webhook_id = ${hookId} order by created_at desc limit 1`;
      return d as { status: string; last_error: string | null; response_status: number | null };
    },
    async close() {
      await Promise.all([tls.shutdown(), plain.shutdown(), dns.close(), e.close()]);
    },
  };
}

const aQueries = (questions: string[]) => questions.filter((q) => q === `A ${NAME}`).length;

Deno.test("webhook to a name: one resolution, the request goes to that address over TLS named for the host (SNI, certificate, Host)", async () => {
  // The double answers 127.0.0.1 once, then a rebinding answer; only the checked (first) answer may be used.
  const s = await setting(
    true,
    (name, type, nth) =>
      name !== NAME ? null : type === "AAAA" ? [] : nth === 1 ? ["127.0.0.1"] : ["127.0.0.2"],
  );
  try {
    const h = await s.hook(`https://${NAME}:${s.tlsPort}/hooks?x=1`);
    const d = await s.deliver(h.id);
    assert.deepEqual([d.status, d.last_error, d.response_status], ["succeeded", null, 200]);
    assert.equal(s.received.length, 1);
    assert.equal(s.received[0].host, `${NAME}:${s.tlsPort}`);
    // Signed as before (Standard Webhooks), over the pinned connection.
    new Webhook(h.secret).verify(s.received[0].body, Object.fromEntries(s.received[0].headers));
    assert.equal(aQueries(s.dns.questions), 1, s.dns.questions.join(", "));
    // Another delivery resolves again (once): a changed answer is checked, never a stale one reused.
    const d2 = await s.deliver(h.id);
    assert.equal(aQueries(s.dns.questions), 2);
    // 127.0.0.2 is loopback too but nothing listens there on this port.
    assert.equal(d2.status, "retrying");
    assert.equal(s.received.length, 1);
  } finally {
    await s.close();
  }
});

Deno.test("webhook TLS: a certificate that is not the host's is refused (the name is checked, not the address)", async () => {
  const s = await setting(
    true,
    (name, type) => (name === "other.example.test" && type === "A" ? ["127.0.0.1"] : []),
  );
  try {
    const h = await s.hook(`https://other.example.test:${s.tlsPort}/hooks`);
    const d = await s.deliver(h.id);
    assert.equal(d.status, "retrying");
    assert.match(d.last_error ?? "", /certificate|NotValidForName|invalid peer/i);
    assert.equal(s.received.length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("webhook names answering private addresses (v4, v6, mapped, metadata) and private literals are refused before any connection", async () => {
  const answers: Record<string, { A: string[]; AAAA: string[] }> = {
    "loop.example.test": { A: ["127.0.0.1"], AAAA: [] },
    "meta.example.test": { A: ["169.254.169.254"], AAAA: [] },
    "ten.example.test": { A: ["10.1.2.3"], AAAA: [] },
    "v6loop.example.test": { A: [], AAAA: ["::1"] },
    "mapped.example.test": { A: [], AAAA: ["::ffff:127.0.0.1"] },
    "linklocal.example.test": { A: [], AAAA: ["fe80::1"] },
    "ula.example.test": { A: [], AAAA: ["fd00::1"] },
    // One private answer among public ones is enough: the connection could pick it.
    "mixed.example.test": { A: ["93.184.216.34"], AAAA: ["::ffff:a9fe:a9fe"] },
  };
  const s = await setting(false, (name, type) => answers[name]?.[type] ?? null);
  try {
    for (const name of Object.keys(answers)) {
      const h = await s.hook(`https://${name}:${s.tlsPort}/hooks`);
      const d = await s.deliver(h.id);
      assert.equal(d.status, "retrying", name);
      assert.equal(d.last_error, "the endpoint resolves to a private address", name);
    }
    // Real HTTP to 127.0.0.1 (a URL saved while private addresses were allowed): refused at delivery.
    for (const url of [`http://127.0.0.1:${s.plainPort}/hooks`, `https://[::ffff:127.0.0.1]:${s.tlsPort}/`]) {
      const h = await s.hook(url);
      const d = await s.deliver(h.id);
      assert.equal(d.last_error, "the endpoint is a private address", url);
    }
    assert.equal(s.received.length, 0);
    // And refused when saved.
    const saved = await s.e.call(s.e.admin, "POST", "/partner-service/webhooks", {
      url: `https://127.0.0.1:${s.tlsPort}/hooks`,
    });
    assert.equal(saved.status, 400);
  } finally {
    await s.close();
  }
});

Deno.test("webhook DNS rebinding: a public first answer is the one connected to; the private second answer is never asked for or used", async () => {
  // TEST-NET-3 (203.0.113.0/24) is public by our rules and routes nowhere: the pinned connection fails or times
  // out, and the loopback receiver (what a second resolution would have reached) gets nothing.
  const s = await setting(
    false,
    (name, type, nth) =>
      name !== NAME ? null : type === "AAAA" ? [] : nth === 1 ? ["203.0.113.7"] : ["127.0.0.1"],
    1500,
  );
  try {
    const h = await s.hook(`https://${NAME}:${s.tlsPort}/hooks`);
    const d = await s.deliver(h.id);
    assert.equal(d.status, "retrying");
    assert.doesNotMatch(d.last_error ?? "", /private/);
    assert.equal(aQueries(s.dns.questions), 1, s.dns.questions.join(", "));
    assert.equal(s.received.length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("webhook ports (security pass 10): a URL naming a port outside PARTNER_WEBHOOK_PORTS is refused when saved and, saved before, at delivery without a DNS query", async () => {
  // Before the port rule, a partner could have the platform open a TLS connection to any port of a public host
  // (`https://example.com:22/`). The DNS double answers a private address, so an allowed port goes on to the
  // resolution and stops there: no connection leaves the machine.
  const s = await setting(false, (_name, type) => (type === "A" ? ["10.9.9.9"] : []), 800, "443,8443");
  try {
    for (const port of [22, 25, 6379, 8080, 65535, 80]) {
      const r = await s.e.call(s.e.admin, "POST", "/partner-service/webhooks", {
        url: `https://hooks.example.com:${port}/in`,
      });
      assert.equal(r.status, 400, `port ${port}: ${r.text}`);
      assert.match(r.json.error.message, new RegExp(`must use port 443 or 8443,? .*not ${port}`), r.text);
    }
    for (
      const url of [
        "https://hooks.example.com/in",
        "https://hooks.example.com:443/in",
        "https://hooks.example.com:8443/in",
      ]
    ) {
      const r = await s.e.call(s.e.admin, "POST", "/partner-service/webhooks", { url });
      assert.equal(r.status, 201, `${url}: ${r.text}`);
    }
    // A row saved before the rule: refused at delivery, before any resolution or connection.
    const h = await s.hook(`https://${NAME}:22/in`);
    const d = await s.deliver(h.id);
    assert.equal(d.status, "retrying");
    assert.match(d.last_error ?? "", /port must use port 443 or 8443,? .*not 22/);
    assert.equal(aQueries(s.dns.questions), 0, s.dns.questions.join(", "));
    // An allowed port goes on to the resolution (refused there: the double's answer is private).
    const ok = await s.hook(`https://${NAME}:8443/in`);
    const d2 = await s.deliver(ok.id);
    assert.equal(d2.last_error, "the endpoint resolves to a private address");
    assert.equal(aQueries(s.dns.questions), 1);
    assert.equal(s.received.length, 0);
  } finally {
    await s.close();
  }
});
