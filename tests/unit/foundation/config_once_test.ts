// Issue 14, item 1: each area's settings are read once (load<Area>Config(source) when the app or the seam is
// made) and handed down; a request never reads the environment. Changing the environment after the app exists
// changes nothing, and an unusable value is a ConfigError naming the variable when the settings are loaded.
import assert from "node:assert/strict";
import { ConfigError, loadCoreConfig } from "../../../shared/config.ts";
import { noDatabase } from "../../support/db.ts";
import { createPlatform, override } from "../../../shared/platform.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { httpConfig, loadHttpConfig } from "../../../shared/http/config.ts";
import { clientIp } from "../../../shared/http/client_ip.ts";
import { billLimits, loadBillLimits } from "../../../shared/bills/limits.ts";
import { emailSender, senderAddress } from "../../../shared/email/index.ts";
import { loadWidgetSettings, widgetSettings } from "../../../shared/widget/config.ts";
import { loadNotificationConfig } from "../../../shared/notifications/config.ts";
import { setLogLevel } from "../../../shared/log.ts";
import { loadTokenConfig } from "../../../shared/auth/tokens.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { lockoutPolicyFromEnv } from "../../../shared/identity/lockout.ts";
import { contractLimits, loadContractLimits } from "../../../shared/contracts/document.ts";
import { inboxRouting, loadInboxRouting } from "../../../shared/email-agent/route.ts";
import { absoluteUrl, links, loadLinkConfig } from "../../../shared/urls.ts";
import { loadPartnerConfig, partnerConfig } from "../../../shared/partner/config.ts";
import { webhookUrlProblem } from "../../../shared/partner/webhook_url.ts";
import { pinnedAddress } from "../../../shared/partner/webhook_transport.ts";

setLogLevel("error");
const platform = (corsOrigins = "*") => createPlatform(noDatabase(), { ...loadCoreConfig(), corsOrigins });
const env = (vars: Record<string, string>) => new Map(Object.entries(vars));

/** Sets variables for the duration of `f` only (the test process shares its environment). */
async function withEnv(vars: Record<string, string>, f: () => unknown) {
  const before = Object.keys(vars).map((k) => [k, Deno.env.get(k)] as const);
  for (const [k, v] of Object.entries(vars)) Deno.env.set(k, v);
  try {
    await f();
  } finally {
    for (const [k, v] of before) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
  }
}

function configErrorOf(f: () => unknown, variable: string) {
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof ConfigError, `a ConfigError, got ${e}`);
    assert.equal(e.variable, variable);
    assert.match(e.message, new RegExp(variable));
    return true;
  });
}

Deno.test("http settings: loaded from a Map, defaults, and an unusable value is a ConfigError naming the variable", () => {
  assert.deepEqual(loadHttpConfig(env({})), {
    clientIpHeader: "x-forwarded-for",
    clientIpProxyHops: 0,
    readinessTimeoutMs: 2000,
    bodyIdleTimeoutMs: 15_000,
    bodyTimeoutMs: 120_000,
    maxJsonDepth: 32,
    maxMultipartParts: 64,
  });
  const c = loadHttpConfig(env({ CLIENT_IP_HEADER: " CF-Connecting-IP ", READINESS_TIMEOUT_MS: "500" }));
  assert.equal(c.clientIpHeader, "cf-connecting-ip");
  assert.equal(c.readinessTimeoutMs, 500);
  configErrorOf(() => loadHttpConfig(env({ READINESS_TIMEOUT_MS: "soon" })), "READINESS_TIMEOUT_MS");
  configErrorOf(() => loadHttpConfig(env({ READINESS_TIMEOUT_MS: "0" })), "READINESS_TIMEOUT_MS");
  configErrorOf(() => loadHttpConfig(env({ CLIENT_IP_HEADER: "x forwarded: for" })), "CLIENT_IP_HEADER");
  configErrorOf(() => loadHttpConfig(env({ MAX_JSON_DEPTH: "deep" })), "MAX_JSON_DEPTH");
  configErrorOf(() => loadHttpConfig(env({ MAX_MULTIPART_PARTS: "0" })), "MAX_MULTIPART_PARTS");
  assert.equal(loadHttpConfig(env({ MAX_MULTIPART_PARTS: "10" })).maxMultipartParts, 10);
  assert.equal(loadHttpConfig(env({ CLIENT_IP_PROXY_HOPS: "2" })).clientIpProxyHops, 2);
  configErrorOf(() => loadHttpConfig(env({ CLIENT_IP_PROXY_HOPS: "-1" })), "CLIENT_IP_PROXY_HOPS");
});

