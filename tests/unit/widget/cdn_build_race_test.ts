// The hosted widget's folder (widget/dist/cdn/) is written by the local stack once it is healthy and by anyone
// running the build at the same time (tests, `npm run widget:build`): builds side by side must each finish with a
// whole folder, never remove the other's folder while it writes (CI saw "writefile …/cdn/app.<hash>.css: No such
// file or directory").
import assert from "node:assert/strict";
import { writeCdnBuild } from "../../../scripts/widget/cdn.ts";

Deno.test("CDN build: sixteen builds into the same folder at once all succeed and leave one whole build", async () => {
  const root = await Deno.makeTempDir({ prefix: "cdn-race-" });
  const dist = new URL(`file://${root}/`);
  try {
    await Deno.writeTextFile(new URL("app.js", dist), "console.log('widget');\n".repeat(100_000));
    await Deno.writeTextFile(new URL("app.css", dist), "body{margin:0}\n".repeat(100_000));
    // started a few milliseconds apart, so a later build begins while earlier ones are writing
    const started = Array.from(
      { length: 16 },
      (_, i) => new Promise((r) => setTimeout(r, i * 3)).then(() => writeCdnBuild(dist)),
    );
    const builds = await Promise.all(started.map((b) => b.catch((e) => e)));
    assert.deepEqual(builds.filter((b) => b instanceof Error).map(String), []);
    const cdn = new URL("cdn/", dist);
    assert.ok(builds.every((b) => b.dir.href === cdn.href));
    const manifest = JSON.parse(await Deno.readTextFile(new URL("manifest.json", cdn)));
    for (const f of Object.values(manifest.files) as { path: string; bytes: number }[]) {
      assert.equal((await Deno.stat(new URL(f.path, cdn))).size, f.bytes);
    }
    for (const name of ["index.html", "embed.html", "unsubscribe.html"]) await Deno.stat(new URL(name, cdn));
    const left = [...Deno.readDirSync(root)].map((e) => e.name).sort();
    assert.deepEqual(left, ["app.css", "app.js", "cdn"], "no lock or half-built folder stays behind");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
