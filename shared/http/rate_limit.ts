// The rate-limit step of every service app (createServiceApp, after the gateway's auth): counts the
// request against its buckets (policy.ts) and answers 429 rate_limited with Retry-After when one is over.
// A counter that cannot be written (database trouble) lets the request through: the limit protects
// capacity and cost, it must not turn an outage of its own table into an outage of the platform.
import type { MiddlewareHandler } from "hono";
import type { Platform } from "../platform.ts";
import { errorBody } from "./errors.ts";
import { clientIp, type ClientIpSource } from "./client_ip.ts";
import { rateLimitSubject } from "../validation/ip_address.ts";
import { errorText, log } from "../log.ts";
import type { AuthContext } from "../db/scoped.ts";
import {
  bucketsFor,
  PROPERTIES_RATE_LIMITED,
  propertyBucketsFor,
  rateLimitPolicy,
} from "../ratelimit/policy.ts";
import { hit, pruneCounters } from "../ratelimit/counter.ts";

export { rateLimitPolicy };

const PRUNE_EVERY = 1000;
let sincePrune = 0;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Built once per app: the service's path prefix is compiled here and the client address source comes from
 * the platform's HTTP settings. The policy is looked up per request in the platform's registry (a map
 * lookup, read from the environment once), so a test may override it after the app exists.
 */
export function rateLimit(p: Platform, service: string, ipSource?: ClientIpSource): MiddlewareHandler {
  const prefix = new RegExp(`^.*?/${escapeRegExp(service)}`);
  const trailingSlash = /\/$/;
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return await next();
    const policy = rateLimitPolicy(p);
    const auth = c.get("auth") as AuthContext | undefined;
    const path = c.req.path.replace(prefix, "").replace(trailingSlash, "") || "/";
    const facts = {
      service,
      path,
      method: c.req.method,
      // Per address, an IPv6 caller is its /64 (shared/validation/ip_address.ts).
      ip: rateLimitSubject(clientIp(c, ipSource)),
      role: auth?.role,
      orgId: auth?.orgId,
    };
    const buckets = bucketsFor(policy, facts);
    // Property creation by a widget token: also counted in its own, hour-long window (policy.ts).
    const hourly = propertyBucketsFor(policy, facts);
    if (!buckets.length && !hourly.length) return await next();
    let verdict, code = "rate_limited";
    try {
      verdict = await hit(p.sql, buckets, policy.windowSeconds);
      if (verdict.allowed && hourly.length) {
        verdict = await hit(p.sql, hourly, policy.propertiesWindowSeconds);
        if (!verdict.allowed) code = PROPERTIES_RATE_LIMITED;
      }
    } catch (e) {
      log("warn", "rate limit counter unavailable; request let through", { service, error: errorText(e) });
      return await next();
    }
    if (++sincePrune >= PRUNE_EVERY) {
      sincePrune = 0;
      const longest = Math.max(3600, policy.windowSeconds * 2, policy.propertiesWindowSeconds * 2);
      pruneCounters(p.sql, longest, policy.recipientWindowSeconds * 2).catch(
        () => {},
      );
    }
    if (!verdict.allowed) {
      log("warn", "rate limited", {
        service,
        path,
        bucket: verdict.exceeded?.replace(/:ip:.*/, ":ip"),
        retryAfter: verdict.retryAfterSeconds,
      });
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      const message = code === PROPERTIES_RATE_LIMITED
        ? `Too many properties were created from here; try again in ${verdict.retryAfterSeconds} s`
        : `Too many requests; try again in ${verdict.retryAfterSeconds} s`;
      return c.json(errorBody(code, message), 429);
    }
    await next();
  };
}
