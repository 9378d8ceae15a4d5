// The import-direction check: routes -> domains -> seams -> infrastructure, never back, never in circles.
// `deno run -A scripts/check/imports.ts` prints each import against the direction and exits 1 when there is one;
// tests/unit/foundation/import_direction_test.ts runs it in `npm test`.
import { dirname, join, normalize, relative } from "node:path";

export interface Violation {
  from: string;
  to: string;
  rule: string;
}

/** Infrastructure: imports nothing of the rest of shared/. */
const INFRASTRUCTURE = new Set(["config", "log", "db", "platform", "errors"]);
/** The HTTP layer: routes and the stack may import it, domains may not (they throw domain errors it maps). */
const HTTP = "http";
/**
 * Known debt, so that nothing NEW joins it: each entry is a circle of areas that still depend on each other
 * (areas sorted). Any other cycle, or a new area in one of these, fails the check; when a circle is broken,
 * remove it (the check also fails while the list says more than is true). None is left: the last one,
 * documents <-> savings, went when the document engine's operations became registered by their domains
 * (shared/documents/engine/registry.ts).
 */
export const KNOWN_CYCLES: string[][] = [];

/** Composition roots: they may import anything. */
const COMPOSITION = new Set(["stack"]);

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

async function* tsFiles(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory && e.name !== "node_modules") yield* tsFiles(path);
    else if (e.isFile && /\.tsx?$/.test(e.name)) yield path;
  }
}

/** `shared/<area>` of a path in shared/ ("config" for shared/config.ts), else undefined. */
function sharedArea(path: string): string | undefined {
  const m = path.match(/^shared\/([^/]+?)(?:\.ts|\/|$)/);
  return m?.[1];
}

function functionName(path: string): string | undefined {
  return path.match(/^supabase\/functions\/([^/]+)\//)?.[1];
}

export function checkEdge(from: string, to: string): string | undefined {
  const a = sharedArea(from), b = sharedArea(to);
  if (a && !COMPOSITION.has(a)) {
    if (to.startsWith("supabase/") || to.startsWith("scripts/") || to.startsWith("tests/")) {
      return "shared code imports a route, script or test";
    }
    if (b && COMPOSITION.has(b)) return "shared code imports the local stack";
    if (b && a !== b && INFRASTRUCTURE.has(a) && !INFRASTRUCTURE.has(b)) {
      return "infrastructure imports a domain or seam";
    }
    if (b === HTTP && a !== HTTP) {
      return "a domain imports the HTTP layer (throw a domain error; routes map it)";
    }
  }
  const fa = functionName(from);
  if (fa) {
    if (b && COMPOSITION.has(b)) return "a function imports the local stack (not deployed with it)";
    const fb = functionName(to);
    if (fb && fb !== fa) return "a function imports another function";
  }
  return undefined;
}

export async function importGraph(root: string): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const top of ["shared", "supabase/functions"]) {
    for await (const file of tsFiles(join(root, top))) {
      const from = relative(root, file);
      const text = await Deno.readTextFile(file);
      const targets = new Set<string>();
      for (const m of text.matchAll(IMPORT)) {
        const spec = m[1] ?? m[2];
        if (spec.startsWith(".")) targets.add(normalize(join(dirname(from), spec)));
      }
      graph.set(from, targets);
    }
  }
  return graph;
}

/** Cycles between areas of shared/ (folder level): a -> b and b -> a, directly or through others. */
export function areaCycles(graph: Map<string, Set<string>>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [from, tos] of graph) {
    const a = sharedArea(from);
    if (!a || COMPOSITION.has(a)) continue;
    for (const to of tos) {
      const b = sharedArea(to);
      if (b && b !== a && !COMPOSITION.has(b)) (edges.get(a) ?? edges.set(a, new Set()).get(a)!).add(b);
    }
  }
  // Tarjan's strongly connected components; every component of more than one area is a cycle.
  let index = 0;
  const idx = new Map<string, number>(),
    low = new Map<string, number>(),
    stack: string[] = [],
    on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index), low.set(v, index++), stack.push(v), on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) visit(w), low.set(v, Math.min(low.get(v)!, low.get(w)!));
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const comp: string[] = [];
      let w: string;
      do (w = stack.pop()!, on.delete(w), comp.push(w)); while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

export async function checkImports(root: string): Promise<{ violations: Violation[]; cycles: string[][] }> {
  const graph = await importGraph(root);
  const violations: Violation[] = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const rule = checkEdge(from, to);
      if (rule) violations.push({ from, to, rule });
    }
  }
  return { violations, cycles: areaCycles(graph) };
}

/** Cycles other than exactly the known ones (a shrunken known cycle counts too: update KNOWN_CYCLES). */
export function unexpectedCycles(cycles: string[][], knownCycles = KNOWN_CYCLES): string[][] {
  const known = new Set(knownCycles.map((c) => c.join(",")));
  return cycles.filter((c) => !known.has(c.join(",")));
}

if (import.meta.main) {
  const root = new URL("../../", import.meta.url).pathname;
  const { violations, cycles } = await checkImports(root);
  for (const v of violations) console.log(`${v.from} -> ${v.to}: ${v.rule}`);
  const unexpected = unexpectedCycles(cycles);
  for (const c of cycles) {
    console.log(
      `cycle between shared/ areas: ${c.join(" <-> ")}${
        unexpected.includes(c) ? "" : " (known, listed in KNOWN_CYCLES)"
      }`,
    );
  }
  console.log(`${violations.length} import(s) against the direction, ${unexpected.length} new cycle(s)`);
  Deno.exit(violations.length || unexpected.length ? 1 : 0);
}
