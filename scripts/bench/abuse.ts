// npm run bench:abuse
// Replays the hostile documents of issue 12 against a local stack on 127.0.0.1 (started here, on a fresh
// database on the machine's PostgreSQL, or the embedded one when none answers) and reports, for each: the
// answer, the service process's peak RSS and its RSS after (and the peak of the whole process tree, the
// document workers included), and /health latency p50/p99/max while it was being handled. Bounded: one
// request per bomb, each limited to 120 s. Env: ABUSE_PORT (55140), ABUSE_PG_PORT (55141), ADMIN_DATABASE_URL.
import postgres from "postgres";
import { mb, rssOf as statmRss, treeRss } from "./proc.ts";

const port = Number(Deno.env.get("ABUSE_PORT") ?? 55140);
const base = `http://127.0.0.1:${port}`;
const admin = Deno.env.get("ADMIN_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `abuse_${Date.now().toString(36)}`;
const dataDir = await Deno.makeTempDir({ prefix: "abuse-" });
const fixtures = new URL("../../tests/fixtures/documents/", import.meta.url).pathname;
const bomb = (n: string) => Deno.readFileSync(fixtures + n);

// A database for the stack: the machine's PostgreSQL when it answers, else the stack's embedded one.
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
    EMBEDDED_PG_PORT: Deno.env.get("ABUSE_PG_PORT") ?? "55141",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "error",
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

try {
  const started = performance.now();
  while (true) {
    if (performance.now() - started > 120_000) throw new Error("the stack did not start in 120 s");
    const ok = await fetch(`${base}/v1/pdf-generator-service/health`).then(async (
      r,
    ) => (await r.body?.cancel(), r.ok)).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  // demo.json is written right after the services answer
  let demo: { email: string; password: string; partnerToken: string } | undefined;
  while (!demo) {
    demo = await Deno.readTextFile(`${dataDir}/demo.json`).then(JSON.parse).catch(() =>
      new Promise((r) => setTimeout(() => r(undefined), 200))
    );
  }
  const json = (r: Response) => r.json() as Promise<Record<string, any>>;
  const token = async (path: string, body: unknown) =>
    (await json(
      await fetch(`${base}/v1/authenticator-service/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    )).idToken as string;
  const widget = {
    authorization: `Bearer ${await token("refresh-token", { refreshToken: demo.partnerToken })}`,
  };
  const adminAuth = {
    authorization: `Bearer ${await token("get-token", { email: demo.email, password: demo.password })}`,
  };
  const pid = stack.pid;
  const sql = databaseUrl ? postgres(databaseUrl, { max: 1, onnotice: () => {} }) : undefined;

  const upload = (name: string) => {
    const f = new FormData();
    f.append("files", new File([bomb(name) as BlobPart], name));
    return () =>
      fetch(`${base}/v1/utility-bill-service/upload`, { method: "POST", headers: widget, body: f });
  };
  const logoUri = `data:image/png;base64,${
    btoa(Array.from(bomb("giant_header.png"), (b) => String.fromCharCode(b)).join(""))
  }`;
  const config = { serving_states: ["CA", "NY", "TX", "AZ"], roof_types: ["Shingle"] };

  const cases: [string, () => Promise<Response>][] = [
    ["giant-header PNG (65535×65535), bill upload", upload("giant_header.png")],
    ["30000×30000 PNG, bill upload", upload("huge_30000.png")],
    ["2300×100000 PNG, bill upload", upload("tall_2300x100000.png")],
    ["flate-bomb PDF (510 KB → 500 MB), bill upload", upload("flate_bomb.pdf")],
    [
      "200 KB HTML, generate-pdf-from-html",
      () =>
        fetch(`${base}/v1/pdf-generator-service/generate-pdf-from-html`, {
          method: "POST",
          headers: { ...adminAuth, "content-type": "application/json" },
          body: JSON.stringify({ html: new TextDecoder().decode(bomb("heavy.html")) }),
        }),
    ],
    [
      "poisoned logo, PUT /widget-config",
      () =>
        fetch(`${base}/v1/widget-service/widget-config`, {
          method: "PUT",
          headers: { ...adminAuth, "content-type": "application/json" },
          body: JSON.stringify({ ...config, report_logo: logoUri }),
        }),
    ],
  ];
  if (sql) {
    cases.push(["poisoned logo already stored, savings request + emailed report", async () => {
      await sql`update public.widget_configs set report_logo = ${logoUri}`;
      const r = await fetch(`${base}/v1/widget-service/process-widget-savings-info`, {
        method: "POST",
        headers: { ...widget, "content-type": "application/json" },
        body: new TextDecoder().decode(bomb("savings_request.json")),
      });
      const until = performance.now() + 60_000;
      while (performance.now() < until) {
        const [j] =
          await sql`select status from queue.jobs where queue = 'savings.deliver' order by created_at desc limit 1`;
        if (j && (j.status === "done" || j.status === "failed")) {
          return new Response(`delivery job ${j.status}`, { status: r.status });
        }
        await new Promise((res) => setTimeout(res, 200));
      }
      return new Response("delivery job still pending after 60 s", { status: 504 });
    }]);
  }

  const idle = statmRss(pid);
  console.log(
    `bench:abuse: stack pid ${pid} on ${base} (${
      databaseUrl ? "PostgreSQL at 127.0.0.1:5432" : "embedded PostgreSQL"
    }); service RSS idle ${mb(idle)}`,
  );
  console.log(
    "case".padEnd(64) + "answer".padEnd(36) + "ms".padStart(7) +
      "  service RSS peak/after   tree peak   health p50/p99/max ms (n)",
  );
  for (const [name, send] of cases) {
    let done = false, peak = statmRss(pid), treePeak = 0;
    const lat: number[] = [];
    const sampler = (async () => {
      while (!done) {
        peak = Math.max(peak, statmRss(pid));
        treePeak = Math.max(treePeak, treeRss(pid));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const poller = (async () => {
      while (!done) {
        const t0 = performance.now();
        const r = await fetch(`${base}/v1/utility-bill-service/health`, {
          signal: AbortSignal.timeout(30_000),
        }).catch(() => undefined);
        await r?.body?.cancel();
        lat.push(performance.now() - t0);
        await new Promise((res) => setTimeout(res, 20));
      }
    })();
    const t0 = performance.now();
    let answer: string;
    try {
      const r = await Promise.race([
        send(),
        new Promise<never>((_, rej) => setTimeout(() => rej(new Error("timeout 120 s")), 120_000)),
      ]);
      const body = await r.text();
      const code = body.startsWith("{")
        ? JSON.parse(body).error?.code ?? ""
        : body.startsWith("%PDF")
        ? "pdf"
        : body.slice(0, 24);
      answer = `${r.status} ${code}`;
    } catch (e) {
      answer = `no answer (${(e as Error).message})`;
    }
    const ms = performance.now() - t0;
    done = true;
    await Promise.all([sampler, poller]);
    await new Promise((r) => setTimeout(r, 300));
    const after = statmRss(pid);
    lat.sort((a, b) => a - b);
    const q = (f: number) => lat[Math.min(lat.length - 1, Math.floor(f * lat.length))]?.toFixed(0) ?? "-";
    console.log(
      `${name.padEnd(64)}${answer.slice(0, 35).padEnd(36)}${ms.toFixed(0).padStart(7)}  ${
        `${mb(peak)}/${mb(after)}`.padEnd(23)
      }  ${mb(treePeak).padEnd(10)}  ${q(0.5)}/${q(0.99)}/${
        lat.length ? lat[lat.length - 1].toFixed(0) : "-"
      } (${lat.length})`,
    );
  }
  const alive = await fetch(`${base}/v1/utility-bill-service/health`).then(async (
    r,
  ) => (await r.body?.cancel(), r.status)).catch(() => 0);
  console.log(`after all: health ${alive}, service RSS ${mb(statmRss(pid))} (idle was ${mb(idle)})`);
  await sql?.end();
} finally {
  await cleanup();
}
