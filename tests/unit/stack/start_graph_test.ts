// What `npm start` loads before it is ready: the modules scripts/start.ts imports, and everything they import
// statically. Packages needed only by a later request or job (PDF, OCR, mail parsing, HTML sanitising) are
// imported on first use instead, so no start pays for them (issue #16: module loading is the largest part of the
// stack's own CPU before ready, beside initdb on a shared machine).
import assert from "node:assert/strict";

const LOADED_ON_FIRST_USE = [
  "sanitize-html",
  "pdf-lib",
  "@pdf-lib/fontkit",
  "unpdf",
  "mailparser",
  "imapflow",
  "tesseract.js",
  "@napi-rs/canvas",
];

type Dep = { code?: { specifier: string }; isDynamic?: boolean };
type Info = { roots: string[]; modules: { specifier: string; dependencies?: Dep[] }[] };

async function graph(path: string): Promise<Info> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", path],
    cwd: new URL("../../../", import.meta.url).pathname,
    stdout: "piped",
    stderr: "inherit",
  }).output();
  assert.equal(out.code, 0, "deno info ran");
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** npm packages reached from `roots` through static imports only, each with the chain that reaches it. */
function staticPackages(info: Info, roots: string[]): Map<string, string[]> {
  const deps = new Map(info.modules.map((m) => [m.specifier, m.dependencies ?? []]));
  const via = new Map<string, string[]>(roots.map((r) => [r, [r]]));
  const packages = new Map<string, string[]>();
  const queue = [...roots];
  while (queue.length) {
    const at = queue.shift()!;
    const pkg = at.match(/node_modules\/(?:\.deno\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//)?.[1];
    if (pkg) {
      if (!packages.has(pkg)) packages.set(pkg, via.get(at)!);
      continue;
    }
    for (const d of deps.get(at) ?? []) {
      const next = d.code?.specifier;
      if (!next || d.isDynamic || via.has(next)) continue;
      via.set(next, [...via.get(at)!, next]);
      queue.push(next);
    }
  }
  return packages;
}

Deno.test("npm start: packages first needed after the start are not imported before it is ready", async () => {
  const info = await graph("scripts/start.ts");
  const start = info.roots[0];
  const startModule = info.modules.find((m) => m.specifier === start)!;
  // Everything start.ts imports, statically or (its services, while PostgreSQL starts) dynamically, loads before
  // ready; from there only static imports are followed.
  const roots = (startModule.dependencies ?? []).map((d) => d.code?.specifier).filter((s): s is string =>
    !!s
  );
  assert.ok(roots.some((r) => r.endsWith("/shared/stack/server.ts")), "the services' modules are among them");
  const packages = staticPackages(info, roots);
  assert.ok(
    packages.has("hono") && packages.has("postgres"),
    "the walk reaches the packages the start needs",
  );
  for (const name of LOADED_ON_FIRST_USE) {
    assert.ok(
      !packages.has(name),
      `${name} is imported before the start is ready, through:\n  ${packages.get(name)?.join("\n  ")}`,
    );
  }
});
