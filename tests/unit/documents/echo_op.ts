// A test's own worker operation (registry_test.ts): registered here, so a worker must import this module to
// run it. It answers with the process it ran in and what it was given.
import { registerDocumentOp } from "../../../shared/documents/engine/registry.ts";

registerDocumentOp(
  "testEcho",
  (text: string, bytes: Uint8Array) =>
    Promise.resolve({ pid: Deno.pid, text: text.toUpperCase(), sum: bytes.reduce((a, b) => a + b, 0) }),
  import.meta.url,
);
