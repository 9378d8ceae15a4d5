import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { notificationHarness } from "./harness.ts";

const enc = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64");

Deno.test("fuzz: 1,000 malformed push bodies give no 500 and a failed row for each that had a messageId", async () => {
  const h = await notificationHarness();
  try {
    const valid = h.envelope("job.assigned", { job_id: h.jobId });
    // Ways to break a valid envelope so it can never be delivered.
    const brokenEnvelope = fc.oneof(
      fc.constantFrom("event_id", "event_type", "source", "created_at", "payload").map((k) => {
        const e: any = { ...valid };
        delete e[k];
        return e;
      }),
      fc.record({
        k: fc.constantFrom("event_id", "event_type", "source", "created_at", "payload"),
        v: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.array(fc.string())),
      })
        .filter(({ k, v }) =>
          !(k === "source" && typeof v === "string" && /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(v))
        )
        .map(({ k, v }) => ({ ...valid, [k]: v })),
      fc.string({ minLength: 1, maxLength: 30 }).map((t) => ({ ...valid, event_type: `x.${t}` })),
      fc.emailAddress().map((e) => ({ ...valid, payload: { job_id: h.jobId, contact: e } })),
      fc.jsonValue().filter((v) => !v || typeof v !== "object" || Array.isArray(v)),
    );
    const data = fc.oneof(
      brokenEnvelope.map(enc),
      fc.string().map((s) => s + "!*"), // not base64
      fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b).toString("base64")), // random bytes
      fc.string({ minLength: 1 }).map((s) => enc(`{${s}`)), // bad JSON
      fc.constantFrom("", "===", "e30"),
      fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.object()),
    );
    // deno-lint-ignore no-control-regex -- ids with control characters count as "no messageId"
    const controlChars = /[\x00-\x1f\x7f]/;
    const withId = fc.record({
      id: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !controlChars.test(s)),
      data,
    });
    const noId = fc.oneof(
      fc.jsonValue(),
      fc.record({
        message: fc.record({
          data,
          messageId: fc.oneof(fc.integer(), fc.constant(null), fc.constant(""), fc.object()),
        }),
      }),
      fc.record({ message: fc.oneof(fc.string(), fc.integer(), fc.array(fc.integer())) }),
      fc.string().map((s) => `not json ${s}`),
    );
    const samples = fc.sample(fc.oneof({ arbitrary: withId, weight: 3 }, { arbitrary: noId, weight: 1 }), {
      numRuns: 1000,
      seed: 20261122,
    });

    let i = 0;
    const expectedKeys: string[] = [];
    const statuses = new Map<number, number>();
    const run = async (sample: unknown) => {
      let body: unknown = sample;
      if (sample && typeof sample === "object" && "id" in sample && "data" in sample) {
        const key = `fz${i++}-${(sample as { id: string }).id}`;
        expectedKeys.push(key);
        body = { message: { messageId: key, data: (sample as { data: unknown }).data }, subscription: "s" };
      }
      const res = await h.pushRaw(body);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const json = await res.json();
      assert.equal(res.status, 200, JSON.stringify({ body, json }));
      assert.equal(json.status, "failed", JSON.stringify({ body, json }));
    };
    for (let k = 0; k < samples.length; k += 8) await Promise.all(samples.slice(k, k + 8).map(run));
    assert.deepEqual([...statuses.keys()], [200]);
    const rows = await h.p.sql`select idempotency_key, status from public.notification_log`;
    const byKey = new Map(rows.map((r) => [r.idempotency_key as string, r.status as string]));
    for (const key of expectedKeys) assert.equal(byKey.get(key), "failed", `row for ${key}`);
    assert.equal(rows.length, expectedKeys.length);
    assert.equal((await h.emails()).length, 0);
    console.log(`fuzz: ${samples.length} bodies, ${expectedKeys.length} with a messageId, 0 answers of 500`);
  } finally {
    await h.close();
  }
});
