// What a deployed function imports must not rely on Node globals (the Edge Runtime's Deno 2.1 has no global
// Buffer; `process` is only defined inside npm packages): every use is imported from node:buffer / node:process.
import assert from "node:assert/strict";
import { join } from "node:path";
import { functionNames, repoRoot } from "../../scripts/edge/runtime.ts";
import { localGraph } from "../../scripts/edge/stage.ts";

const GLOBALS: [RegExp, RegExp][] = [
  [/(^|[^.\w])Buffer\s*[.(]/m, /import\s*\{[^}]*\bBuffer\b[^}]*\}\s*from\s*["']node:buffer["']/],
  [
    /(^|[^.\w])process\s*\./m,
    /import\s+(?:\*\s+as\s+)?process\b[^;]*from\s*["']node:process["']|import\s*\{[^}]*\}\s*from\s*["']node:process["']/,
  ],
];

const code = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1").replace(
    /`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g,
    '""',
  );

Deno.test("deployed functions' modules import Buffer and process instead of using Node globals", async () => {
  const offenders = new Set<string>();
  const files = new Set<string>();
  for (const fn of await functionNames()) for (const f of await localGraph(fn)) files.add(f);
  for (const f of files) {
    const text = await Deno.readTextFile(join(repoRoot, f));
    for (const [use, imported] of GLOBALS) {
      if (use.test(code(text)) && !imported.test(text)) offenders.add(`${f}: ${use.source}`);
    }
  }
  assert.ok(files.size > 50, `${files.size} modules checked`);
  assert.deepEqual([...offenders], []);
});
