// The import direction (routes -> domains -> seams -> infrastructure) is checked over the real import graph.
import assert from "node:assert/strict";
import {
  areaCycles,
  checkEdge,
  checkImports,
  KNOWN_CYCLES,
  unexpectedCycles,
} from "../../../scripts/check/imports.ts";

const root = new URL("../../../", import.meta.url).pathname;

Deno.test("no import runs against the direction, and no cycle between shared/ areas", async () => {
  const { violations, cycles } = await checkImports(root);
  assert.deepEqual(violations.map((v) => `${v.from} -> ${v.to}: ${v.rule}`), []);
  assert.deepEqual(unexpectedCycles(cycles), []);
  // The known circles must still be true as listed: when one shrinks or goes, KNOWN_CYCLES must follow.
  assert.deepEqual(cycles.map((c) => c.join(",")).sort(), KNOWN_CYCLES.map((c) => c.join(",")).sort());
});

Deno.test("the rules name each kind of wrong import", () => {
  assert.match(checkEdge("shared/widget/leads.ts", "shared/http/errors.ts")!, /HTTP layer/);
  assert.match(checkEdge("shared/db/client.ts", "shared/widget/leads.ts")!, /infrastructure/);
  assert.match(checkEdge("shared/errors.ts", "shared/http/errors.ts")!, /infrastructure/);
  assert.match(checkEdge("shared/savings/pipeline.ts", "shared/stack/server.ts")!, /local stack/);
  assert.match(
    checkEdge("supabase/functions/queue-worker/index.ts", "shared/stack/extensions/index.ts")!,
    /local stack/,
  );
  assert.match(checkEdge("supabase/functions/a/app.ts", "supabase/functions/b/app.ts")!, /another function/);
  assert.match(checkEdge("shared/bills/x.ts", "tests/support/db.ts")!, /route, script or test/);
  assert.equal(checkEdge("supabase/functions/a/app.ts", "shared/http/app.ts"), undefined);
  assert.equal(checkEdge("shared/widget/leads.ts", "shared/errors.ts"), undefined);
});

Deno.test("a known circle is tolerated only exactly as listed; a new area joining it is a new cycle", () => {
  const graph = (edges: [string, string][]) => {
    const g = new Map<string, Set<string>>();
    for (const [a, b] of edges) (g.get(a) ?? g.set(a, new Set()).get(a)!).add(b);
    return g;
  };
  const known = areaCycles(graph([
    ["shared/documents/render.ts", "shared/savings/report_pdf.ts"],
    ["shared/savings/delivery.ts", "shared/documents/render.ts"],
    ["shared/savings/report_pdf.ts", "shared/pdf/render.ts"],
  ]));
  assert.deepEqual(known, [["documents", "savings"]]);
  assert.deepEqual(unexpectedCycles(known, [["documents", "savings"]]), []);
  // that circle is broken now (KNOWN_CYCLES is empty): seen again, it is a new cycle
  assert.deepEqual(KNOWN_CYCLES, []);
  assert.deepEqual(unexpectedCycles(known), known);
  const grown = areaCycles(graph([
    ["shared/documents/render.ts", "shared/savings/report_pdf.ts"],
    ["shared/savings/delivery.ts", "shared/pdf/render.ts"],
    ["shared/pdf/render.ts", "shared/documents/render.ts"],
  ]));
  assert.deepEqual(grown, [["documents", "pdf", "savings"]]);
  assert.deepEqual(unexpectedCycles(grown, [["documents", "savings"]]), grown);
});
