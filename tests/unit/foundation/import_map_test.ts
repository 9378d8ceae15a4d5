import assert from "node:assert/strict";
import { expectedImports } from "../../../scripts/sync-import-map.ts";

Deno.test("deno.json imports pin exactly the packages and versions npm installed (run npm run sync:imports)", async () => {
  const deno = JSON.parse(await Deno.readTextFile(new URL("../../../deno.json", import.meta.url)));
  assert.deepEqual(deno.imports, await expectedImports());
});
