import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { createServiceApp } from "../../../shared/http/app.ts";
import { ErrorSchema as ErrorAnswer } from "../../../shared/http/openapi.ts";
import { errorBody } from "../../../shared/http/errors.ts";
import type { Platform } from "../../../shared/platform.ts";
import { errorText, log } from "../../../shared/log.ts";
import { EVENT_TYPES, eventLabel } from "../../../shared/events/catalogue.ts";
import { notificationConfig } from "../../../shared/notifications/config.ts";
import { safeEqual } from "../../../shared/notifications/crypto.ts";
import { page } from "../../../shared/notifications/pages.ts";
import { handlePush, type PushResult } from "../../../shared/notifications/push.ts";
import { ulid } from "../../../shared/ids.ts";
import { PushAuthError, verifyPushToken } from "../../../shared/notifications/push_auth.ts";
import { preferencesOf, setPreference, userExists } from "../../../shared/notifications/preferences.ts";
import { unsubscribe } from "../../../shared/notifications/unsubscribe.ts";
import {
  applyDeliveryEvent,
  verifyWebhook,
  WebhookBodyError,
  webhookIdOf,
  WebhookSignatureError,
} from "../../../shared/notifications/webhook.ts";

const PushAnswer = z.object({
  status: z.enum(["ok", "duplicate", "failed"]),
  reason: z.string().optional(),
  results: z.array(z.any()).optional(),
});
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});
const html = (description: string) => ({ content: { "text/html": { schema: z.string() } }, description });
const UserParam = z.object({ user_id: z.uuid().openapi({ param: { name: "user_id", in: "path" } }) });
const PreferenceBody = z.object({ event_type: z.enum(EVENT_TYPES), email_enabled: z.boolean() });

