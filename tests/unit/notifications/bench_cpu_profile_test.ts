// The benchmarks' CPU profile summary (scripts/bench/cpu_profile.ts) on a small profile: shares of the busy
// samples only (idle and the profiler's own calls left out), self and total time, recursion counted once.
import assert from "node:assert/strict";
import { summarize } from "../../../scripts/bench/cpu_profile.ts";

const frame = (functionName: string, url = "file:///x/shared/notifications/push.ts", lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

Deno.test("bench CPU profile summary: busy share, self and total time, recursion once", () => {
  const profile = {
    nodes: [
      { id: 1, callFrame: frame("(root)", "", -1), children: [2, 5, 6] },
      { id: 2, callFrame: frame("handlePush"), children: [3] },
      { id: 3, callFrame: frame("render", "file:///x/shared/notifications/templates.ts", 56), children: [4] },
      { id: 4, callFrame: frame("render", "file:///x/shared/notifications/templates.ts", 56) },
      { id: 5, callFrame: frame("(idle)", "") },
      { id: 6, callFrame: frame("post", "ext:deno_node/inspector.js") },
    ],
    samples: [4, 3, 2, 2, 2, 5, 6],
    timeDeltas: [1000, 1000, 1000, 1000, 1000, 50_000, 20_000],
  };
  const lines = summarize(profile);
  const at = (title: string) => lines.slice(lines.findIndex((l) => l.includes(title)) + 1);
  assert.match(lines[0], /^busy 5 ms sampled/);
  const self = at("self time:");
  assert.equal(self[0].trim(), "60.0 %  handlePush  shared/notifications/push.ts:1");
  assert.equal(self[1].trim(), "40.0 %  render  shared/notifications/templates.ts:57");
  const total = at("total time");
  assert.equal(total[0].trim(), "100.0 %  handlePush  shared/notifications/push.ts:1");
  assert.equal(
    total[1].trim(),
    "40.0 %  render  shared/notifications/templates.ts:57",
    "a recursion counted once",
  );
  assert.ok(!lines.some((l) => l.includes("(idle)") || l.includes("inspector") || l.includes("(root)")));
  assert.deepEqual(at("by folder").map((l) => l.trim()), ["100.0 %  shared/notifications"]);
});
