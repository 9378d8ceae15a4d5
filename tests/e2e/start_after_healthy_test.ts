// `npm start` prints its start before the work that need not hold it back (the background loops, the widget's and
// the partner console's esbuild builds, the first bus retention prune), and that work still happens: a request that comes
// before a build waits for it.
import assert from "node:assert/strict";
import { emptyDatabase } from "../support/db_compare.ts";
import { freePort } from "../integration/operations/helpers.ts";
import { spawnStack } from "../support/stack_process.ts";

Deno.test({
  name:
    "npm start: the routes are built and the server listens before the migrations run (an early request is held until ready); the background loops, builds and the first bus prune start after the start is printed, and a request waits for its build",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // An empty database: the stack applies every migration itself.
    const db = await emptyDatabase(1);
    const port = freePort();
    const dataDir = await Deno.makeTempDir({ prefix: "after-healthy-" });
    const child = spawnStack(port, dataDir, { DATABASE_URL: db.url });
    let out = "";
    let err = "";
    const errDone = child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({ write: (t) => void (err += t) }),
    );
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    try {
      const deadline = Date.now() + 60_000;
      // Sent as soon as the server listens, while the migrations still run: held until the start is ready, then
      // answered with the seeded demo page (not refused, not a 503 for a schema or a partner not there yet).
      let early: Promise<{ status: number; text: string }> | undefined;
      let outWhenSent = "";
      while (!out.includes("Press Ctrl-C")) {
        const { value, done } = await reader.read();
        if (done || Date.now() > deadline) {
          throw new Error(`stack did not start:\n${out}\n${err.slice(-3000)}`);
        }
        out += value;
        if (!early && out.includes(`"msg":"listening while the migrations run"`)) {
          outWhenSent = out;
          early = fetch(`http://127.0.0.1:${port}/demo`).then(async (r) => ({
            status: r.status,
            text: await r.text(),
          }));
        }
      }
      const outDone = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          out += value;
        }
      })();
      assert.ok(early, `the server listened before the start was printed:\n${out}`);
      assert.ok(
        !outWhenSent.includes("Press Ctrl-C") && !outWhenSent.includes(`"msg":"startup phases"`),
        `the early request was sent before the start was ready:\n${outWhenSent}`,
      );
      const answer = await early;
      assert.equal(answer.status, 200, answer.text);
      assert.match(answer.text, /wgt_/, "the demo page with the seeded partner's token");
      // Right after the start, both builds asked for at once: each waits for its build, one after the other.
      const base = `http://127.0.0.1:${port}`;
      const [widget, console] = await Promise.all([fetch(`${base}/widget/`), fetch(`${base}/console/`)]);
      assert.equal(widget.status, 200, await widget.text());
      assert.equal(console.status, 200, await console.text());

      // Info and debug lines go to stdout, in the order they happened, with the printed start.
      const position = (msg: string) => out.indexOf(`"msg":"${msg}"`);
      for (let i = 0; i < 300 && position("after the start") < 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const printed = out.indexOf("Press Ctrl-C to stop.");
      // The services' routes (no query needed) are built while the database starts, not after the migrations.
      assert.ok(position("migration applied") > 0, `the stack applied the migrations:\n${out}`);
      assert.ok(
        position("routes built") >= 0 && position("routes built") < position("migration applied"),
        `"routes built" logged before the first migration was applied:\n${out}`,
      );
      assert.ok(
        position("listening while the migrations run") < position("migration applied"),
        `the server listens before the first migration is applied:\n${out}`,
      );
      // The background loops start once the start is printed (the queue worker and the bus push loop need the
      // schema, not the demo data; started beside the seed, they took its core).
      for (
        const msg of [
          "event bus push loop started",
          "widget built",
          "console built",
          "bus retention",
          "after the start",
        ]
      ) {
        assert.ok(position(msg) > printed, `"${msg}" logged after the start was printed:\n${out}`);
      }
      child.kill("SIGINT");
      assert.equal((await child.status).code, 0);
      await outDone;
      await errDone;
    } finally {
      try {
        child.kill("SIGKILL");
      } catch { /* exited */ }
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
      await db.drop();
    }
  },
});
