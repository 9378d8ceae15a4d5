import assert from "node:assert/strict";
import { runSeeds } from "../../../shared/stack/seeds.ts";
import type { DemoContext, StackExtension } from "../../../shared/stack/extension.ts";
import { extensions } from "../../../shared/stack/extensions/index.ts";
import type { Platform } from "../../../shared/platform.ts";

const p = {} as Platform; // the seeds below only record what happens
const demo = { orgId: "org" } as DemoContext;

Deno.test("runSeeds: independent seeds run side by side", async () => {
  // Each seed finishes only once the other has started: one after the other, neither would finish.
  let aStarted!: () => void, bStarted!: () => void;
  const a = new Promise<void>((r) => aStarted = r), b = new Promise<void>((r) => bStarted = r);
  const ext = (name: string, started: () => void, other: Promise<void>): StackExtension => ({
    name,
    seed: async () => (started(), await other),
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tooLong = new Promise((_, reject) =>
    timer = setTimeout(() => reject(new Error("ran one after the other")), 2000)
  );
  try {
    await Promise.race([runSeeds([ext("a", aStarted, b), ext("b", bStarted, a)], p, demo), tooLong]);
  } finally {
    clearTimeout(timer);
  }
});

Deno.test("runSeeds: a seed with seedAfter starts once those seeds are done, with the demo context", async () => {
  const events: string[] = [];
  const slow = (name: string, ms: number): StackExtension => ({
    name,
    seed: async (_p, d) => {
      events.push(`${name} start ${d.orgId}`);
      await new Promise((r) => setTimeout(r, ms));
      events.push(`${name} end`);
    },
  });
  await runSeeds(
    [
      { ...slow("operations", 1), seedAfter: ["notifications"] },
      slow("notifications", 30),
      { name: "no-seed" },
    ],
    p,
    demo,
  );
  assert.deepEqual(events, [
    "notifications start org",
    "notifications end",
    "operations start org",
    "operations end",
  ]);
});

Deno.test("runSeeds: a seed that fails fails the run; unknown or circular seedAfter is refused", async () => {
  await assert.rejects(
    runSeeds([{ name: "x", seed: () => Promise.reject(new Error("boom")) }], p, demo),
    /boom/,
  );
  await assert.rejects(
    runSeeds([{ name: "x", seedAfter: ["nope"] }], p, demo),
    /seedAfter names no extension "nope"/,
  );
  await assert.rejects(
    runSeeds([{ name: "x", seedAfter: ["y"] }, { name: "y", seedAfter: ["x"] }], p, demo),
    /seedAfter cycle/,
  );
});

Deno.test("the stack's extensions: every seedAfter names one of them; operations seeds after notifications", () => {
  const names = new Set(extensions.map((e) => e.name));
  for (const e of extensions) for (const n of e.seedAfter ?? []) assert.ok(names.has(n), `${e.name} → ${n}`);
  // Its technician row links the notifications area's technician login (shared/stack/extensions/operations.ts).
  assert.deepEqual(extensions.find((e) => e.name === "operations")?.seedAfter, ["notifications"]);
});
