// What `npm start` loads before all its services answer: the static import graph (what loads with a module;
// dynamic imports load on first use). Heavy engines stay out of it (`npm run bench:start`: fontkit alone cost
// 0.13 s of CPU at every start), and scripts/start.ts loads only the database starter before PostgreSQL starts.
import assert from "node:assert/strict";

const root = new URL("../../../", import.meta.url);

interface Dep {
  code?: { specifier: string };
  isDynamic?: boolean;
}

/** Every module `file` reaches through static imports (`import type` and `import()` left out). */
const staticGraph = (file: string) => moduleGraph(file, (d) => !d.isDynamic);

/** Every module Deno reads before `file`'s first line runs: static imports and literal `import("…")` alike (Deno
 * builds the graph of what a literal dynamic import reaches up front; `import type` and `typeof import` left out). */
const graphBeforeRun = (file: string) => moduleGraph(file, () => true);

/** The modules `file` reaches through the code dependencies that `follow` accepts (type-only ones left out). */
async function moduleGraph(file: string, follow: (d: Dep) => boolean | undefined): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", file],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const info = JSON.parse(new TextDecoder().decode(out.stdout));
  const deps = new Map<string, Dep[]>(
    info.modules.map((m: { specifier: string; dependencies?: Dep[] }) => [m.specifier, m.dependencies ?? []]),
  );
  const seen = new Set<string>(info.roots);
  const queue = [...info.roots];
  while (queue.length) {
    for (const d of deps.get(queue.pop()!) ?? []) {
      const next = d.code?.specifier;
      if (!next || !follow(d) || seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

const packageOf = (specifier: string) => {
  const m = specifier.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  return m?.[1];
};

Deno.test("the stack's services, extensions and jobs load no PDF, pdf.js, MIME, IMAP or HTML-sanitising engine at start", async () => {
  // sanitize-html (with postcss, htmlparser2…): ≈50 ms of CPU at every start before it loaded on first use.
  const heavy = ["pdf-lib", "@pdf-lib/fontkit", "unpdf", "mailparser", "imapflow", "sanitize-html"];
  for (
    const file of ["shared/stack/services.ts", "shared/stack/extensions/index.ts", "shared/jobs/registry.ts"]
  ) {
    const packages = new Set([...await staticGraph(file)].map(packageOf).filter(Boolean));
    for (const p of heavy) assert.ok(!packages.has(p), `${file} loads ${p} with it`);
  }
});

Deno.test("scripts/start.ts loads only the database starter before PostgreSQL starts", async () => {
  const graph = [...await staticGraph("scripts/start.ts")].map((s) => s.replace(root.href, ""));
  const packages = new Set(graph.map(packageOf).filter(Boolean));
  assert.ok(!packages.has("postgres"), "the database client loads while PostgreSQL starts");
  for (const m of ["shared/db/migrate.ts", "shared/platform.ts", "shared/documents/engine/index.ts"]) {
    assert.ok(!graph.includes(m), `${m} loads while PostgreSQL starts`);
  }
  assert.ok(graph.includes("shared/stack/database.ts"));
});

Deno.test("Deno reads only the database starter before scripts/start.ts runs: the stack's modules load beside initdb", async () => {
  // A literal import("../shared/db/client.ts") made Deno read and resolve the ≈470 modules it reaches before the
  // script's first line, so initdb started that much later than in the bench's "PostgreSQL alone"
  // (docs/operations.md, "Local stack: cold12").
  const graph = [...await graphBeforeRun("scripts/start.ts")].map((s) => s.replace(root.href, ""));
  assert.ok(graph.includes("shared/stack/database.ts"), "the graph was read");
  const packages = new Set(graph.map(packageOf).filter(Boolean));
  assert.ok(
    !packages.has("postgres") && !graph.includes("vendor/postgres/src/index.js"),
    "the database client",
  );
  for (
    const m of [
      "shared/db/migrate.ts",
      "shared/platform.ts",
      "shared/stack/server.ts",
      "shared/stack/services.ts",
    ]
  ) assert.ok(!graph.includes(m), `${m} is read before the script runs`);
  assert.ok(graph.filter((m) => m.startsWith("shared/")).length < 20, graph.join(" "));
});

Deno.test("the stack's extensions load the embedded inbox's SMTP server when the loops start, not beside initdb", async () => {
  // The loops start once the start is printed (docs/operations.md, "Local stack: the start's critical path
  // (cold11)"); smtp-server and its dependencies were ≈30 ms of CPU of the modules loaded while initdb runs.
  const graph = await staticGraph("shared/stack/extensions/index.ts");
  assert.ok(graph.has(new URL("shared/stack/extensions/operations.ts", root).href), "the graph was read");
  const packages = new Set([...graph].map(packageOf).filter(Boolean));
  assert.ok(!packages.has("smtp-server"), "shared/stack/extensions/index.ts loads smtp-server with it");
});

Deno.test("the stack's services, extensions and jobs load the bill reader, the contract rules and the HTML parser on first use", async () => {
  // The bill service parses in a document worker (shared/bills/bill_parser.ts), which imports the reader there; the
  // contract rules run on a contract's first analysis; the PDF renderer's HTML parser (htmlparser2) came with its
  // error class, which the document engine imports. Loaded with the services they were ≈35 ms of the ≈245 ms of CPU
  // of the modules loaded beside initdb (docs/operations.md, "Local stack: cold12").
  const firstUse = [
    "shared/bills/read_bill_text.ts",
    "shared/bills/embedded/parse_bill.ts",
    "shared/contracts/embedded/analyse.ts",
    "shared/pdf/blocks.ts",
  ].map((m) => new URL(m, root).href);
  for (
    const file of ["shared/stack/services.ts", "shared/stack/extensions/index.ts", "shared/jobs/registry.ts"]
  ) {
    const graph = await staticGraph(file);
    assert.ok(graph.has(new URL("shared/bills/bill_parser.ts", root).href), `${file}: the graph was read`);
    for (const m of firstUse) assert.ok(!graph.has(m), `${file} loads ${m} with it`);
    const packages = new Set([...graph].map(packageOf).filter(Boolean));
    assert.ok(!packages.has("htmlparser2"), `${file} loads htmlparser2 with it`);
  }
});

Deno.test("what npm start loads beside initdb does not load node:fs (postgres.js's sql.file loads it on first use)", async () => {
  // Deno's node:fs layer is ≈5 ms of CPU when first loaded (docs/benchmarks.md, "Cold start: coldstart18"). The
  // modules of scripts/start.ts's loadCore and loadModules, as one graph.
  const roots = [
    "db/client",
    "db/migrate",
    "platform",
    "stack/server",
    "stack/services",
    "stack/extensions/index",
  ];
  const graph = new Set(
    (await Promise.all(roots.map((r) => staticGraph(`shared/${r}.ts`)))).flatMap((g) => [...g]),
  );
  assert.ok(graph.has(new URL("vendor/postgres/src/index.js", root).href), "the driver is in the graph read");
  assert.ok(!graph.has("node:fs"), "node:fs loads with them");
});

Deno.test("the stack's modules load Handlebars on first use: an email's or a PDF template's first render", async () => {
  // Evaluated with the services it was ≈25–40 ms of the CPU of the modules loaded beside initdb; the stack asks for it
  // once the start is printed (shared/stack/extensions/notifications.ts), a first push waits for it (docs/operations.md,
  // "Local stack: margin16").
  for (
    const file of [
      "shared/stack/server.ts",
      "shared/stack/services.ts",
      "shared/stack/extensions/index.ts",
      "shared/jobs/registry.ts",
    ]
  ) {
    const graph = await staticGraph(file);
    assert.ok(graph.has(new URL("shared/email/handlebars_env.ts", root).href), `${file}: the graph was read`);
    const packages = new Set([...graph].map(packageOf).filter(Boolean));
    assert.ok(!packages.has("handlebars"), `${file} loads handlebars with it`);
  }
});

Deno.test("what npm start loads and reads beside initdb uses no ICU (Intl objects, localeCompare, locale formats)", async () => {
  // The modules of scripts/start.ts's loadCore and loadModules, then the migrations' read, in a process of their own.
  const modules = [
    "shared/db/client.ts",
    "shared/db/migrate.ts",
    "shared/platform.ts",
    "shared/db/reference_gate.ts",
    "shared/stack/demo_seed.ts",
    "shared/stack/server.ts",
    "shared/stack/extensions/index.ts",
    "shared/stack/services.ts",
    "shared/documents/engine/index.ts",
  ];
  const start = await Deno.readTextFile(new URL("scripts/start.ts", root));
  for (const m of modules) assert.ok(start.includes(`"../${m}"`), `scripts/start.ts no longer loads ${m}`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "tests/support/icu_use.ts", ...modules],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const used = new TextDecoder().decode(out.stdout).split("\n").filter((l) => l.startsWith("{"));
  assert.deepEqual(used, [], `ICU used beside initdb:\n${used.join("\n")}`);
});