Deno.test("service app: the client address header is fixed when the app is made; a later env change does not move it", async () => {
  const p = platform();
  override(p, "httpConfig", loadHttpConfig(env({ CLIENT_IP_HEADER: "cf-connecting-ip" })));
  const app = createServiceApp(p, "demo-service", { gatewayAuth: false });
  app.get("/ip", (c) => c.text(clientIp(c)));
  const ask = async () =>
    await (await app.fetch(
      new Request("http://x/demo-service/ip", {
        headers: {
          "cf-connecting-ip": "203.0.113.7",
          "x-forwarded-for": "198.51.100.9",
          "x-other": "192.0.2.1",
        },
      }),
    )).text();
  assert.equal(await ask(), "203.0.113.7");
  await withEnv({ CLIENT_IP_HEADER: "x-other" }, async () => {
    assert.equal(await ask(), "203.0.113.7", "the env is not read per request");
  });
});

Deno.test("service app: CORS headers come from the settings at creation (list of origins, preflight, Vary)", async () => {
  const app = createServiceApp(platform("https://a.example, https://b.example"), "demo-service", {
    gatewayAuth: false,
  });
  const get = (origin: string) =>
    app.fetch(new Request("http://x/demo-service/health", { headers: { origin } }));
  const allowed = await get("https://b.example");
  assert.equal(allowed.status, 200);
  assert.equal(allowed.headers.get("access-control-allow-origin"), "https://b.example");
  assert.equal(allowed.headers.get("access-control-expose-headers"), "X-Request-Id,Retry-After");
  assert.match(allowed.headers.get("vary") ?? "", /Origin/);
  assert.ok(allowed.headers.get("x-request-id"));
  assert.deepEqual(await allowed.json(), { status: "ok" });
  const other = await get("https://evil.example");
  assert.equal(other.headers.get("access-control-allow-origin"), null);
  await other.body?.cancel();

  const pre = await app.fetch(
    new Request("http://x/demo-service/anything", {
      method: "OPTIONS",
      headers: { origin: "https://a.example", "access-control-request-method": "POST" },
    }),
  );
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get("access-control-allow-origin"), "https://a.example");
  assert.match(pre.headers.get("access-control-allow-headers") ?? "", /Authorization,apikey,X-Client-Info/);
  assert.match(pre.headers.get("access-control-allow-methods") ?? "", /POST/);
  assert.equal(pre.headers.get("access-control-max-age"), "600");

  const star = await createServiceApp(platform("*"), "demo-service", { gatewayAuth: false }).fetch(
    new Request("http://x/demo-service/health", { headers: { origin: "https://any.example" } }),
  );
  assert.equal(star.headers.get("access-control-allow-origin"), "*");
  await star.body?.cancel();
});

Deno.test("service app: a 404 and an error answer carry the CORS headers too", async () => {
  const app = createServiceApp(platform("https://a.example"), "demo-service", { gatewayAuth: false });
  app.get("/boom", () => {
    throw new ConfigError("SOME_VARIABLE");
  });
  for (const path of ["/nowhere", "/boom"]) {
    const r = await app.fetch(
      new Request(`http://x/demo-service${path}`, { headers: { origin: "https://a.example" } }),
    );
    assert.ok(r.status === 404 || r.status === 503, `${path}: ${r.status}`);
    assert.equal(r.headers.get("access-control-allow-origin"), "https://a.example");
    assert.ok((await r.json()).error.code);
  }
});

