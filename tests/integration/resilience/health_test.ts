// Issue 12: readiness includes the database (503 while it is down) while liveness stays cheap; the local
// stack binds to 127.0.0.1 by default; /dev/* pages exist only in development mode, and production mode
// refuses to start with the development secrets.
import assert from "node:assert/strict";
import { createApp as widgetApp } from "../../../supabase/functions/widget-service/app.ts";
import { connect } from "../../../shared/db/client.ts";
import { createPlatform } from "../../../shared/platform.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { extension as notifications } from "../../../shared/stack/extensions/notifications.ts";
import { createTestDatabase, testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { tcpProxy } from "../notifications/tcp_proxy.ts";

const root = new URL("../../../", import.meta.url).pathname;
const deno = `${root}node_modules/.bin/deno`;

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

Deno.test("readiness: /health/ready follows the database through a real outage (200, 503 not_ready, 200); /health stays 200", async () => {
  const p = await testPlatform();
  // The service reaches PostgreSQL through a TCP proxy the test takes down and brings back.
  const target = new URL(p.db.url);
  const proxy = tcpProxy(Number(target.port || 5432), target.hostname);
  const via = new URL(p.db.url);
  via.port = String(proxy.port);
  const sql = connect(via.toString(), { max: 2 });
  const q = createPlatform(sql, p.config);
  const server = serveApp(widgetApp(q).fetch);
  const get = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/widget-service${path}`);
    return { status: res.status, body: await res.json(), ms: performance.now() - started };
  };
  try {
    const up = await get("/health/ready");
    assert.equal(up.status, 200);
    assert.deepEqual(up.body, { status: "ready", checks: { database: "ok" } });
    proxy.down();
    const live = await get("/health");
    assert.equal(live.status, 200, "liveness does not touch the database");
    const down = await get("/health/ready");
    assert.equal(down.status, 503);
    assert.equal(down.body.error.code, "not_ready");
    assert.equal(down.body.checks.database, "down");
    assert.ok(down.ms < 5000, `answers within the readiness timeout (${down.ms.toFixed(0)} ms)`);
    proxy.up();
    let back = await get("/health/ready");
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      back = await get("/health/ready");
    }
    assert.equal(back.status, 200, "ready again once the database is back");
  } finally {
    await server.close();
    proxy.close();
    await sql.end({ timeout: 1 }).catch(() => {});
    await p.close();
  }
});

Deno.test("dev pages: /dev/mailbox in development mode only; production mode answers 404 and links none", async () => {
  const p = await testPlatform();
  const dev = serveApp(createStackHandler(p, [notifications], "development"));
  const prod = serveApp(createStackHandler(p, [notifications], "production"));
  try {
    for (const path of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const d = await fetch(`${dev.url}${path}`);
      assert.equal(d.status, 200, `development ${path}`);
      await d.body?.cancel();
      const r = await fetch(`${prod.url}${path}`);
      assert.equal(r.status, 404, `production ${path}`);
      await r.body?.cancel();
    }
    const fire = await fetch(`${prod.url}/dev/mailbox/x/events/delivered`, { method: "POST" });
    assert.equal(fire.status, 404);
    await fire.body?.cancel();
    assert.doesNotMatch(await (await fetch(`${prod.url}/`)).text(), /dev\/mailbox/);
    // Services are unaffected by the mode.
    const h = await fetch(`${prod.url}/v1/widget-service/health/ready`);
    assert.equal(h.status, 200);
    await h.body?.cancel();
  } finally {
    await dev.close();
    await prod.close();
    await p.close();
  }
});

Deno.test({
  name:
    "npm start: STACK_MODE=production refuses the development secrets; the default bind address is 127.0.0.1",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const base = {
      PATH: Deno.env.get("PATH") ?? "",
      HOME: Deno.env.get("HOME") ?? "/tmp",
      LOG_LEVEL: "warn",
    };
    const refused = await new Deno.Command(deno, {
      args: ["run", "-A", "scripts/start.ts"],
      cwd: root,
      clearEnv: true,
      env: { ...base, STACK_MODE: "production", DATA_DIR: await Deno.makeTempDir({ prefix: "sec-prod-" }) },
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(refused.code, 1);
    const said = new TextDecoder().decode(refused.stderr) + new TextDecoder().decode(refused.stdout);
    assert.match(said, /INTERNAL_SERVICE_TOKEN/);
    assert.match(said, /EMAIL_WEBHOOK_SECRET/);

    const db = await createTestDatabase();
    const port = freePort();
    const dataDir = await Deno.makeTempDir({ prefix: "sec-stack-" });
    const stack = new Deno.Command(deno, {
      args: ["run", "-A", "scripts/start.ts"],
      cwd: root,
      clearEnv: true,
      env: {
        ...base,
        DATABASE_URL: db.url,
        PORT: String(port),
        DATA_DIR: dataDir,
        INBOX_SMTP_PORT: "0",
        INBOX_CHECK_INTERVAL_SECONDS: "0",
      },
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const reader = stack.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const out: string[] = [];
    try {
      const deadline = Date.now() + 60_000;
      while (!out.join("").includes("Press Ctrl-C") && Date.now() < deadline) {
        const r = await reader.read();
        if (r.done) break;
        out.push(r.value);
      }
      assert.match(out.join(""), /Listening on\s+127\.0\.0\.1:\d+ \(STACK_MODE=development\)/, out.join(""));
      const loop = await fetch(`http://127.0.0.1:${port}/v1/widget-service/health/ready`);
      assert.equal(loop.status, 200);
      await loop.body?.cancel();
      // Another interface of this machine does not answer.
      const external = Deno.networkInterfaces().find((i) =>
        i.family === "IPv4" && !i.address.startsWith("127.")
      );
      if (external) {
        await assert.rejects(
          fetch(`http://${external.address}:${port}/v1/widget-service/health`, {
            signal: AbortSignal.timeout(3000),
          }),
        );
      } else {console.log(
          "no non-loopback IPv4 interface on this machine; bind check limited to the printed address",
        );}
    } finally {
      stack.kill("SIGTERM");
      await stack.status;
      await reader.cancel().catch(() => {});
      await db.drop();
    }
  },
});
