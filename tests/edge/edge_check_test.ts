// The edge check (scripts/edge/check.ts) as part of `npm test`: every function, from a copy of what the deploy
// ships, under the Edge Runtime's Deno, with an empty module cache, boots, answers /health and serves its real
// requests against a migrated, seeded PostgreSQL, within the budgets. The figures are printed.
import assert from "node:assert/strict";
import { adminUrl } from "../support/db.ts";
import { formatRow, overBudget, runEdgeCheck } from "../../scripts/edge/check.ts";
import { functionNames } from "../../scripts/edge/runtime.ts";

Deno.test({
  name: "edge check: every function boots, serves and stays within budget on the Edge Runtime's Deno",
  // the check owns its child processes and databases; it closes them itself
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const results = await runEdgeCheck([], {
      adminUrl,
      basePort: Deno.env.get("EDGE_CHECK_PORT") ? Number(Deno.env.get("EDGE_CHECK_PORT")) : undefined,
    });
    console.log("\n" + results.map(formatRow).join("\n"));
    const names = await functionNames();
    for (const fn of names) {
      assert.ok(results.some((r) => r.fn === fn || r.fn.startsWith(`${fn} (`)), `${fn} was checked`);
    }
    const problems = results.flatMap((r) =>
      [...r.errors, ...(r.bootMs >= 0 ? overBudget(r) : [])].map((p) => `${r.fn}: ${p}`)
    );
    assert.deepEqual(problems, []);
  },
});
