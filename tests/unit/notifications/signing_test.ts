import assert from "node:assert/strict";
import { decodeTime } from "ulid";
import { derivedUlid, hmacHex, safeEqual } from "../../../shared/notifications/crypto.ts";
import { signUnsubscribe, unsubscribeUrl } from "../../../shared/notifications/unsubscribe.ts";
import type { NotificationConfig } from "../../../shared/notifications/config.ts";
import { retryDelaySeconds } from "../../../shared/bus/pusher.ts";

Deno.test("unsubscribe signature: lowercase hex HMAC-SHA256 over user_id:event_type:nonce", () => {
  const sig = signUnsubscribe("k", { user_id: "u", event_type: "job.assigned", nonce: "N" });
  assert.equal(sig, hmacHex("k", "u:job.assigned:N"));
  // Known answer from an independent implementation (openssl dgst -sha256 -hmac k).
  assert.equal(sig, "df7cd3b2017373ca110f5bf7894fe6953cdc835d79c29c79d088505e648570ad");
  assert.match(sig, /^[0-9a-f]{64}$/);
  assert.ok(safeEqual(sig, sig));
  assert.ok(!safeEqual(sig, sig.slice(0, 63) + (sig[63] === "0" ? "1" : "0")));
  assert.ok(!safeEqual(sig, sig + "0"));
});

Deno.test("derived nonce: a ULID, stable per seed, different across seeds, time from the event", () => {
  const t = Date.parse("2026-11-22T10:00:00Z");
  const a = derivedUlid("s", "msg:user", t);
  assert.match(a, /^[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(derivedUlid("s", "msg:user", t), a);
  assert.notEqual(derivedUlid("s", "msg:other", t), a);
  assert.notEqual(derivedUlid("other-secret", "msg:user", t), a);
  assert.equal(decodeTime(a), t);
});

Deno.test("retry policy: exponential from 10 s, capped at 600 s", () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelaySeconds(n, 10, 600)), [
    10,
    20,
    40,
    80,
    160,
    320,
    600,
    600,
  ]);
});

Deno.test("unsubscribe link: the text URLSearchParams writes, for plain and for encoded values", () => {
  const cfg = {
    serviceUrl: "https://svc.example/notification-service",
    unsubscribeSecret: "k",
  } as NotificationConfig;
  const cases = [
    {
      user_id: "00000000-0000-0000-0000-0000000000d3",
      event_type: "job.assigned",
      nonce: "01JD3ABCDEFGHJKMNPQRSTVWXY",
    },
    { user_id: "a b+c&d=e", event_type: "job.status_changed", nonce: "~é🔑*._-" },
    { user_id: "", event_type: "", nonce: "" },
  ];
  for (const p of cases) {
    const q = new URLSearchParams({ ...p, sig: signUnsubscribe("k", p) });
    assert.equal(unsubscribeUrl(cfg, p), `${cfg.serviceUrl}/unsubscribe?${q}`);
  }
});
