// vendor/postgres is npm's postgres@3.4.9 with vendor/postgres/deno.patch and nothing else, and the bare
// specifier `postgres` resolves to it both locally (deno.json) and in every function's deploy config.
import assert from "node:assert/strict";
import { join } from "node:path";
import { VENDORED } from "../../../scripts/sync-import-map.ts";
import { deployConfig } from "../../../scripts/edge/sync.ts";

const root = decodeURIComponent(new URL("../../../", import.meta.url).pathname);

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(join(dir, prefix))) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory) out.push(...await filesUnder(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

Deno.test("vendor/postgres is the installed upstream version with deno.patch applied, file for file", async () => {
  const upstream = join(root, "node_modules/postgres");
  const pkg = JSON.parse(await Deno.readTextFile(join(upstream, "package.json")));
  assert.equal(pkg.version, VENDORED.postgres.version);
  const scratch = await Deno.makeTempDir({ prefix: "push9-vendored-postgres-" });
  try {
    await Deno.mkdir(join(scratch, "types"));
    for (const f of await filesUnder(join(upstream, "src"))) {
      await Deno.mkdir(join(scratch, "src"), { recursive: true });
      await Deno.copyFile(join(upstream, "src", f), join(scratch, "src", f));
    }
    await Deno.copyFile(join(upstream, "types/index.d.ts"), join(scratch, "types/index.d.ts"));
    const patched = await new Deno.Command("patch", {
      args: ["-p1", "--no-backup-if-mismatch", "-i", join(root, "vendor/postgres/deno.patch")],
      cwd: scratch,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(
      patched.success,
      new TextDecoder().decode(patched.stdout) + new TextDecoder().decode(patched.stderr),
    );
    const vendored = (await filesUnder(join(root, "vendor/postgres")))
      .filter((f) => f !== "README.md" && f !== "deno.patch");
    assert.deepEqual(vendored, await filesUnder(scratch));
    for (const f of vendored) {
      assert.equal(
        await Deno.readTextFile(join(root, "vendor/postgres", f)),
        await Deno.readTextFile(join(scratch, f)),
        `vendor/postgres/${f} differs from upstream + deno.patch`,
      );
    }
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
});

Deno.test("`postgres` resolves to the vendored copy, from the repository and from every function folder", async () => {
  const local = JSON.parse(await Deno.readTextFile(join(root, "deno.json"))).imports;
  const deployed = JSON.parse(await deployConfig()).imports;
  const fnDir = new URL("supabase/functions/notification-service/", `file://${root}`);
  assert.equal(new URL(local.postgres, `file://${root}`).href, new URL(deployed.postgres, fnDir).href);
  assert.equal(new URL(local.postgres, `file://${root}`).pathname, `${root}vendor/postgres/src/index.js`);
  assert.equal(import.meta.resolve("postgres"), `file://${root}vendor/postgres/src/index.js`);
  // npm: specifiers are passed through untouched.
  assert.equal(deployed.hono, local.hono);
});
