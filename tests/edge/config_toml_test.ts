// supabase/config.toml against the Supabase CLI's config schema (scripts/edge/config_schema.ts), and against
// this repository: every function is configured, its import map and static files exist inside supabase/'s
// reach, and the seed file db reset loads exists.
import assert from "node:assert/strict";
import { join } from "node:path";
import { parseToml, validateConfig } from "../../scripts/edge/config_schema.ts";
import { functionNames, repoRoot } from "../../scripts/edge/runtime.ts";
import { staticFiles } from "../../scripts/edge/stage.ts";
import { deployConfig } from "../../scripts/edge/sync.ts";

const read = (p: string) => Deno.readTextFile(join(repoRoot, p));

Deno.test("config.toml: only keys the Supabase CLI knows, with the right types", async () => {
  const toml = parseToml(await read("supabase/config.toml"));
  assert.deepEqual(validateConfig(toml), []);
  assert.equal(
    toml.get("edge_runtime")?.get("deno_version"),
    2,
    "functions serve runs the Deno 2 edge runtime",
  );
});

Deno.test("config.toml schema check: rejects an unknown key, a wrong type and an unknown section", () => {
  const bad = parseToml(
    `project_id = "x"\n[functions.a]\nverify_jwt = "no"\nimport_maps = "x"\n[edge_runtime]\npolicy = "always"\n[edge]\nx = 1\n`,
  );
  assert.deepEqual(validateConfig(bad), [
    "functions.a.verify_jwt must be boolean, is string",
    "unknown key functions.a.import_maps",
    "edge_runtime.policy must be one of oneshot, per_worker",
    "unknown section [edge]",
  ]);
});

Deno.test("config.toml: every function has its section, its own deno.json + deno.lock, and existing static files", async () => {
  const toml = parseToml(await read("supabase/config.toml"));
  for (const fn of await functionNames()) {
    const section = toml.get(`functions.${fn}`);
    assert.ok(section, `[functions.${fn}]`);
    assert.equal(section.get("verify_jwt"), false, `${fn} verifies its own callers`);
    assert.equal(section.get("import_map"), `./functions/${fn}/deno.json`);
    const text = await read(`supabase/functions/${fn}/deno.json`);
    assert.equal(
      text,
      await deployConfig(),
      `supabase/functions/${fn}/deno.json is stale: run npm run edge:sync`,
    );
    const config = JSON.parse(text);
    assert.equal(config.nodeModulesDir, undefined, `${fn}/deno.json must resolve npm: from the registry`);
    assert.ok((await read(`supabase/functions/${fn}/deno.lock`)).includes('"version"'), `${fn}/deno.lock`);
    for (const glob of (section.get("static_files") as string[] | undefined) ?? []) {
      assert.ok(!glob.includes("node_modules"), glob);
    }
    if (section.get("static_files")) {
      assert.ok((await staticFiles(fn)).length > 0, `${fn} static files exist`);
    }
  }
  const seed = toml.get("db.seed")?.get("sql_paths") as string[];
  for (const p of seed) await Deno.stat(join(repoRoot, "supabase", p));
});