Deno.test("bill limits: read once per platform; a later env change does not change them; bad values are ConfigErrors", async () => {
  assert.deepEqual(loadBillLimits(env({ BILL_MAX_FILES: "3" })).maxFiles, 3);
  configErrorOf(() => loadBillLimits(env({ BILL_MAX_FILES: "0" })), "BILL_MAX_FILES");
  configErrorOf(() => loadBillLimits(env({ BILL_MAX_PAGES: "many" })), "BILL_MAX_PAGES");
  const p = platform();
  const first = billLimits(p);
  await withEnv({ BILL_MAX_FILES: String(first.maxFiles + 5) }, () => {
    assert.equal(billLimits(p).maxFiles, first.maxFiles);
  });
});

Deno.test("sender address: from the source once per platform; a header-injecting EMAIL_FROM is a ConfigError", async () => {
  assert.equal(senderAddress(env({ EMAIL_FROM: "Ops <ops@x.example>" })), "Ops <ops@x.example>");
  assert.match(senderAddress(env({})), /@/);
  configErrorOf(
    () => senderAddress(env({ EMAIL_FROM: "a@x.example\r\nBcc: victim@y.example" })),
    "EMAIL_FROM",
  );
  configErrorOf(() => senderAddress(env({ EMAIL_FROM: "nobody" })), "EMAIL_FROM");
  const p = platform();
  const first = emailSender(p);
  await withEnv({ EMAIL_FROM: "Changed <changed@x.example>" }, () => assert.equal(emailSender(p), first));
});

Deno.test("widget settings: map tile URL read once; a URL without {z}/{x}/{y} is a ConfigError", async () => {
  assert.equal(loadWidgetSettings(env({})).mapTileUrl, null);
  assert.equal(
    loadWidgetSettings(env({ WIDGET_MAP_TILE_URL: "https://t.example/{z}/{x}/{y}.png" })).mapTileUrl,
    "https://t.example/{z}/{x}/{y}.png",
  );
  configErrorOf(
    () => loadWidgetSettings(env({ WIDGET_MAP_TILE_URL: "https://t.example/tiles" })),
    "WIDGET_MAP_TILE_URL",
  );
  const p = platform();
  const first = widgetSettings(p);
  await withEnv({ WIDGET_MAP_TILE_URL: "https://other.example/{z}/{x}/{y}.png" }, () => {
    assert.equal(widgetSettings(p).mapTileUrl, first.mapTileUrl);
  });
});

Deno.test("notification settings: every value comes from the given source, none from the process env", async () => {
  const p = platform();
  await withEnv({ PORTAL_URL: "https://from-process-env.example", EMAIL_FROM: "Env <env@x.example>" }, () => {
    const c = loadNotificationConfig(
      p,
      env({
        PORTAL_URL: "https://portal.example/",
        EMAIL_FROM: "Map <map@x.example>",
        PUSH_OIDC_AUDIENCE: "aud-1, aud-2",
        UNSUBSCRIBE_SECRET: "s1",
        INTERNAL_SERVICE_TOKEN: "t1",
        EMAIL_WEBHOOK_SECRET: "whsec_x",
        UNSUBSCRIBE_PAGE_URL: "https://cdn.example/unsubscribe.html",
      }),
    );
    assert.equal(c.portalUrl, "https://portal.example");
    assert.equal(c.preferencesUrl, "https://portal.example/settings/notifications");
    assert.equal(c.from, "Map <map@x.example>");
    assert.deepEqual(c.push.audiences, ["aud-1", "aud-2"]);
    assert.equal(c.unsubscribeSecret, "s1");
    assert.equal(c.unsubscribePageUrl, "https://cdn.example/unsubscribe.html");
  });
  // Deployed (SUPABASE_DB_URL in the source), a missing secret is refused when the settings are loaded.
  configErrorOf(
    () => loadNotificationConfig(p, env({ SUPABASE_DB_URL: "postgres://x" })),
    "EMAIL_WEBHOOK_SECRET",
  );
});

