// The one JSON client of the adapters, against a real local HTTP server on an ephemeral port.
import assert from "node:assert/strict";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { backoffMs, HttpJsonClient, retryAfterMs } from "../../../shared/runtime/http_json.ts";
import { serveApp } from "../../support/http.ts";

/** A server answering from a script, one entry per request (the last one repeats); it records each request. */
function scripted(...answers: ((req: Request) => Response | Promise<Response>)[]) {
  const seen: { at: number; method: string; url: string; headers: Headers; body: string }[] = [];
  const served = serveApp(async (req) => {
    const { method, url, headers } = req;
    seen.push({ at: Date.now(), method, url, headers: new Headers(headers), body: await req.text() });
    return await answers[Math.min(seen.length, answers.length) - 1](req);
  });
  return Object.assign(served, { seen });
}

const client = (url: string, o: Partial<ConstructorParameters<typeof HttpJsonClient>[0]> = {}) =>
  new HttpJsonClient({ seam: "test_seam", provider: "Test API", baseUrl: url, backoffMs: 10, ...o });

Deno.test("http_json: JSON body, headers and query go out; the JSON answer comes back", async () => {
  const s = scripted(() => Response.json({ ok: 1 }));
  try {
    const data = await client(s.url, { headers: { authorization: "Bearer k" } })
      .json<{ ok: number }>("/v1/x", { json: { a: 1 }, query: { q: "1", none: undefined } });
    assert.deepEqual(data, { ok: 1 });
    const [r] = s.seen;
    assert.equal(r.method, "POST");
    assert.equal(new URL(r.url).search, "?q=1");
    assert.equal(r.headers.get("authorization"), "Bearer k");
    assert.equal(r.headers.get("content-type"), "application/json");
    assert.deepEqual(JSON.parse(r.body), { a: 1 });
  } finally {
    await s.close();
  }
});

Deno.test("http_json: 503 then 429 with Retry-After (seconds) are retried, waiting as asked", async () => {
  const s = scripted(
    () => new Response("down", { status: 503 }),
    () =>
      Response.json({ error: { message: "slow down" } }, { status: 429, headers: { "retry-after": "1" } }),
    () => Response.json({ done: true }),
  );
  try {
    const data = await client(s.url).json<{ done: boolean }>("/x");
    assert.deepEqual(data, { done: true });
    assert.equal(s.seen.length, 3);
    assert.ok(s.seen[2].at - s.seen[1].at >= 950, `waited ${s.seen[2].at - s.seen[1].at} ms, asked 1000`);
  } finally {
    await s.close();
  }
});

Deno.test("http_json: Retry-After as an HTTP date is honoured", async () => {
  const s = scripted(
    () =>
      new Response(null, {
        status: 503,
        headers: { "retry-after": new Date(Date.now() + 2000).toUTCString() },
      }),
    () => Response.json({ done: true }),
  );
  try {
    await client(s.url).json("/x");
    // HTTP dates have whole seconds: at least one second later.
    assert.ok(s.seen[1].at - s.seen[0].at >= 900, `waited ${s.seen[1].at - s.seen[0].at} ms`);
  } finally {
    await s.close();
  }
  assert.equal(retryAfterMs("2.5"), 2500);
  assert.equal(
    retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT")),
    60_000,
  );
  assert.equal(retryAfterMs("soon"), undefined);
  for (let i = 0; i < 20; i++) {
    const b = backoffMs(3, 100);
    assert.ok(b >= 200 && b <= 400, `backoff ${b}`);
  }
});

Deno.test("http_json: a 4xx is not retried and fails with its status, not retryable, without the secret", async () => {
  const s = scripted(() => Response.json({ error: { message: "bad key sk-SECRET-123" } }, { status: 403 }));
  try {
    const e = await client(s.url, { secrets: ["sk-SECRET-123"] }).json("/x", {
      query: { key: "sk-SECRET-123" },
    })
      .then(() => undefined, (e) => e);
    assert.ok(e instanceof SeamUnavailableError);
    assert.equal(s.seen.length, 1);
    assert.equal(e.status, 403);
    assert.equal(e.retryable, false);
    assert.equal(e.seam, "test_seam");
    assert.equal(e.kind, "upstream");
    assert.equal(e.code, "test_seam_unavailable");
    assert.ok(!e.message.includes("SECRET"), e.message);
    assert.match(e.message, /HTTP 403/);
  } finally {
    await s.close();
  }
});

