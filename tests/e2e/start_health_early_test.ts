// `npm start` asks every service's /health (liveness, answered from memory) as soon as the routes are built and the
// server listens, not after the demo seed (issue #16, docs/operations.md "Local stack: the start's critical path
// (cold11)"): with the seed held up by a lock, the ten answers are in, and the start is printed only once the seed
// is done. On a database that is already migrated, so the stack's only write before its start is the seed.
import assert from "node:assert/strict";
import { connect } from "../../shared/db/client.ts";
import { migrate } from "../../shared/db/migrate.ts";
import { emptyDatabase } from "../support/db_compare.ts";
import { freePort } from "../integration/operations/helpers.ts";
import { spawnStack } from "../support/stack_process.ts";

Deno.test({
  name:
    "npm start answers the services' health checks while the demo seed waits, and prints the start only after the seed",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const db = await emptyDatabase(3);
    await migrate(db.sql);
    const port = freePort();
    const dataDir = await Deno.makeTempDir({ prefix: "health-early-" });
    // The seed's first statement upserts the demo organisation: a SHARE lock on the table holds it back.
    const holder = connect(db.url, { max: 1 });
    let release!: () => void;
    const released = new Promise<void>((r) => release = r);
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => locked = r);
    const holding = holder.begin(async (tx) => {
      await tx`lock table public.organizations in share mode`;
      locked();
      await released;
    });
    await isLocked;
    const child = spawnStack(port, dataDir, { DATABASE_URL: db.url });
    let out = "";
    let err = "";
    const errDone = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (t) => void (err = (err + t).slice(-3000)) }),
    );
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    const readUntil = async (text: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!out.includes(text)) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
        ]);
        if (!next || next.done) throw new Error(`no "${text}" within ${ms} ms:\n${out.slice(-5000)}\n${err}`);
        out += next.value;
      }
    };
    try {
      await readUntil(`"msg":"services answered their health check"`, 60_000);
      assert.match(out, /"msg":"services answered their health check","healthy":10/);
      // The seed waits for the lock meanwhile (it may begin just after the answers), and the start is not printed.
      for (let i = 0;; i++) {
        const [{ n }] = await db.sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%organizations%'`;
        if (n > 0) break;
        assert.ok(i < 300, "the demo seed never waited for the lock");
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(
        !out.includes("startup phases") && !out.includes("Press Ctrl-C"),
        `printed before the seed:\n${out}`,
      );
      release();
      await holding;
      await readUntil("Press Ctrl-C", 60_000);
      assert.match(out, /Health {10}10\/10 services healthy/);
      assert.ok(
        out.indexOf(`"msg":"services answered their health check"`) < out.indexOf(`"msg":"startup phases"`),
        out,
      );
      child.kill("SIGINT");
      assert.equal((await child.status).code, 0);
      while (!(await reader.read()).done) { /* drain */ }
      await errDone;
    } finally {
      release();
      await holding.catch(() => {});
      await holder.end({ timeout: 1 });
      try {
        child.kill("SIGKILL");
      } catch { /* exited */ }
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
      await db.drop();
    }
  },
});
