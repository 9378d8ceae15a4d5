// The one seam error: mapped once by the HTTP layer (502 upstream / 503 not configured, Retry-After, a public
// message that never carries the provider's answer), and each area's configuration read from a given source.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { ConfigError } from "../../../shared/config.ts";
import { isSeamUnavailable, SeamUnavailableError } from "../../../shared/errors.ts";
import { errorResponse } from "../../../shared/http/app.ts";
import { loadBusConfig } from "../../../shared/bus/index.ts";
import { loadCrmConfig } from "../../../shared/crm/index.ts";
import { loadEmailConfig } from "../../../shared/email/index.ts";
import { loadGeoConfig } from "../../../shared/geo/index.ts";
import { loadInboxConfig } from "../../../shared/inbox/index.ts";
import { loadGeminiConfig, loadOpenAIConfig } from "../../../shared/llm/config.ts";
import { loadRoofConfig } from "../../../shared/roof/index.ts";
import { loadSchedulerConfig } from "../../../shared/scheduling/index.ts";
import { loadStorageConfig } from "../../../shared/storage/index.ts";

async function answer(err: unknown) {
  const app = new Hono();
  app.get("/x", () => {
    throw err;
  });
  app.onError((e, c) => errorResponse(e, c, "test"));
  const res = await app.request("/x");
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

Deno.test("seam error: an upstream failure is 502 <seam>_unavailable with a public message and Retry-After", async () => {
  const e = new SeamUnavailableError(
    "roof_data",
    "Google Solar API: GET /v1/x answered HTTP 500 key AIza-SECRET",
    {
      status: 500,
      retryAfterMs: 29_500,
    },
  );
  assert.equal(e.kind, "upstream");
  assert.equal(e.retryable, true);
  assert.ok(isSeamUnavailable(e, "roof_data") && !isSeamUnavailable(e, "geocoder"));
  const r = await answer(e);
  assert.equal(r.status, 502);
  assert.equal(r.retryAfter, "30");
  assert.equal(r.body.error.code, "roof_data_unavailable");
  assert.equal(r.body.error.message, "The roof data service is unavailable right now; try again shortly");
  assert.ok(!JSON.stringify(r.body).includes("SECRET"));
});

Deno.test("seam error: a seam that is not configured is 503 and not retryable", async () => {
  const e = new SeamUnavailableError("scheduler", "no SCHEDULER_API_URL", { notConfigured: true });
  assert.equal(e.retryable, false);
  const r = await answer(e);
  assert.equal(r.status, 503);
  assert.equal(r.body.error.code, "scheduler_not_configured");
  assert.equal(r.retryAfter, null);
});

Deno.test("config: each area loads its settings from the source it is given, with defaults and named gaps", () => {
  const src = (o: Record<string, string>) => new Map(Object.entries(o));
  assert.deepEqual(loadCrmConfig(src({})), { provider: "embedded" });
  assert.deepEqual(loadCrmConfig(src({ HUBSPOT_ACCESS_TOKEN: "pat" })), {
    provider: "hubspot",
    baseUrl: "https://api.hubapi.com",
    token: "pat",
  });
  assert.deepEqual(
    loadEmailConfig(src({ EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_1", RESEND_TIMEOUT_MS: "900" })),
    {
      provider: "resend",
      resend: { apiKey: "re_1", baseUrl: "https://api.resend.com", timeoutMs: 900 },
    },
  );
  assert.throws(
    () => loadEmailConfig(src({ EMAIL_PROVIDER: "resend" })),
    (e) => e instanceof ConfigError && e.variable === "RESEND_API_KEY",
  );
  assert.throws(
    () => loadSchedulerConfig(src({ SCHEDULER_PROVIDER: "external", SCHEDULER_API_URL: "http://s" })),
    /SCHEDULER_API_KEY/,
  );
  assert.equal(
    loadInboxConfig(
      src({
        INBOX_PROVIDER: "imap",
        IMAP_HOST: "h",
        IMAP_USER: "u",
        IMAP_PASSWORD: "p",
        IMAP_SECURE: "false",
      }),
    ).provider,
    "imap",
  );
  const imap = loadInboxConfig(
    src({ INBOX_PROVIDER: "imap", IMAP_HOST: "h", IMAP_USER: "u", IMAP_PASSWORD: "p", IMAP_SECURE: "false" }),
  );
  assert.equal(imap.provider === "imap" && imap.imap.port, 143);
  assert.deepEqual(loadStorageConfig(src({ SUPABASE_URL: "http://sb" })), { provider: "files" });
  assert.throws(
    () =>
      loadBusConfig(
        src({ BUS_PROVIDER: "pubsub", GCP_PROJECT_ID: "p", GCP_SERVICE_ACCOUNT_JSON: "{not json" }),
      ),
    (e) => e instanceof ConfigError && e.variable === "GCP_SERVICE_ACCOUNT_JSON",
  );
  assert.deepEqual(loadGeoConfig(src({})), { provider: "gazetteer" });
  assert.equal(loadGeoConfig(src({ GOOGLE_MAPS_API_KEY: "k" })).provider, "google");
  assert.throws(() => loadRoofConfig(src({ ROOF_DATA_PROVIDER: "google" })), ConfigError);
  assert.equal(loadGeminiConfig(src({ GEMINI_API_KEY: "g" })).model, "gemini-2.5-flash");
  assert.throws(() => loadOpenAIConfig({}, src({})), /OPENAI_API_KEY/);
  assert.equal(
    loadOpenAIConfig({}, src({ OPENAI_BASE_URL: "http://vllm:8000/v1", OPENAI_MODEL: "q" })).model,
    "q",
  );
});

Deno.test("seam error: an unreachable IMAP server is the inbox's seam error (502 inbox_unavailable), no dovecot needed", async () => {
  const { ImapInbox } = await import("../../../shared/inbox/imap.ts");
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  const inbox = new ImapInbox({
    host: "127.0.0.1",
    port,
    secure: false,
    user: "u",
    password: "secret-password",
    mailbox: "INBOX",
  });
  const e = await inbox.receive(5, () => Promise.resolve()).then(() => undefined, (e) => e);
  assert.ok(isSeamUnavailable(e, "inbox"), String(e));
  assert.ok(!e.message.includes("secret-password"));
  const r = await answer(e);
  assert.equal(r.status, 502);
  assert.equal(r.body.error.code, "inbox_unavailable");
});