Deno.test("http_json: accepted statuses are answers, not failures", async () => {
  const s = scripted(() => Response.json({ error: { message: "no building" } }, { status: 404 }));
  try {
    const r = await client(s.url).request("/x", { accept: (st) => st === 404 });
    assert.equal(r.status, 404);
    assert.equal(s.seen.length, 1);
  } finally {
    await s.close();
  }
});

Deno.test("http_json: attempts are bounded; the last failure is retryable with the provider's wait", async () => {
  const s = scripted(() => new Response(null, { status: 500 }));
  try {
    const e = await client(s.url, { attempts: 3 }).json("/x").then(() => undefined, (e) => e);
    assert.ok(e instanceof SeamUnavailableError);
    assert.equal(s.seen.length, 3);
    assert.equal(e.retryable, true);
    assert.equal(e.status, 500);
  } finally {
    await s.close();
  }
});

Deno.test("http_json: a hanging server times out per attempt, and the total deadline stops the retries", async () => {
  // Answers only when the client gives up (so the server can shut down).
  const hang = (req: Request) =>
    new Promise<Response>((r) =>
      req.signal.addEventListener("abort", () => r(new Response(null, { status: 504 })))
    );
  const s = scripted(hang);
  try {
    let t = Date.now();
    const e = await client(s.url, { timeoutMs: 150, attempts: 1 }).json("/x").then(() => undefined, (e) => e);
    assert.ok(e instanceof SeamUnavailableError);
    assert.equal(e.retryable, true);
    assert.match(e.message, /no answer within 150 ms/);
    assert.ok(Date.now() - t < 1000);

    t = Date.now();
    const before = s.seen.length;
    const d = await client(s.url, { timeoutMs: 200, attempts: 10, deadlineMs: 500 }).json("/x")
      .then(() => undefined, (e) => e);
    assert.ok(d instanceof SeamUnavailableError);
    const took = Date.now() - t;
    assert.ok(took < 900, `deadline 500 ms, took ${took} ms`);
    assert.ok(s.seen.length - before < 10, "the deadline cut the attempts");
  } finally {
    await s.close();
  }
});

Deno.test("http_json: a Retry-After beyond the deadline is not waited for; the error carries it", async () => {
  const s = scripted(() => new Response(null, { status: 429, headers: { "retry-after": "120" } }));
  try {
    const t = Date.now();
    const e = await client(s.url, { deadlineMs: 2000 }).json("/x").then(() => undefined, (e) => e);
    assert.ok(e instanceof SeamUnavailableError);
    assert.ok(Date.now() - t < 1000);
    assert.equal(s.seen.length, 1);
    assert.equal(e.retryAfterMs, 120_000);
    assert.equal(e.retryAfterSeconds, 120);
  } finally {
    await s.close();
  }
});

Deno.test("http_json: an oversized answer is refused (declared or streamed), not retried", async () => {
  const big = "x".repeat(5000);
  const s = scripted(
    () => Response.json({ big }),
    () => {
      const stream = new ReadableStream({
        pull(c) {
          c.enqueue(new TextEncoder().encode(big));
        },
      });
      return new Response(stream);
    },
  );
  try {
    const c = client(s.url, { maxResponseBytes: 1000 });
    const e1 = await c.json("/x").then(() => undefined, (e) => e);
    assert.ok(e1 instanceof SeamUnavailableError);
    assert.match(e1.message, /limit/);
    assert.equal(e1.retryable, false);
    const e2 = await c.json("/x").then(() => undefined, (e) => e);
    assert.ok(e2 instanceof SeamUnavailableError);
    assert.match(e2.message, /limit/);
    assert.equal(s.seen.length, 2);
  } finally {
    await s.close();
  }
});

Deno.test("http_json: an unreachable host and a non-JSON answer are seam errors", async () => {
  const s = scripted(() => new Response("<html>proxy</html>"));
  const closed = serveApp(() => new Response());
  const deadUrl = closed.url;
  await closed.close();
  try {
    const e = await client(deadUrl, { attempts: 2 }).json("/x", { query: { key: "AIzaSECRET" } })
      .then(() => undefined, (e) => e);
    assert.ok(e instanceof SeamUnavailableError);
    assert.equal(e.retryable, true);
    assert.ok(!e.message.includes("AIzaSECRET"), e.message);
    const n = await client(s.url).json("/x").then(() => undefined, (e) => e);
    assert.ok(n instanceof SeamUnavailableError);
    assert.match(n.message, /not JSON/);
    const bytes = await client(s.url).request<Uint8Array>("/x", { as: "bytes" });
    assert.equal(new TextDecoder().decode(bytes.data), "<html>proxy</html>");
  } finally {
    await s.close();
  }
});
