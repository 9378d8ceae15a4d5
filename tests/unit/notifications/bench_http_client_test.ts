// The benchmarks' kept-alive HTTP client (scripts/bench/http_client.ts) against a real Deno.serve server: every
// request on one connection, status and body read whole (declared length, chunked, larger than its buffer).
import assert from "node:assert/strict";
import { KeepAliveConnection, postBytes } from "../../../scripts/bench/http_client.ts";

Deno.test("bench HTTP client: POSTs on one kept-alive connection, answers read whole", async () => {
  const peers = new Set<number>();
  const seen: { path: string; auth: string | null; body: string }[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req, info) => {
    peers.add(info.remoteAddr.port);
    const url = new URL(req.url);
    seen.push({
      path: url.pathname + url.search,
      auth: req.headers.get("authorization"),
      body: await req.text(),
    });
    if (url.pathname === "/big") return new Response("é".repeat(100_000), { status: 201 });
    if (url.pathname === "/chunked") {
      const parts = ['{"status":', '"ok","n":', "3}"];
      return new Response(
        new ReadableStream({
          pull(c) {
            const next = parts.shift();
            if (next === undefined) c.close();
            else c.enqueue(new TextEncoder().encode(next));
          },
        }),
        { headers: { "content-type": "application/json" } },
      );
    }
    return Response.json({ status: "ok", got: seen.length }, {
      status: url.pathname === "/missing" ? 404 : 200,
    });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const lane = new KeepAliveConnection(new URL(`${base}/push`));
  try {
    const headers = { authorization: "Bearer t", "content-type": "application/json" };
    const first = await lane.request(postBytes(new URL(`${base}/push?x=1`), headers, '{"a":"ü"}'));
    assert.deepEqual([first.status, JSON.parse(first.body)], [200, { status: "ok", got: 1 }]);
    assert.deepEqual(seen[0], { path: "/push?x=1", auth: "Bearer t", body: '{"a":"ü"}' });
    const missing = await lane.request(postBytes(new URL(`${base}/missing`), headers, "{}"));
    assert.deepEqual([missing.status, JSON.parse(missing.body).got], [404, 2]);
    const chunked = await lane.request(postBytes(new URL(`${base}/chunked`), headers, "{}"));
    assert.deepEqual([chunked.status, JSON.parse(chunked.body)], [200, { status: "ok", n: 3 }]);
    const big = await lane.request(postBytes(new URL(`${base}/big`), headers, "x".repeat(70_000)));
    assert.equal(big.status, 201);
    assert.equal(big.body, "é".repeat(100_000));
    assert.equal(seen[3].body.length, 70_000);
    for (let i = 0; i < 20; i++) {
      const r = await lane.request(postBytes(new URL(`${base}/push`), headers, "{}"));
      assert.equal(JSON.parse(r.body).got, 5 + i);
    }
    assert.equal(peers.size, 1, "every request on the same connection");
  } finally {
    lane.close();
    await server.shutdown();
  }
});
