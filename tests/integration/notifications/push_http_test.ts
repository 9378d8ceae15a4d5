// POST /events/push is served without the service app's middleware (issue 16): what it still does itself
// over real HTTP: the body limit (declared and streamed), the request id, the JSON answers, and the route
// documented in the OpenAPI document; everything else of the service still goes through the app.
import assert from "node:assert/strict";
import { notificationHarness, pushBody } from "./harness.ts";
import { setLogLevel } from "../../../shared/log.ts";
import { raw } from "../../support/raw_http.ts";

Deno.test("push over HTTP without the app middleware: body limit, request id, answers, still documented", async () => {
  const h = await notificationHarness();
  try {
    const max = h.p.config.maxBodyBytes;
    const big = JSON.stringify({ message: { messageId: "big", data: "A".repeat(max) } });
    const declared = await h.pushRaw(big);
    assert.equal(declared.status, 413);
    assert.equal((await declared.json()).error.code, "payload_too_large");

    // No content-length (a streamed body): the limit holds while reading.
    const chunks = [
      new TextEncoder().encode(big.slice(0, max / 2)),
      new TextEncoder().encode(big.slice(max / 2)),
    ];
    const streamed = await fetch(`${h.serviceUrl}/events/push`, {
      method: "POST",
      headers: { authorization: `Bearer ${await h.token()}`, "content-type": "application/json" },
      body: new ReadableStream({
        start(c) {
          for (const chunk of chunks) c.enqueue(chunk);
          c.close();
        },
      }),
    });
    assert.equal(streamed.status, 413);
    await streamed.body?.cancel();
    assert.equal((await h.logRows()).length, 0, "nothing of an oversized body was handled");

    const unauthorized = await fetch(`${h.serviceUrl}/events/push`, { method: "POST", body: "{}" });
    assert.equal(unauthorized.status, 401);
    assert.equal((await unauthorized.json()).error.code, "unauthorized");

    // One structured log line per push: the request, the message and each recipient's outcome.
    const lines: string[] = [];
    const print = console.log;
    console.log = (line: string) => lines.push(line);
    setLogLevel("info");
    let sent: Response;
    try {
      sent = await h.pushRaw(
        { ...pushBody(h.envelope("job.assigned", { job_id: h.jobId }), "http-1"), subscription: "s" },
        { "x-request-id": "req-123" },
      );
    } finally {
      console.log = print;
    }
    const pushLines = lines.map((l) => JSON.parse(l)).filter((l) => l.requestId === "req-123" || l.key);
    assert.equal(pushLines.length, 1, JSON.stringify(lines));
    assert.equal(pushLines[0].msg, "request");
    assert.equal(pushLines[0].messageId, "http-1");
    assert.equal(pushLines[0].outcome, "ok");
    assert.equal(pushLines[0].results[0].status, "sent");
    assert.equal(lines.length, 1, "and no other line on stdout");
    assert.equal(sent.status, 200);
    assert.equal(sent.headers.get("x-request-id"), "req-123");
    assert.match(sent.headers.get("content-type") ?? "", /^application\/json/);
    const answer = await sent.json();
    assert.equal(answer.status, "ok");
    assert.equal(answer.results[0].status, "sent");
    const fresh = await h.pushRaw(pushBody(h.envelope("job.assigned", { job_id: h.jobId }), "http-2"));
    assert.match(fresh.headers.get("x-request-id") ?? "", /^[0-9A-HJKMNP-TV-Z]{26}$/, "a request id is made");
    await fresh.body?.cancel();

    const malformed = await h.pushRaw("not json");
    assert.deepEqual(await malformed.json(), { status: "failed", reason: "push body has no message object" });
    const redelivered = await h.pushRaw(pushBody(h.envelope("job.assigned", { job_id: h.jobId }), "http-1"));
    assert.deepEqual(await redelivered.json(), { status: "duplicate" });

    // Still documented, and the rest of the service still goes through the app (CORS preflight, health).
    const doc = await (await fetch(`${h.serviceUrl}/openapi.json`)).json();
    const pushPath = Object.keys(doc.paths).find((k) => k.endsWith("/events/push"));
    assert.ok(pushPath && doc.paths[pushPath].post, "POST /events/push is in the OpenAPI document");
    const preflight = await fetch(`${h.serviceUrl}/events/push`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" },
    });
    assert.ok(preflight.headers.get("access-control-allow-origin"));
    await preflight.body?.cancel();
    assert.equal((await h.emails()).length, 2);
  } finally {
    await h.close();
  }
});

Deno.test("a push body that never ends: a stranger gets 401 without the body being read; the bus's own push is read as before", async () => {
  const h = await notificationHarness();
  try {
    const head = (auth: string) =>
      `POST /notification-service/events/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${auth}Content-Length: 1000\r\n\r\n`;
    // Before: the body was read before the token, so one byte of a declared 1,000 held the request forever.
    const stranger = await raw(h.server.port, head(""), [[0, "{"]], 5000);
    assert.equal(stranger.status, 401, `answered after ${stranger.ms} ms`);
    assert.equal(JSON.parse(stranger.body).error.code, "unauthorized");
    const forged = await raw(h.server.port, head("Authorization: Bearer not-a-token\r\n"), [[0, "{"]], 5000);
    assert.equal(forged.status, 401);
    // The bus's push, its body in two pieces: read whole, handled.
    const body = JSON.stringify(pushBody(h.envelope("job.assigned", { job_id: h.jobId }), "slow-1"));
    const bus = await raw(
      h.server.port,
      `POST /notification-service/events/push HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer ${await h
        .token()}\r\nContent-Length: ${new TextEncoder().encode(body).length}\r\n\r\n`,
      [[0, body.slice(0, 20)], [100, body.slice(20)]],
      10_000,
    );
    assert.equal(bus.status, 200, bus.body);
    assert.equal(JSON.parse(bus.body).status, "ok");
  } finally {
    await h.close();
  }
});
