import assert from "node:assert/strict";
import { LIVENESS, startGate } from "../../../shared/stack/start_gate.ts";

const ok = () => new Response("served");

Deno.test("start gate: a request before open() waits for it, then reaches the handler", async () => {
  let calls = 0;
  const gate = startGate(() => (calls++, ok()));
  let answered = false;
  const pending = Promise.resolve(gate.handler(new Request("http://x/a"))).then((r) => (answered = true, r));
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(answered, false, "held until open()");
  assert.equal(calls, 0, "the handler is not called before open()");
  gate.open();
  const res = await pending;
  assert.equal(await res.text(), "served");
  assert.equal(calls, 1);
  // After open(), a request goes straight through.
  assert.equal(await (await gate.handler(new Request("http://x/b"))).text(), "served");
  assert.equal(calls, 2);
});

Deno.test("start gate: fail() answers the held and later requests 503 without calling the handler", async () => {
  let calls = 0;
  const gate = startGate(() => (calls++, ok()));
  const held = gate.handler(new Request("http://x/a"));
  gate.fail("startup failed");
  for (const res of [await held, await gate.handler(new Request("http://x/b"))]) {
    assert.equal(res.status, 503);
    assert.equal(res.headers.get("retry-after"), "2");
    const body = await res.json();
    assert.equal(body.error.code, "not_ready");
    assert.match(body.error.message, /startup failed/);
  }
  assert.equal(calls, 0);
});

Deno.test("start gate: fail() after open() changes nothing (a stop after the start)", async () => {
  const gate = startGate(ok);
  gate.open();
  gate.fail("stopping");
  assert.equal((await gate.handler(new Request("http://x/"))).status, 200);
});

Deno.test("start gate: the services' liveness paths pass while held; readiness and the rest wait", async () => {
  const seen: string[] = [];
  const gate = startGate(
    (req) => (seen.push(new URL(req.url).pathname), ok()),
    (req) => LIVENESS.test(new URL(req.url).pathname),
  );
  for (const path of ["/v1/widget-service/health", "/functions/v1/notification-service/health"]) {
    assert.equal((await gate.handler(new Request(`http://x${path}`))).status, 200, path);
  }
  const held = ["/v1/widget-service/health/ready", "/v1/widget-service/config", "/demo", "/v1/health"].map((
    path,
  ) => gate.handler(new Request(`http://x${path}`)));
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(seen, ["/v1/widget-service/health", "/functions/v1/notification-service/health"]);
  gate.open();
  await Promise.all(held);
  assert.equal(seen.length, 6);
  // Failed (a stop): liveness is refused too.
  const stopped = startGate(ok, () => true);
  stopped.fail("stopping");
  assert.equal((await stopped.handler(new Request("http://x/v1/widget-service/health"))).status, 503);
});