Deno.test("httpConfig(p) is read once and used by every app made from the platform", async () => {
  const p = platform();
  const first = httpConfig(p);
  await withEnv({ READINESS_TIMEOUT_MS: String(first.readinessTimeoutMs + 1) }, () => {
    assert.equal(httpConfig(p), first);
  });
});

Deno.test("token settings: JWT_EXTRA_ISSUERS is parsed from the source (trimmed, empties dropped)", () => {
  assert.deepEqual(loadTokenConfig(env({})).extraIssuers, []);
  assert.deepEqual(
    loadTokenConfig(env({ JWT_EXTRA_ISSUERS: " https://a.example/auth/v1 ,, https://b.example " }))
      .extraIssuers,
    ["https://a.example/auth/v1", "https://b.example"],
  );
});

Deno.test("contract limits and inbox routing: loaded from the source once per platform", async () => {
  assert.equal(loadContractLimits(env({ CONTRACT_MAX_PAGES: "7" })).maxPages, 7);
  configErrorOf(() => loadContractLimits(env({ CONTRACT_MAX_FILE_BYTES: "-1" })), "CONTRACT_MAX_FILE_BYTES");
  assert.equal(loadInboxRouting(env({})).defaultOrgSlug, undefined);
  assert.equal(
    loadInboxRouting(env({ INBOX_DEFAULT_ORG_SLUG: " sunny-solar " })).defaultOrgSlug,
    "sunny-solar",
  );
  const p = platform();
  const limits = contractLimits(p);
  const routing = inboxRouting(p);
  await withEnv(
    { CONTRACT_MAX_FILES: String(limits.maxFiles + 1), INBOX_DEFAULT_ORG_SLUG: "changed" },
    () => {
      assert.equal(contractLimits(p).maxFiles, limits.maxFiles);
      assert.equal(inboxRouting(p).defaultOrgSlug, routing.defaultOrgSlug);
    },
  );
});

Deno.test("rate limits and sign-in lockout: loaded from a source (0 turns a rate limit off)", () => {
  const r = rateLimitPolicyFromEnv(env({ RATE_LIMIT_SIGNIN_PER_IP: "0", RATE_LIMIT_WINDOW_SECONDS: "30" }));
  assert.equal(r.signinPerIp.max, 0);
  assert.equal(r.windowSeconds, 30);
  assert.equal(lockoutPolicyFromEnv(env({ LOGIN_MAX_FAILURES: "3" })).maxFailures, 3);
  configErrorOf(
    () => rateLimitPolicyFromEnv(env({ RATE_LIMIT_LEADS_PER_IP: "twenty" })),
    "RATE_LIMIT_LEADS_PER_IP",
  );
});

Deno.test("links: CONSOLE_URL (default $PUBLIC_URL/console/) read once per platform; a non-http URL is a ConfigError", async () => {
  assert.deepEqual(loadLinkConfig("https://pub.example/", env({})), {
    publicUrl: "https://pub.example",
    consoleUrl: "https://pub.example/console/",
  });
  assert.equal(
    loadLinkConfig("https://pub.example", env({ CONSOLE_URL: "https://console.example/app" })).consoleUrl,
    "https://console.example/app/",
  );
  configErrorOf(
    () => loadLinkConfig("https://pub.example", env({ CONSOLE_URL: "console.example" })),
    "CONSOLE_URL",
  );
  configErrorOf(
    () => loadLinkConfig("https://pub.example", env({ CONSOLE_URL: "javascript:x" })),
    "CONSOLE_URL",
  );
  const p = platform();
  const first = links(p);
  assert.equal(first.publicUrl, p.config.publicUrl);
  await withEnv({ CONSOLE_URL: "https://later.example/", PUBLIC_URL: "https://later.example" }, () => {
    assert.deepEqual(links(p), first);
    assert.equal(absoluteUrl(links(p).publicUrl, "/demo/logo.svg"), `${first.publicUrl}/demo/logo.svg`);
  });
  assert.equal(
    absoluteUrl("https://pub.example", "logo.svg"),
    null,
    "a relative path without / is not a link",
  );
  const n = loadNotificationConfig(p, env({ CONSOLE_URL: "https://console.example" }));
  assert.equal(n.consoleUrl, "https://console.example/");
  configErrorOf(() => loadNotificationConfig(p, env({ CONSOLE_URL: "ftp://x.example" })), "CONSOLE_URL");
});

