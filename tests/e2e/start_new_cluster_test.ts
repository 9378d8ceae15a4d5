// `npm start` on a new embedded cluster (issue #16, cold start; docs/operations.md "Local stack: beside initdb
// only what must be"): while initdb runs, only the modules load; the services' routes are built (and the demo
// login hashed) while the main migration transaction runs. On a cluster that exists, the routes are built while
// PostgreSQL starts, as before. Either way a liveness request sent as soon as the server listens is answered.
import assert from "node:assert/strict";
import { freePort } from "../integration/operations/helpers.ts";
import { spawnStack } from "../support/stack_process.ts";

// Stacks still running when a check fails: Ctrl-C'd in the test's finally, so their PostgreSQL stops too.
const live = new Set<Deno.ChildProcess>();
async function stopLeftovers() {
  for (const child of live) {
    try {
      child.kill("SIGINT");
    } catch { /* exited */ }
    await child.status;
    live.delete(child);
  }
}

async function start(dataDir: string, port: number, pgPort: number) {
  // DATABASE_URL empty: the embedded PostgreSQL, whatever the environment says.
  const child = spawnStack(port, dataDir, { DATABASE_URL: "", EMBEDDED_PG_PORT: String(pgPort) });
  live.add(child);
  let out = "";
  let err = "";
  const errDone = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
    new WritableStream({ write: (t) => void (err = (err + t).slice(-3000)) }),
  );
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = Date.now() + 90_000;
  let liveness: Promise<number> | undefined;
  while (!out.includes("Press Ctrl-C")) {
    const { value, done } = await reader.read();
    if (done || Date.now() > deadline) throw new Error(`stack did not start:\n${out.slice(-5000)}\n${err}`);
    out += value;
    if (!liveness && out.includes(`"msg":"listening while the migrations run"`)) {
      liveness = fetch(`http://127.0.0.1:${port}/v1/widget-service/health`).then(async (r) => {
        await r.body?.cancel();
        return r.status;
      });
    }
  }
  const outDone = (async () => {
    while (!(await reader.read()).done) { /* keep the pipe flowing */ }
  })();
  return {
    out,
    liveness,
    async stop() {
      child.kill("SIGINT");
      const status = await child.status;
      live.delete(child);
      await outDone;
      await errDone;
      assert.equal(status.code, 0, `exit ${status.code}; stderr:\n${err}`);
    },
  };
}

Deno.test({
  name:
    "npm start on a new cluster builds the routes while the main migrations run, not beside initdb; on an existing cluster while PostgreSQL starts",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "new-cluster-" });
    const port = freePort(), pgPort = freePort();
    try {
      const first = await start(dataDir, port, pgPort);
      const at = (out: string, msg: string) => out.indexOf(`"msg":"${msg}"`);
      const initdbDone = first.out.indexOf("Sync to disk skipped");
      assert.ok(initdbDone > 0, `initdb ran:\n${first.out.slice(0, 3000)}`);
      assert.ok(at(first.out, "migration applied") > 0, "the stack applied the migrations");
      assert.ok(
        at(first.out, "routes built") > at(first.out, "listening while the migrations run") &&
          at(first.out, "routes built") > initdbDone,
        `a new cluster: "routes built" after initdb and once the server listens, during the migrations:\n${first.out}`,
      );
      assert.ok(at(first.out, "routes built") < at(first.out, "startup phases"), "before the start is ready");
      assert.equal(await first.liveness, 200, "a liveness request while the routes were still being built");
      await first.stop();

      const second = await start(dataDir, port, pgPort);
      assert.match(second.out, /0 migration\(s\) applied now/);
      assert.ok(
        at(second.out, "routes built") >= 0 &&
          at(second.out, "routes built") < at(second.out, "listening while the migrations run"),
        `an existing cluster: the routes are built while PostgreSQL starts:\n${second.out}`,
      );
      assert.equal(await second.liveness, 200);
      await second.stop();
    } finally {
      await stopLeftovers();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