/** Private service: not behind the gateway rule; each endpoint has its own auth scheme (SPEC: Authentication 6). */
export function createApp(p: Platform) {
  const app = createServiceApp(p, "notification-service", {
    gatewayAuth: false,
    rawJsonPaths: ["/events/push"],
    description:
      "Event-bus push target, email delivery webhooks, notification preferences and one-click unsubscribe.",
  });

  const internalToken: MiddlewareHandler = async (c, next) => {
    const m = (c.req.header("authorization") ?? "").match(/^Bearer\s+(\S+)$/);
    if (!m || !safeEqual(m[1], notificationConfig(p).internalToken)) {
      return c.json(errorBody("unauthorized", "A valid internal service token is required"), 401);
    }
    await next();
  };

  app.openapi(
    createRoute({
      method: "post",
      path: "/events/push",
      summary: "Event-bus push target (Pub/Sub push format, OIDC bearer token)",
      responses: {
        200: json(PushAnswer, "Handled: sent (ok), duplicate, or permanently failed (acknowledged)"),
        401: json(ErrorAnswer, "Missing or invalid OIDC token (answered before the body is read)"),
        413: json(ErrorAnswer, "Body larger than the limit"),
        500: json(ErrorAnswer, "Transient failure; the bus retries"),
      },
    }),
    // Served by pushFetch below (without the app's middleware); this route documents it and answers
    // when the app is called some other way (app.request in a test, a rewritten path).
    async (c) => {
      const answer = await pushAnswer(p, c.req.header("authorization"), () => c.req.text());
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, answer.status);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/events/webhook",
      summary: "Email provider delivery webhooks (Standard Webhooks signature)",
      responses: {
        200: json(
          z.object({ status: z.enum(["ok", "ignored", "duplicate"]), updated: z.number() }),
          "Applied, ignored, or a webhook id already applied",
        ),
        400: json(ErrorAnswer, "Signed, but the body is not JSON"),
        403: json(ErrorAnswer, "Signature invalid"),
      },
    }),
    async (c) => {
      const raw = await c.req.text();
      let event: unknown;
      try {
        event = verifyWebhook(notificationConfig(p).webhookSecret, raw, c.req.raw.headers);
      } catch (e) {
        if (e instanceof WebhookBodyError) {
          return c.json(
            errorBody("invalid_json", "Webhook body is not valid JSON"),
            400,
          );
        }
        if (!(e instanceof WebhookSignatureError)) throw e;
        log("warn", "webhook rejected", { reason: e.message });
        return c.json(errorBody("invalid_signature", "Webhook signature verification failed"), 403);
      }
      return c.json(await applyDeliveryEvent(p.sql, event, webhookIdOf(c.req.raw.headers)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/preferences/{user_id}",
      summary: "A user's preference rows and the effective value of every event type",
      middleware: [internalToken] as const,
      request: { params: UserParam },
      responses: {
        200: json(z.any(), "Preferences (a missing row means opted in)"),
        401: json(ErrorAnswer, "Bad service token"),
        404: json(ErrorAnswer, "No such user"),
      },
    }),
    async (c) => {
      const { user_id } = c.req.valid("param");
      if (!(await userExists(p.sql, user_id))) {
        return c.json(
          errorBody("user_not_found", "No user has this id"),
          404,
        );
      }
      return c.json(await preferencesOf(p.sql, user_id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/preferences/{user_id}",
      summary: "Upsert one preference",
      middleware: [internalToken] as const,
      request: {
        params: UserParam,
        body: { content: { "application/json": { schema: PreferenceBody } }, required: true },
      },
      responses: {
        200: json(z.any(), "The stored row"),
        400: json(ErrorAnswer, "Invalid body"),
        401: json(ErrorAnswer, "Bad service token"),
        404: json(ErrorAnswer, "No such user"),
      },
    }),
    async (c) => {
      const { user_id } = c.req.valid("param");
      const b = c.req.valid("json");
      if (!(await userExists(p.sql, user_id))) {
        return c.json(
          errorBody("user_not_found", "No user has this id"),
          404,
        );
      }
      return c.json({
        status: "ok",
        preference: await setPreference(p.sql, user_id, b.event_type, b.email_enabled),
      }, 200);
    },
  );

  const unsubscribeHandler = (oneClick: boolean) => async (c: any) => {
    const q = c.req.query() as Record<string, string | undefined>;
    const cfg = notificationConfig(p);
    const params = {
      user_id: q.user_id ?? "",
      event_type: q.event_type ?? "",
      nonce: q.nonce ?? "",
      sig: (q.sig ?? "").toLowerCase(),
    };
    const outcome = /^[0-9a-f-]{36}$/i.test(params.user_id) && /^[0-9A-HJKMNP-TV-Z]{26}$/.test(params.nonce)
      ? await unsubscribe(p.sql, cfg.unsubscribeSecret, params)
      : "tampered";
    const manage = { href: cfg.preferencesUrl, label: "Manage all notification preferences" };
    // Where the platform serves HTML as text/plain (hosted functions without a custom domain), the person is sent
    // to a static confirmation page instead (UNSUBSCRIBE_PAGE_URL: the widget CDN build's unsubscribe.html).
    const staticPage = cfg.unsubscribePageUrl;
    if (staticPage && !oneClick) {
      const result = outcome === "tampered" ? "invalid" : outcome === "nonce_used" ? "used" : "unsubscribed";
      if (result === "unsubscribed") {
        log("info", "unsubscribed", {
          user_id: params.user_id,
          event_type: params.event_type,
          one_click: false,
        });
      }
      return c.redirect(`${staticPage}#${result}`, 303);
    }
    if (outcome === "tampered") {
      return c.html(
        page("Link not valid", "This unsubscribe link is not valid. It may have been altered.", manage),
        403,
      );
    }
    if (outcome === "nonce_used") {
      // A one-click POST repeated by a mail client is still a success: the preference is already off.
      if (oneClick) return c.json({ status: "ok" }, 200);
      return c.html(page("Link already used", "This unsubscribe link has already been used.", manage), 400);
    }
    log("info", "unsubscribed", {
      user_id: params.user_id,
      event_type: params.event_type,
      one_click: oneClick,
    });
    if (oneClick) return c.json({ status: "ok" }, 200);
    return c.html(
      page(
        "You are unsubscribed",
        `You will no longer receive “${eventLabel(params.event_type)}” emails.`,
        manage,
      ),
      200,
    );
  };
  const UnsubQuery = z.object({
    user_id: z.string().optional(),
    event_type: z.string().optional(),
    nonce: z.string().optional(),
    sig: z.string().optional(),
  });
  app.openapi(
    createRoute({
      method: "get",
      path: "/unsubscribe",
      summary: "One-click unsubscribe link (HMAC-signed query)",
      request: { query: UnsubQuery },
      responses: {
        200: html("Confirmation page"),
        400: html("Nonce already used"),
        403: html("Signature tampered"),
      },
    }),
    unsubscribeHandler(false),
  );
  app.openapi(
    createRoute({
      method: "post",
      path: "/unsubscribe",
      summary: "RFC 8058 one-click unsubscribe (body List-Unsubscribe=One-Click)",
      request: { query: UnsubQuery },
      responses: {
        200: json(z.object({ status: z.literal("ok") }), "Unsubscribed"),
        403: html("Signature tampered"),
      },
    }),
    unsubscribeHandler(true),
  );

  // POST /events/push is the hot path (one request per bus message): it skips the service app's
  // middleware (CORS and the browser-facing body checks, which a server-to-server push does not need, and
  // a rate limit that has no bucket for this service) and keeps what it needs itself: the body limit, the
  // request id and one log line per request.
  const honoFetch = app.fetch;
  const pushPath = "/notification-service/events/push";
  app.fetch = (req, env, ctx) =>
    req.method === "POST" && new URL(req.url).pathname === pushPath
      ? pushFetch(p, req)
      : honoFetch(req, env, ctx);
  return app;
}