Deno.test("partner settings: invitation lifetime and private webhooks read once per platform; bad values are ConfigErrors", async () => {
  assert.deepEqual(loadPartnerConfig(env({})), {
    invitationTtlHours: 168,
    webhookAllowPrivate: false,
    webhookPorts: [443],
    webhooksMax: 10,
    invitationsPerDay: 50,
  });
  assert.deepEqual(
    loadPartnerConfig(
      env({
        PARTNER_INVITATION_TTL_HOURS: "48",
        PARTNER_WEBHOOK_ALLOW_PRIVATE: "TRUE",
        PARTNER_WEBHOOK_PORTS: " 443, 8443,443",
        PARTNER_WEBHOOKS_MAX: "3",
        PARTNER_INVITATIONS_PER_DAY: "20",
      }),
    ),
    {
      invitationTtlHours: 48,
      webhookAllowPrivate: true,
      webhookPorts: [443, 8443],
      webhooksMax: 3,
      invitationsPerDay: 20,
    },
  );
  for (const bad of ["0", "-1", "2.5", "ten"]) {
    configErrorOf(() => loadPartnerConfig(env({ PARTNER_WEBHOOKS_MAX: bad })), "PARTNER_WEBHOOKS_MAX");
    configErrorOf(
      () => loadPartnerConfig(env({ PARTNER_INVITATIONS_PER_DAY: bad })),
      "PARTNER_INVITATIONS_PER_DAY",
    );
  }
  for (const bad of ["0", "65536", "443,", "443;80", "https", "-1", "8443.0"]) {
    configErrorOf(() => loadPartnerConfig(env({ PARTNER_WEBHOOK_PORTS: bad })), "PARTNER_WEBHOOK_PORTS");
  }
  for (const bad of ["0", "-5", "1.5", "a week", "100000"]) {
    configErrorOf(
      () => loadPartnerConfig(env({ PARTNER_INVITATION_TTL_HOURS: bad })),
      "PARTNER_INVITATION_TTL_HOURS",
    );
  }
  configErrorOf(
    () => loadPartnerConfig(env({ PARTNER_WEBHOOK_ALLOW_PRIVATE: "maybe" })),
    "PARTNER_WEBHOOK_ALLOW_PRIVATE",
  );
  const p = platform();
  const first = partnerConfig(p);
  await withEnv({ PARTNER_INVITATION_TTL_HOURS: "1", PARTNER_WEBHOOK_ALLOW_PRIVATE: "true" }, () => {
    assert.deepEqual(partnerConfig(p), first);
  });
  // The check takes the setting it is given, never the process env.
  const noDns = () => Promise.reject(new Error("an IP literal is not resolved"));
  await withEnv({ PARTNER_WEBHOOK_ALLOW_PRIVATE: "true" }, async () => {
    assert.match(webhookUrlProblem("http://127.0.0.1/x", false) ?? "", /https/);
    assert.equal(webhookUrlProblem("http://127.0.0.1/x", true), null);
    await assert.rejects(pinnedAddress(new URL("https://127.0.0.1/x"), false, noDns), /private/);
  });
  assert.equal(await pinnedAddress(new URL("https://127.0.0.1/x"), true, noDns), "127.0.0.1");
});
