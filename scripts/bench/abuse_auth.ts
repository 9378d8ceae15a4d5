// npm run bench:abuse:auth
// Replays the login, rate-limit and webhook attacks of issue 12 against a local stack on 127.0.0.1
// (started here on a fresh database on the machine's PostgreSQL, or the embedded one when none answers)
// with the DEFAULT limits, and prints what an attacker gets back: status tallies per attack and the
// readiness latency (p50/p99) measured while each attack runs. Bounded: a few hundred requests in all.
// Env: ABUSE_AUTH_PORT (55150), ABUSE_AUTH_PG_PORT (55151), ADMIN_DATABASE_URL.
import postgres from "postgres";
import { signWebhook } from "../../shared/notifications/webhook.ts";

const port = Number(Deno.env.get("ABUSE_AUTH_PORT") ?? 55150);
const base = `http://127.0.0.1:${port}`;
const admin = Deno.env.get("ADMIN_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `abuse_auth_${Date.now().toString(36)}`;
const dataDir = await Deno.makeTempDir({ prefix: "abuse-auth-" });
// The stack's development webhook secret (shared/notifications/config.ts) unless one is set.
const webhookSecret = Deno.env.get("EMAIL_WEBHOOK_SECRET") ??
  "whsec_ZGV2LW9ubHktd2ViaG9vay1zZWNyZXQtMzItYnl0ZXMh";

let databaseUrl: string | undefined;
const adminSql = postgres(admin, { max: 1, onnotice: () => {}, connect_timeout: 3 });
try {
  await adminSql.unsafe(`create database ${dbName}`);
  databaseUrl = admin.replace(/\/[^/]*$/, `/${dbName}`);
} catch {
  await adminSql.end();
}

const stack = new Deno.Command(Deno.execPath(), {
  args: ["run", "-A", new URL("../start.ts", import.meta.url).pathname],
  env: {
    PORT: String(port),
    EMBEDDED_PG_PORT: Deno.env.get("ABUSE_AUTH_PG_PORT") ?? "55151",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "error",
    INBOX_SMTP_PORT: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdout: "null",
  stderr: "inherit",
}).spawn();

async function cleanup() {
  try {
    stack.kill("SIGINT");
  } catch { /* gone */ }
  const t = setTimeout(() => stack.kill("SIGKILL"), 10_000);
  await stack.status;
  clearTimeout(t);
  if (databaseUrl) {
    await adminSql.unsafe(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await adminSql.end();
  }
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}

const tally = (xs: string[]) => {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return Object.entries(out).map(([k, v]) => `${v}× ${k}`).join(", ");
};
const pct = (xs: number[], q: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN;

/** Runs an attack while probing /health/ready every 20 ms; returns the attack's answers and the probe latencies. */
async function underProbe<T>(attack: () => Promise<T>): Promise<{ result: T; ready: number[] }> {
  const ready: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      const r = await fetch(`${base}/v1/widget-service/health/ready`).catch(() => undefined);
      await r?.body?.cancel();
      ready.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 20));
    }
  })();
  const result = await attack();
  running = false;
  await probe;
  return { result, ready };
}

const label = async (r: Response) => {
  const code = r.status >= 400
    ? (await r.json().catch(() => ({})))?.error?.code
    : (await r.body?.cancel(), undefined);
  return code ? `${r.status} ${code}` : String(r.status);
};
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${base}/v1/authenticator-service/health/ready`).then((
      r,
    ) => (r.body?.cancel(), r.ok)).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error("stack did not become ready in 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  const demo = JSON.parse(await Deno.readTextFile(`${dataDir}/demo.json`));
  const rows: string[][] = [];
  const record = (attack: string, answers: string, ready: number[]) =>
    rows.push([attack, answers, `${pct(ready, 0.5).toFixed(1)} / ${pct(ready, 0.99).toFixed(1)} ms`]);

  // 1. 200 concurrent wrong passwords for the demo admin.
  let r = await underProbe(() =>
    Promise.all(
      Array.from({ length: 200 }, () =>
        post("/v1/authenticator-service/get-token", { email: demo.email, password: "wrong password" }).then(
          label,
        )),
    )
  );
  record("200 concurrent wrong passwords", tally(r.result), r.ready);
  // 2. Then the right password (account locked).
  r = await underProbe(
    async () => [
      await label(
        await post("/v1/authenticator-service/get-token", { email: demo.email, password: demo.password }),
      ),
    ],
  );
  record("right password after the burst", tally(r.result), r.ready);

  // The widget's ID token, bought with the public partner token.
  const idToken =
    (await (await post("/v1/authenticator-service/refresh-token", { refreshToken: demo.partnerToken }))
      .json()).idToken;
  const auth = { Authorization: `Bearer ${idToken}` };
  // 3. 300 address autocompletes in a row.
  r = await underProbe(async () => {
    const out: string[] = [];
    for (let i = 0; i < 300; i++) {
      out.push(
        await label(
          await fetch(`${base}/v1/widget-service/address-autocomplete?q=1%20Market%20St`, { headers: auth }),
        ),
      );
    }
    return out;
  });
  record("300 address autocompletes (widget token)", tally(r.result), r.ready);
  // 4. 100 contact creations in a row.
  r = await underProbe(async () => {
    const out: string[] = [];
    for (let i = 0; i < 100; i++) {
      out.push(
        await label(
          await post("/v1/widget-service/contact", {
            first_name: "Eve",
            last_name: `N${i}`,
            email: `eve${i}@example.com`,
          }, auth),
        ),
      );
    }
    return out;
  });
  record("100 contact creations (widget token)", tally(r.result), r.ready);
  // 5. One signed webhook replayed five times (an unknown email id: the replay is refused before any update).
  const body = JSON.stringify({
    type: "email.delivered",
    created_at: new Date().toISOString(),
    data: { email_id: "bench-email" },
  });
  const headers = signWebhook(webhookSecret, "msg_bench_replay", body);
  r = await underProbe(async () => {
    const out: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${base}/v1/notification-service/events/webhook`, {
        method: "POST",
        body,
        headers: { ...headers, "content-type": "application/json" },
      });
      out.push(`${res.status} ${(await res.json()).status ?? ""}`.trim());
    }
    return out;
  });
  record("same signed webhook x5", tally(r.result), r.ready);
  // 6. Malformed JSON: NUL in a lead's text, 7,000-deep body.
  r = await underProbe(async () => [
    await label(
      await fetch(`${base}/v1/widget-service/contact`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: '{"first_name":"A\\u0000","email":"a@example.com"}',
      }),
    ),
    await label(
      await fetch(`${base}/v1/widget-service/create-lead`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: '{"a":'.repeat(7000) + "1" + "}".repeat(7000),
      }),
    ),
  ]);
  record("NUL in contact text; 7,000-deep lead body", tally(r.result), r.ready);

  console.log("\nbench:abuse:auth — default limits, one client address (127.0.0.1)\n");
  console.log("| Attack | Answers | /health/ready p50 / p99 during it |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
} finally {
  await cleanup();
}
