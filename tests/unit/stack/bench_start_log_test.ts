// `npm run bench:start` reads where PostgreSQL's own start went in each run from the run's debug log.
import assert from "node:assert/strict";
import { postgresMilestones } from "../../../scripts/bench/start_log.ts";

const line = (time: string, msg: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ time, level: "debug", msg, ...extra });

Deno.test("bench:start: initdb's first line and the server's readiness, in ms from the spawn", () => {
  const spawnedAt = Date.parse("2026-11-25T12:00:00.000Z");
  const out = [
    line("2026-11-25T12:00:00.100Z", "listening while the migrations run"),
    line("2026-11-25T12:00:00.240Z", "postgres", { line: "The files belonging to this database system…" }),
    '{"time":"2026-11-25T12:00:00.3', // a line cut short
    line("2026-11-25T12:00:00.700Z", "postgres", { line: "LOG:  database system was shut down" }),
    line("2026-11-25T12:00:00.815Z", "postgres", {
      line: "LOG:  database system is ready to accept connections",
    }),
    line("2026-11-25T12:00:00.900Z", "postgres", {
      line: "LOG:  database system is ready to accept connections",
    }),
    "  Solar platform is up",
  ].join("\n");
  assert.deepEqual(postgresMilestones(out, spawnedAt), { firstLine: 240, ready: 815 });
});

Deno.test("bench:start: a run whose PostgreSQL printed nothing has no milestones", () => {
  assert.deepEqual(postgresMilestones(line("2026-11-25T12:00:00.100Z", "startup phases"), 0), {});
  assert.deepEqual(
    postgresMilestones(
      line("2026-11-25T12:00:00.100Z", "postgres", { line: "initdb: starting" }),
      Date.parse("2026-11-25T12:00:00Z"),
    ),
    { firstLine: 100 },
  );
});
