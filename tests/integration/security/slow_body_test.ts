// Third pass: a body that never finishes arriving (a slow upload, before the caller is even authenticated) held
// a connection and a request forever. Bodies are now read within BODY_IDLE_TIMEOUT_MS between pieces and
// BODY_TIMEOUT_MS in all: 408 request_timeout; over the size, declared or streamed, 413 as before; and only once
// the caller is authenticated (a stranger's upload is 401 before it is read).
import assert from "node:assert/strict";
import { createApp as partnerApp } from "../../../supabase/functions/partner-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { loadHttpConfig } from "../../../shared/http/config.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { tokensFor } from "../../support/auth.ts";
import { raw } from "../../support/raw_http.ts";

const post = (path: string, type: string, extra = "") =>
  `POST /partner-service${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\n${extra}\r\n`;

Deno.test("slow request bodies: 408 request_timeout after a pause or past the total time, 401 for a stranger before the body; 413 over the size", async () => {
  const p = await testPlatform();
  override(p, "httpConfig", {
    ...loadHttpConfig(new Map()),
    bodyIdleTimeoutMs: 400,
    bodyTimeoutMs: 1500,
  });
  const s = serveApp(partnerApp(p).fetch);
  try {
    // A JSON body that stops after one byte (public route: no token needed to hold a connection).
    const stalled = await raw(
      s.port,
      post("/invitations/lookup", "application/json", "Content-Length: 100\r\n"),
      [
        [0, "{"],
      ],
      5000,
    );
    assert.equal(stalled.status, 408);
    assert.equal(JSON.parse(stalled.body).error.code, "request_timeout");
    assert.ok(stalled.ms >= 350 && stalled.ms < 1400, `${stalled.ms} ms`);
    // A trickle under the pause limit: cut at the total time.
    const trickle = await raw(
      s.port,
      post("/invitations/lookup", "application/json", "Content-Length: 100\r\n"),
      Array.from({ length: 40 }, () => [200, " "] as [number, string]),
      6000,
    );
    assert.equal(trickle.status, 408);
    assert.ok(trickle.ms >= 1400 && trickle.ms < 3000, `${trickle.ms} ms`);
    // A chunked multipart upload that stalls, with a partner's token: 408.
    const admin = await tokensFor(p, { role: "partner_admin" });
    const chunked = await raw(
      s.port,
      post(
        "/leads",
        "multipart/form-data; boundary=b",
        `Transfer-Encoding: chunked\r\nAuthorization: ${admin.headers.Authorization}\r\n`,
      ),
      [[0, "5\r\n--b\r\n\r\n"]],
      5000,
    );
    assert.equal(chunked.status, 408);
    // The same upload from a stranger is refused before its body is read (no waiting for the pause limit).
    const stranger = await raw(
      s.port,
      post("/leads", "multipart/form-data; boundary=b", "Content-Length: 40000000\r\n"),
      [[0, "--b\r\n"]],
      5000,
    );
    assert.equal(stranger.status, 401);
    assert.ok(stranger.ms < 350, `${stranger.ms} ms`);
    // Over the size: declared (at once) and streamed (chunked).
    const declared = await raw(
      s.port,
      post("/invitations/lookup", "application/json", "Content-Length: 99999999\r\n"),
      [],
      5000,
    );
    assert.equal(declared.status, 413);
    assert.ok(declared.ms < 300, `${declared.ms} ms`);
    const big = "x".repeat(64 * 1024);
    const streamed = await raw(
      s.port,
      post("/invitations/lookup", "application/json", "Transfer-Encoding: chunked\r\n"),
      Array.from({ length: 40 }, () => [0, `${big.length.toString(16)}\r\n${big}\r\n`] as [number, string]),
      5000,
    );
    assert.equal(streamed.status, 413);
    // A body that arrives in time, in pieces, is read and validated as before.
    const fine = await raw(
      s.port,
      post("/invitations/lookup", "application/json", "Content-Length: 20\r\n"),
      [[100, '{"token":'], [300, '"inv_nope"}']],
      5000,
    );
    assert.equal(fine.status, 400, fine.body);
    assert.equal(JSON.parse(fine.body).error.code, "invalid_request");
  } finally {
    await s.close();
    await p.close();
  }
});
