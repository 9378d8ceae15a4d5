import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { exportPKCS8, exportSPKI, generateKeyPair } from "jose";
import { startPubSubDouble } from "../../doubles/pubsub.ts";
import { PubSubBus } from "../../../shared/bus/pubsub.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { override } from "../../../shared/platform.ts";
import { publishEvent } from "../../../shared/events/publish.ts";
import { testPlatform } from "../../support/db.ts";

Deno.test("Pub/Sub adapter: publishes through the REST API with a static token; errors classified", async () => {
  const d = startPubSubDouble({ accessToken: "ya29.static" });
  try {
    const b = new PubSubBus({ projectId: d.project, apiUrl: d.url, accessToken: "ya29.static" });
    const { messageId } = await b.publish("platform.jobs", new TextEncoder().encode('{"a":1}'), {
      event_type: "job.assigned",
    });
    assert.match(messageId, /^\d+$/);
    assert.equal(d.published[0].topic, "platform.jobs");
    assert.equal(Buffer.from(d.published[0].data, "base64").toString(), '{"a":1}');
    assert.deepEqual(d.published[0].attributes, { event_type: "job.assigned" });
    d.script(503); // one 503 is retried by the client
    assert.match((await b.publish("platform.jobs", new Uint8Array([1]))).messageId, /^\d+$/);
    d.script(503, 503, 503);
    await assert.rejects(
      b.publish("platform.jobs", new Uint8Array([1])),
      (e) => e instanceof SeamUnavailableError && e.seam === "bus" && e.retryable && e.status === 503,
    );
    await assert.rejects(
      b.publish("no.such.topic", new Uint8Array([1])),
      (e) => e instanceof SeamUnavailableError && !e.retryable && /404/.test(e.message),
    );
    const bad = new PubSubBus({ projectId: d.project, apiUrl: d.url, accessToken: "ya29.wrong" });
    await assert.rejects(bad.publish("platform.jobs", new Uint8Array([1])), /401/);
  } finally {
    await d.close();
  }
});

Deno.test("Pub/Sub adapter: service-account key → OAuth token (cached) → publish; publishEvent with BUS_PROVIDER=pubsub", async () => {
  const d = startPubSubDouble();
  const p = await testPlatform();
  try {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
    const email = "publisher@solar-test.iam.gserviceaccount.com";
    d.trustServiceAccount(email, await exportSPKI(publicKey));
    const bus = new PubSubBus({
      projectId: d.project,
      apiUrl: d.url,
      serviceAccount: {
        client_email: email,
        private_key: await exportPKCS8(privateKey),
        token_uri: `${d.url}/token`,
      },
    });
    override(p, "bus", bus);
    const a = await publishEvent(p, {
      event_type: "invoice.paid",
      source: "portal",
      payload: { invoice_id: "INV-1" },
    });
    const b = await publishEvent(p, {
      event_type: "auth.account_locked",
      source: "authenticator-service",
      payload: { actor_id: crypto.randomUUID() },
    });
    assert.equal(a.topic, "platform.invoices");
    assert.equal(b.topic, "platform.auth");
    assert.equal(d.tokenRequests, 1, "the access token is cached");
    const env = JSON.parse(Buffer.from(d.published[0].data, "base64").toString());
    assert.equal(env.event_id, a.event_id);
    assert.equal(d.published[0].messageId, a.messageId);
    assert.match(env.created_at, /Z$/);
  } finally {
    await p.close();
    await d.close();
  }
});
