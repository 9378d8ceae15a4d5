// Savings reports emailed on a public widget token's request, bounded per RECIPIENT: whoever holds a partner's
// token (it is in the partner's page) could otherwise have a branded report emailed to any address at the
// `reports` rate, from every address they have. Counted across all partners and all caller addresses, a day-long
// window (RATE_LIMIT_REPORTS_PER_RECIPIENT per RATE_LIMIT_RECIPIENT_WINDOW_SECONDS; 0 turns it off). The key is a
// hash of the address as a mailbox receives it (lower case, `+tag` dropped, dots of a Gmail local part dropped),
// never the address itself. A partner's own staff (signed in) are not counted.
import { createHash } from "node:crypto";
import type { Sql } from "../db/client.ts";
import { DomainError } from "../errors.ts";
import type { Bucket, RateLimitPolicy } from "./policy.ts";
import { hit } from "./counter.ts";
import { HOLD_DOMAIN_PREFIX, HOLD_ORG_PREFIX, holdDomainBuckets } from "./hold_domain.ts";

/** The mailbox an address reaches, for counting: `Jane.Doe+x@GMail.com` and `janedoe@gmail.com` are one. */
export function mailboxKey(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  const raw = email.trim().toLowerCase();
  if (at < 0) return raw;
  let local = raw.slice(0, at).replace(/\+.*$/, "");
  const domain = raw.slice(at + 1).replace(/\.$/, "");
  if (domain === "gmail.com" || domain === "googlemail.com") local = local.replaceAll(".", "");
  return `${local}@${domain === "googlemail.com" ? "gmail.com" : domain}`;
}

export function recipientBucket(policy: RateLimitPolicy, email: string): Bucket | null {
  if (policy.reportsPerRecipient.max <= 0) return null;
  const digest = createHash("sha256").update(mailboxKey(email)).digest("base64url").slice(0, 22);
  return { key: `recipient:${digest}`, max: policy.reportsPerRecipient.max };
}

export class RecipientLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      "rate_limited",
      "recipient_rate_limited",
      "Too many savings reports were sent to this email address; try again later",
    );
  }
}

/** Counts one report email to `email` asked for by a widget token; throws RecipientLimitedError over the limit. */
export async function countReportRecipient(sql: Sql, policy: RateLimitPolicy, email: string): Promise<void> {
  const bucket = recipientBucket(policy, email);
  if (!bucket) return;
  const verdict = await hit(sql, [bucket], policy.recipientWindowSeconds);
  if (!verdict.allowed) throw new RecipientLimitedError(verdict.retryAfterSeconds);
}

/**
 * Counts one booking-confirmation email to `email` asked for by a widget token (a widget booking is a hold until the
 * homeowner confirms it by email; docs/security.md pass 7): the same mailbox key and figures as report emails, in a
 * bucket of its own, so a widget token cannot have confirmation emails sent to one address without bound.
 */
export async function countHoldRecipient(
  sql: Sql,
  policy: RateLimitPolicy,
  email: string,
  orgId: string,
): Promise<void> {
  const bucket = recipientBucket(policy, email);
  const buckets = [
    ...(bucket ? [{ ...bucket, key: `hold-${bucket.key}` }] : []),
    ...holdDomainBuckets(policy, orgId, email),
  ];
  const verdict = await hit(sql, buckets, policy.recipientWindowSeconds);
  if (
    !verdict.allowed &&
    (verdict.exceeded?.startsWith(HOLD_DOMAIN_PREFIX) || verdict.exceeded?.startsWith(HOLD_ORG_PREFIX))
  ) {
    throw Object.assign(
      new DomainError(
        "rate_limited",
        "holds_domain_limited",
        "Too many bookings await confirmation at this email domain (or for this partner) today; try again later",
      ),
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
  if (!verdict.allowed) {
    throw Object.assign(
      new DomainError(
        "rate_limited",
        "recipient_rate_limited",
        "Too many booking confirmations were sent to this email address; try again later",
      ),
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
}
