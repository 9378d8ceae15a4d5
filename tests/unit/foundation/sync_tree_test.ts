import assert from "node:assert/strict";
import { syncTree } from "../../../shared/stack/sync_tree.ts";

Deno.test("syncTree syncs every file of a nested tree (folders and symlinks not counted as files)", async () => {
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${root}/a/b/c`, { recursive: true });
    await Deno.mkdir(`${root}/empty`);
    const files = ["top", "a/one", "a/b/two", "a/b/c/three", "a/b/c/four"];
    for (const f of files) await Deno.writeTextFile(`${root}/${f}`, f);
    await Deno.symlink(`${root}/top`, `${root}/a/link`);
    assert.equal(await syncTree(root), files.length);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("syncTree of a missing folder rejects", async () => {
  await assert.rejects(syncTree("/nonexistent/folder/for/sync"), Deno.errors.NotFound);
});
