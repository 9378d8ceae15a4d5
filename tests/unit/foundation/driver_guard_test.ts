// postgres.js's queued write to a socket it already dropped (shared/db/driver_guard.ts) must not end the
// process; any other uncaught error still does.
import assert from "node:assert/strict";
import { isDriverClosedSocketWrite } from "../../../shared/db/driver_guard.ts";

const guard = new URL("../../../shared/db/driver_guard.ts", import.meta.url).href;

/** An uncaught error thrown from a setImmediate callback, as the driver's is, in a process with the guard. */
async function exitOf(thrown: string): Promise<{ code: number; stderr: string }> {
  const script = `
    import { setImmediate } from "node:timers";
    import { guardDriverClosedSocketWrites } from "${guard}";
    guardDriverClosedSocketWrites();
    setImmediate(function nextWrite() { ${thrown} });
    setTimeout(() => console.log("still running"), 50);
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", script],
    env: { LOG_LEVEL: "warn", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  return {
    code: out.success && stdout.includes("still running") ? 0 : out.code || 1,
    stderr: new TextDecoder().decode(out.stderr),
  };
}

Deno.test("the driver's closed-socket write is recognised by its message and its nextWrite frame in postgres's connection.js", () => {
  const e = new TypeError("Cannot read properties of null (reading 'write')");
  e.stack = `${e.message}\n    at nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)\n` +
    "    at Immediate.callback (ext:deno_node/internal/timers.mjs:4:3069)";
  assert.equal(isDriverClosedSocketWrite(e), true);
  // The vendored copy the stack runs (vendor/postgres/README.md) throws it from the same frame.
  const vendored = new TypeError(e.message);
  vendored.stack = `${e.message}\n    at nextWrite (file:///app/vendor/postgres/src/connection.js:257:22)`;
  assert.equal(isDriverClosedSocketWrite(vendored), true);
  const elsewhere = new TypeError(e.message);
  elsewhere.stack = `${e.message}\n    at save (file:///app/shared/bills/service.ts:10:3)`;
  assert.equal(
    isDriverClosedSocketWrite(elsewhere),
    false,
    "the same message from our own code is a bug to see",
  );
  assert.equal(
    isDriverClosedSocketWrite(new Error("Cannot read properties of null (reading 'write')")),
    false,
  );
  assert.equal(isDriverClosedSocketWrite("nextWrite"), false);
});

Deno.test("with the guard, that uncaught error is logged and the process goes on; any other uncaught error still ends it", async () => {
  // The guard matches on the stack: the frame name comes from the function, the file from the stack text.
  const driverLike = `const e = new TypeError("Cannot read properties of null (reading 'write')");
    e.stack = e.message + "\\n    at nextWrite (file:///x/node_modules/postgres/src/connection.js:255:22)"; throw e;`;
  const survived = await exitOf(driverLike);
  assert.equal(survived.code, 0, survived.stderr);
  assert.match(survived.stderr, /database connection closed while a write was queued/);
  const other = await exitOf(`throw new TypeError("Cannot read properties of undefined (reading 'x')");`);
  assert.notEqual(other.code, 0, "another uncaught error still ends the process");
});
