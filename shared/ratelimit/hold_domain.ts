// Booking confirmations per email domain and per partner (docs/security.md, pass 8). A widget booking is a hold until
// the link emailed to the homeowner confirms it (pass 7), and one mailbox gets a bounded number of those emails; but a
// bot that owns a catch-all domain has every mailbox of it, so it could confirm any number of bookings. Per partner,
// one domain gets at most RATE_LIMIT_HOLDS_PER_DOMAIN confirmation emails a window (a day), public mailbox providers
// aside (each of their mailboxes is someone's own; RATE_LIMIT_HOLD_DOMAIN_EXEMPT), and all domains together at most
// RATE_LIMIT_HOLDS_PER_ORG_DAY. The keys hold a hash of the domain, never the domain itself.
import { createHash } from "node:crypto";
import type { Bucket, RateLimitPolicy } from "./policy.ts";
import { mailboxKey } from "./recipient.ts";

export const HOLD_DOMAIN_PREFIX = "hold-domain:";
export const HOLD_ORG_PREFIX = "hold-org:";

/** The domain an address is delivered to (lower case, no trailing dot; googlemail.com is gmail.com). */
export function mailDomain(email: string): string {
  const key = mailboxKey(email);
  return key.slice(key.lastIndexOf("@") + 1);
}

export function holdDomainBuckets(policy: RateLimitPolicy, orgId: string, email: string): Bucket[] {
  const buckets: Bucket[] = [];
  const domain = mailDomain(email);
  if (policy.holdsPerDomain.max > 0 && !policy.holdDomainExempt.includes(domain)) {
    const digest = createHash("sha256").update(domain).digest("base64url").slice(0, 22);
    buckets.push({ key: `${HOLD_DOMAIN_PREFIX}${orgId}:${digest}`, max: policy.holdsPerDomain.max });
  }
  if (policy.holdsPerOrgDay.max > 0) {
    buckets.push({ key: `${HOLD_ORG_PREFIX}${orgId}`, max: policy.holdsPerOrgDay.max });
  }
  return buckets;
}
