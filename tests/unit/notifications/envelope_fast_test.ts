// The push path's envelope check without zod (shared/events/envelope_fast.ts): for every envelope it accepts,
// exactly what zod's parse gives (the same values, new objects, the same key order); the usual push envelopes
// are accepted; anything else is left to zod (undefined), so what is refused and how is unchanged.
import assert from "node:assert/strict";
import { envelopeSchema, parseEnvelope } from "../../../shared/events/envelope.ts";
import { fastEnvelope } from "../../../shared/events/envelope_fast.ts";
import { EVENT_TYPES } from "../../../shared/events/catalogue.ts";

const UUID1 = "5d7c2a52-95a1-4bb4-8a2e-4f1d4d7b1f00";
const good = () => ({
  event_id: "01J0ZZ0000000000000000000A",
  event_type: "job.assigned",
  source: "job-service",
  created_at: "2026-11-24T10:00:00.000Z",
  payload: { job_id: "JOB-1" } as Record<string, unknown>,
});

// Values for each field: valid, at the limits, and broken.
const fieldValues: Record<string, unknown[]> = {
  event_id: [
    "01J0ZZ0000000000000000000A",
    "01j0zz0000000000000000000a",
    "01J0ZZ000000000000000000I",
    "",
    5,
    null,
  ],
  event_type: [...EVENT_TYPES, "job.unknown", "", 1],
  source: ["bench", "a", "a-b-c", "a".repeat(64), "a".repeat(65), "A", "a--b", "-a", "a-", "", 3],
  created_at: [
    "2026-11-24T10:00:00Z",
    "2026-11-24T10:00:00.1+00:00",
    "2026-11-24T10:00:00.123456789Z",
    "2026-11-24T10:00:00.1234567890Z",
    "2026-11-24T10:00:00+01:00",
    "1999-12-31T23:59:59Z",
    "2000-01-01T00:00:00Z",
    "2099-12-31T23:59:59.999Z",
    "2100-01-01T00:00:00Z",
    "2026-02-30T00:00:00Z",
    "2026-13-01T00:00:00Z",
    "2026-11-24 10:00:00Z",
    "",
    0,
  ],
};
const payloadValues: Record<string, unknown[]> = {
  job_id: ["JOB-1", "a.b_c-d", "x".repeat(64), "x".repeat(65), "", "a b", "a/b", 7, null],
  invoice_id: ["INV-1", "", "x".repeat(65), false],
  actor_id: [UUID1, UUID1.toUpperCase(), "not-a-uuid", "", 1],
  recipient_ids: [
    [UUID1],
    [UUID1, UUID1],
    Array(100).fill(UUID1),
    Array(101).fill(UUID1),
    [],
    ["x"],
    UUID1,
    null,
  ],
  old_status: ["Assigned", "x".repeat(40), "x".repeat(41), "", "a@b.co", "é".repeat(40), 1],
  new_status: ["In Progress", "nul\u0000", "lone \ud800", "x".repeat(41)],
  inviter_id: [UUID1, "nope"],
  expires_in: ["1 hour", "x".repeat(41)],
  invite_url: ["https://x.test/i", "ftp://x"],
  reset_url: ["https://x.test/r"],
  email: ["a@b.co"],
  full_name: ["Jane"],
  note: ["hello", { nested: { deeper: 1 } }],
  blob: ["é".repeat(7_000), "é".repeat(9_000)],
};

function check(value: unknown): "fast" | "zod" {
  const fast = fastEnvelope(value);
  if (fast === undefined) return "zod";
  const parsed = parseEnvelope(value);
  assert.deepStrictEqual(fast, parsed, JSON.stringify(value).slice(0, 300));
  assert.equal(JSON.stringify(fast), JSON.stringify(parsed));
  assert.deepEqual(Object.keys(fast.payload), Object.keys(parsed.payload));
  assert.notEqual(fast, value);
  assert.notEqual(fast.payload, (value as { payload: unknown }).payload);
  return "fast";
}

Deno.test("fast envelope: the usual push envelopes are accepted, as zod parses them", () => {
  for (const type of EVENT_TYPES) {
    const e = { ...good(), event_type: type, payload: { job_id: "J", old_status: "A", new_status: "B" } };
    assert.equal(check(e), "fast");
  }
  assert.equal(
    check({ ...good(), payload: { recipient_ids: [UUID1], actor_id: UUID1, expires_in: "1 hour" } }),
    "fast",
  );
  // Key order of the input does not matter: the schema's order comes out.
  const shuffled = {
    payload: { new_status: "B", job_id: "J" },
    created_at: "2026-11-24T10:00:00Z",
    source: "s",
    event_type: "job.status_changed",
    event_id: "01J0ZZ0000000000000000000A",
  };
  assert.equal(check(shuffled), "fast");
});

Deno.test("fast envelope: whatever it accepts, zod parses the same; whatever zod refuses, it leaves to zod", () => {
  let fast = 0;
  const values: unknown[] = [null, [], "x", 1, {}, { ...good(), extra: 1 }, { ...good(), payload: [] }, {
    ...good(),
    payload: null,
  }, (({ source: _, ...rest }) => rest)(good())];
  for (const [field, list] of Object.entries(fieldValues)) {
    for (const v of list) values.push({ ...good(), [field]: v });
  }
  for (const [field, list] of Object.entries(payloadValues)) {
    for (const v of list) values.push({ ...good(), payload: { [field]: v } });
    for (const v of list) values.push({ ...good(), payload: { job_id: "J", [field]: v, new_status: "B" } });
  }
  // Random combinations of the above.
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
  const pick = <T>(xs: T[]) => xs[rand(xs.length)];
  for (let i = 0; i < 1500; i++) {
    const e: Record<string, unknown> = good();
    for (const [field, list] of Object.entries(fieldValues)) if (rand(8) === 0) e[field] = pick(list);
    const payload: Record<string, unknown> = {};
    for (const [field, list] of Object.entries(payloadValues)) {
      if (field !== "blob" && rand(6) === 0) payload[field] = pick(list);
    }
    e.payload = payload;
    values.push(JSON.parse(JSON.stringify(e)));
  }
  for (const v of values) {
    const way = check(v);
    if (way === "fast") fast++;
    else if (envelopeSchema.safeParse(v).success) {
      // Left to zod although valid: only for what the fast check does not cover (URLs, unnamed keys).
      const keys = Object.keys((v as { payload: object }).payload);
      assert.ok(
        keys.some((k) =>
          ![
            "job_id",
            "invoice_id",
            "actor_id",
            "recipient_ids",
            "old_status",
            "new_status",
            "inviter_id",
            "expires_in",
          ].includes(k)
        ),
        JSON.stringify(v).slice(0, 300),
      );
    }
  }
  assert.ok(fast > 40, `${fast} accepted by the fast check`);
});
