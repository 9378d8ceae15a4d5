// Operations registered by the modules that own them (engine/registry.ts) run like the built-in ones: in a
// worker subprocess that imports the registering module on first use, in this isolate, and on a hosted
// engine; names are guarded; an operation nobody registered is an error, never a crash.
import assert from "node:assert/strict";
import "./echo_op.ts";
import { serveApp } from "../../support/http.ts";
import { testPoolLimits } from "../../support/document_engine.ts";
import { engineHandler } from "../../../shared/documents/worker_server.ts";
import { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { HttpEngineClient } from "../../../shared/documents/engine/http_client.ts";
import { DocumentEngine } from "../../../shared/documents/engine/engine.ts";
import { InProcessTransport } from "../../../shared/documents/engine/in_process.ts";
import { encodeFrame } from "../../../shared/documents/engine/protocol.ts";
import {
  documentOpModule,
  hasDocumentOp,
  registerDocumentOp,
} from "../../../shared/documents/engine/registry.ts";

const limits = testPoolLimits;
type Echo = { pid: number; text: string; sum: number };

Deno.test("registry: a registered operation runs in a worker that imports its module; unknown ones are errors", async () => {
  assert.equal(documentOpModule("testEcho"), new URL("./echo_op.ts", import.meta.url).href);
  const pool = new SubprocessPool(limits);
  const engine = new DocumentEngine(pool);
  try {
    const r = await engine.call<Echo>("testEcho", ["solar", new Uint8Array([1, 2, 3])]);
    assert.equal(r.text, "SOLAR");
    assert.equal(r.sum, 6);
    assert.notEqual(r.pid, Deno.pid, "it ran in the worker subprocess");
    await assert.rejects(engine.call("noSuchOp", []), /unknown operation noSuchOp/);
    // the same worker still serves, built-in and registered operations alike
    assert.equal((await engine.call<Echo>("testEcho", ["a", new Uint8Array([9])])).pid, r.pid);
    const pdf = await engine.renderHtmlToPdf("<p>x</p>");
    assert.equal(await engine.pageCount(pdf), 1);
    assert.equal(pool.stats.spawned, 1);
  } finally {
    await engine.close();
  }
});

Deno.test("registry: in this isolate (the edge's transport) a registered operation runs in-process", async () => {
  const engine = new DocumentEngine(new InProcessTransport());
  const r = await engine.call<Echo>("testEcho", ["edge", new Uint8Array([4, 5])]);
  assert.deepEqual(r, { pid: Deno.pid, text: "EDGE", sum: 9 });
  await assert.rejects(engine.call("noSuchOp", []), /unknown operation noSuchOp/);
});

Deno.test("registry: names are words, built-in names are refused, one name belongs to one module", () => {
  const fn = () => Promise.resolve(1);
  const here = import.meta.url;
  assert.throws(() => registerDocumentOp("renderHtmlToPdf", fn, here), /built in/);
  assert.throws(() => registerDocumentOp("bad/name", fn, here), /not a word/);
  assert.throws(() => registerDocumentOp("remoteOp", fn, "https://example.com/op.ts"), /file: URL/);
  assert.throws(() => registerDocumentOp("testEcho", fn, here), /registered by .*echo_op\.ts/);
  assert.equal(hasDocumentOp("remoteOp"), false);
  assert.equal(hasDocumentOp("text"), true);
  assert.equal(documentOpModule("text"), undefined, "built-in operations need no module");
});

Deno.test("registry: a hosted engine serves the operations registered in its process, and only those", async () => {
  const pool = new SubprocessPool(limits);
  const s = serveApp(engineHandler(pool, undefined));
  const engine = new DocumentEngine(new HttpEngineClient(s.url, limits, undefined));
  try {
    const r = await engine.call<Echo>("testEcho", ["hosted", new Uint8Array([2])]);
    assert.equal(r.text, "HOSTED");
    assert.notEqual(r.pid, Deno.pid);
    // an operation the server never registered is not found, whatever module the caller names
    const body = encodeFrame({
      id: 1,
      op: "evil",
      args: [],
      module: new URL("./echo_op.ts", import.meta.url).href,
    });
    const res = await fetch(`${s.url}/v1/documents/evil`, { method: "POST", body: body as BodyInit });
    assert.equal(res.status, 404);
    await res.body?.cancel();
  } finally {
    await pool.close();
    await s.close();
  }
});