type ErrorAnswerBody = ReturnType<typeof errorBody>;
type PushAnswerBody = PushResult | ErrorAnswerBody;
type PushOutcome =
  & { about?: Record<string, unknown> }
  & ({ status: 200; body: PushResult } | { status: 401 | 413 | 500; body: ErrorAnswerBody });

/**
 * Authentication, then the body, then the push (shared/notifications/push.ts): 200, 401, 413 or 500 (the bus
 * retries). The body is read only once the caller is authenticated: a stranger cannot hold the connection with
 * a body that never ends (this path skips the service app's timed body reader, shared/http/body_reader.ts).
 * `readText` gives null for a body over the size limit.
 */
async function pushAnswer(
  p: Platform,
  authorization: string | undefined,
  readText: () => Promise<string | null>,
): Promise<PushOutcome> {
  try {
    await verifyPushToken(p, authorization);
  } catch (e) {
    if (!(e instanceof PushAuthError)) throw e;
    log("warn", "push rejected", { reason: e.message });
    return { status: 401, body: errorBody("unauthorized", e.message) };
  }
  const text = await readText();
  if (text === null) {
    return {
      status: 413,
      body: errorBody("payload_too_large", `Request body is larger than ${p.config.maxBodyBytes} bytes`),
    };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const message = (body as { message?: { messageId?: unknown; attributes?: { event_type?: unknown } } })
    ?.message;
  const about = {
    messageId: typeof message?.messageId === "string" ? message.messageId.slice(0, 200) : undefined,
    event_type: typeof message?.attributes?.event_type === "string"
      ? message.attributes.event_type.slice(0, 100)
      : undefined,
  };
  try {
    return { status: 200, body: await handlePush(p, body), about };
  } catch (e) {
    log("error", "push failed transiently; the bus will retry", { ...about, error: errorText(e) });
    return {
      about,
      status: 500,
      body: errorBody("transient_failure", "Temporary failure while handling the message; retry later"),
    };
  }
}

async function pushFetch(p: Platform, req: Request): Promise<Response> {
  const requestId = req.headers.get("x-request-id")?.slice(0, 64) || ulid();
  const started = performance.now();
  let status = 500;
  let body: PushAnswerBody;
  let about: Record<string, unknown> | undefined;
  try {
    ({ status, body, about } = await pushAnswer(
      p,
      req.headers.get("authorization") ?? undefined,
      () => bodyText(req, p.config.maxBodyBytes),
    ));
  } catch (e) {
    // What the app's error handler answers for an unexpected failure (e.g. the push keys not loadable).
    log("error", "unhandled error", { service: "notification-service", requestId, error: errorText(e) });
    status = 500;
    body = errorBody("internal_error", "Unexpected processing failure");
  }
  // The push's one log line: the request, the message and what became of each recipient.
  log(status >= 500 ? "error" : "info", "request", {
    service: "notification-service",
    requestId,
    method: "POST",
    path: new URL(req.url).pathname,
    status,
    ms: Math.round(performance.now() - started),
    ...about,
    outcome: (body as PushResult).status,
    results: (body as PushResult).results,
  });
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "x-request-id": requestId },
  });
}

/** The body as text, or null when it is larger than `max` bytes (a streamed body is read no further). */
async function bodyText(req: Request, max: number): Promise<string | null> {
  const length = req.headers.get("content-length");
  // A declared length is what the server reads (HTTP framing): checked first, then read in one go.
  if (length !== null) return Number(length) > max ? null : await req.text();
  if (!req.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(chunk);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}
